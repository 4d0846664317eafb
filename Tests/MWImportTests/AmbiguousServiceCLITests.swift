import Foundation
import MWTestSupport
import Testing

/// A file two services both claim is an error the exit code shows — 1, the code of a run with
/// problems (docs/IMPORT.md "Exit codes", and step 1 of "The command") — naming both
/// services, and nothing of it is read until `--from` names one. The built binary on our own
/// files, offline.
@Suite("mwkit import: two services claiming one file (CLI)", .serialized)
struct AmbiguousServiceCLITests {
    /// A spreadsheet that joined an IMDb ratings export and a TMDb ratings export: it carries
    /// both signatures (IMDb's `Const`, `Title`, `Your Rating`; TMDb's `TMDb ID`, `Type`,
    /// `Name`, `Your Rating`, `Date Rated`).
    static let films = """
    Const,Title,Your Rating,TMDb ID,Type,Name,Date Rated
    tt9000011,Hollow Crown Road,8,1011,movie,Hollow Crown Road,2024-01-02

    """

    /// A book CSV with both Goodreads' header (`Book Id`, `Title`, `Author`, `Exclusive Shelf`)
    /// and StoryGraph's (`Title`, `ISBN/UID`, `Read Status`).
    static let books = """
    Book Id,Title,Author,Exclusive Shelf,ISBN/UID,Read Status
    4001,The Lantern Road,Mara Quill,read,9780306406157,read

    """

    @Test func aFilmFileBothClaimExitsOneNamingBoth() async throws {
        let fx = try Fixture()
        let file = try fx.write("joined/ratings.csv", Self.films)
        let args = ["import", file.path, "--offline", "-o", fx.url("out.json").path, "--review", fx.url("review.csv").path]
        let r = try await ImportCLITests.mwkit(args, fx: fx)
        #expect(r.status == 1, "\(r.stderr)\n\(r.stdout)")
        let said = (r.stderr + r.stdout).split(whereSeparator: \.isNewline).filter { $0.contains("import-ambiguous-service") || $0.contains("both") }
        #expect(said.contains { $0.contains("ratings.csv") && $0.contains("IMDb") && $0.contains("TMDb") }, "\(r.stderr)\n\(r.stdout)")
        // Named with --from, the file is read as that service's.
        let chosen = try await ImportCLITests.mwkit(args + ["--from", "imdb"], fx: fx)
        #expect(chosen.status == 0 && !chosen.stderr.contains("import-ambiguous-service"), "\(chosen.stderr)\n\(chosen.stdout)")
    }

    @Test func aBookFileBothClaimExitsOneNamingBoth() async throws {
        let fx = try Fixture()
        let file = try fx.write("joined/books.csv", Self.books)
        let r = try await ImportCLITests.mwkit(["import", file.path, "-o", fx.url("books.json").path], fx: fx)
        #expect(r.status == 1, "\(r.stderr)\n\(r.stdout)")
        let said = (r.stderr + r.stdout).split(whereSeparator: \.isNewline).filter { $0.contains("both") }
        #expect(said.contains { $0.contains("books.csv") && $0.contains("Goodreads") && $0.contains("StoryGraph") }, "\(r.stderr)\n\(r.stdout)")
    }
}
