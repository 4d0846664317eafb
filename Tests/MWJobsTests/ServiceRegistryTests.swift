import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWImport
import MWJobs
import Testing

/// Services are formats: a new service of either family is one file (TinyFilmsService.swift,
/// TinyBooksService.swift) plus one registry line — below, `adding(…)` — and is then detected,
/// imported, matched or merged, summarised, validated and written back out by the same jobs as
/// the built-in ones. Detection is specific: a file carrying no service's signature, or two
/// services' at once, is refused with the names of what was tried.
@Suite struct ServiceRegistryTests {
    /// The one registry line.
    static let registry = try! FormatRegistry.standard.adding(.tinyFilms).adding(.tinyBooks)

    static func temp() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aNewFilmServiceIsDetectedImportedMatchedSummarisedAndWrittenBack() async throws {
        let dir = try Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let export = dir.appendingPathComponent("my-films.csv")
        try Data("tiny_tmdb,tiny_title,tiny_year,tiny_stars\n603,The Matrix,1999,4.5\n550,Fight Club,1999,5\n".utf8).write(to: export)

        #expect(try Self.registry.route([export], from: nil) == .films)
        var o = ImportJobOptions(sources: [export])
        o.registry = Self.registry
        // Imported straight into its own format: written back out through the one write path.
        let back = dir.appendingPathComponent("back.csv")
        o.output = back
        o.format = .tinyFilms
        o.tmdb.offline = true  // matched by the TMDb IDs in the file: no request
        o.tmdb.cachePath = dir.appendingPathComponent("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        let outcome = try await ImportJob.run(o, environment: [:])
        #expect(outcome.report.exitCode == 0)
        #expect(outcome.report.files.map(\.file) == [export.path])
        #expect(outcome.report.files.map(\.service) == ["tinyfilms"] && outcome.report.files.first?.matchedByID == 2)
        #expect(outcome.library.titles.map(\.tmdbId).sorted() == [550, 603])
        #expect(outcome.library.titles.flatMap(\.ratings).map(\.value).sorted() == [4.5, 5])
        #expect(try String(contentsOf: back, encoding: .utf8) == "tiny_tmdb,tiny_title,tiny_year,tiny_stars\n550,Fight Club,1999,5.0\n603,The Matrix,1999,4.5\n")

        // validate knows it too: which service, each malformed row with its line.
        try Data("tiny_tmdb,tiny_title,tiny_year,tiny_stars\n603,The Matrix,1999,4.5\nxx,,,\n".utf8).write(to: export)
        let loaded = try BackupLoader(registry: Self.registry).load(export.path, options: ReadOptions())
        #expect(loaded.result.format == "tinyfilms" && !loaded.result.isValid)
        #expect(loaded.result.diagnostics.first { $0.severity == .error }?.line == 3)
    }

    @Test func aNewBookTrackerIsDetectedImportedMergedSummarisedAndWrittenBack() throws {
        let dir = try Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let export = dir.appendingPathComponent("shelf.csv")
        try Data("tiny_isbn,tiny_book,tiny_author,tiny_read\n9780261103573,The Fellowship of the Ring,J. R. R. Tolkien,yes\n9780441172719,Dune,Frank Herbert,no\n".utf8).write(to: export)
        #expect(try Self.registry.route([export], from: nil) == .books)

        var o = BookImportJob.Options(sources: [export])
        o.registry = Self.registry
        o.output = dir.appendingPathComponent("books.json")
        let first = try BookImportJob.run(o)
        #expect(first.exitCode == 0)
        #expect(first.result.files.map(\.source) == ["tinybooks"] && first.result.files.map(\.layout) == ["tinybooks-1"])
        #expect(first.text().contains("tinybooks"))
        #expect(first.result.library.works.map(\.title).sorted() == ["Dune", "The Fellowship of the Ring"])

        // Merged: the same export into the library it made changes nothing.
        o.mergeInto = o.output
        o.output = dir.appendingPathComponent("books-2.json")
        let again = try BookImportJob.run(o)
        #expect(again.result.library.works.count == 2 && again.result.library.entries.count == 2)
        #expect(again.result.files.first?.merged == 2)

        // Written back out in its own format through the one write path, and read again.
        let back = dir.appendingPathComponent("back.csv")
        _ = try LibraryWriter.write(again.result.library, as: .tinyBooks, to: back)
        #expect(try String(contentsOf: back, encoding: .utf8)
            == "tiny_isbn,tiny_book,tiny_author,tiny_read\n9780441172719,Dune,Frank Herbert,no\n9780261103573,The Fellowship of the Ring,J. R. R. Tolkien,yes\n")
        let loaded = try BackupLoader(registry: Self.registry).load(back.path, options: ReadOptions())
        #expect(loaded.result.format == "tinybooks" && loaded.result.variant == "tinybooks-1" && loaded.result.isValid)
        #expect((loaded.result.model as? BookLibrary)?.works.count == 2)
    }

    @Test func anotherTrackersCSVIsNotReadAsLetterboxd() throws {
        let dir = try Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Movary's history.csv and Simkl's CSV backup share `title` and id columns with
        // Letterboxd's import format; their own columns tell them apart.
        let movary = dir.appendingPathComponent("history.csv")
        try Data("title,year,tmdbId,imdbId,watchedAt,comment,location\nHeat,1995,949,tt0113277,2024-01-02,,\n".utf8).write(to: movary)
        let simkl = dir.appendingPathComponent("simkl.csv")
        try Data("SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB\n1,Heat,movie,1995,completed,,2024-01-02,4,,,949,tt0113277\n".utf8).write(to: simkl)
        for file in [movary, simkl] {
            let export = MWImport.read(sources: [file], options: ImportOptions(readers: Self.registry.filmReaders))
            #expect(!export.files.contains { $0.service == .letterboxd } && !export.items.contains { $0.source.service == .letterboxd })
            let loaded = try BackupLoader(registry: Self.registry).load(file.path, options: ReadOptions())
            #expect(loaded.result.format != "letterboxd")
        }
        // Movary's own file is Movary's, Simkl's Simkl's; a tracker's CSV no reader knows is
        // nobody's: refused with the list of what was tried (by validate too: no service claims it).
        #expect(MWImport.read(sources: [movary], options: ImportOptions(readers: Self.registry.filmReaders)).files.map(\.service) == ["movary"])
        #expect(MWImport.read(sources: [simkl], options: ImportOptions(readers: Self.registry.filmReaders)).files.map(\.service) == ["simkl"])
        let other = dir.appendingPathComponent("other.csv")
        try Data("Title,Year,tmdb_ref,seen_on\nHeat,1995,949,2024-01-02\n".utf8).write(to: other)
        let nobody = MWImport.read(sources: [other], options: ImportOptions(readers: Self.registry.filmReaders))
        let tried = withArticle(listing(Self.registry.filmReaders.map(\.displayName)))
        #expect(nobody.items.isEmpty && nobody.diagnostics.contains { $0.message.contains("is not a file of \(tried) export") })
        let unclaimed = try BackupLoader(registry: Self.registry).load(other.path, options: ReadOptions())
        #expect(unclaimed.result.format.flatMap { Self.registry.format(named: $0.rawValue) }?.isService != true && !unclaimed.result.isValid)
        // Letterboxd's own import format is still Letterboxd's.
        let lb = dir.appendingPathComponent("import.csv")
        try Data("tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review\n949,tt0113277,Heat,1995,4,2024-01-02,,,\n".utf8).write(to: lb)
        #expect(MWImport.read(sources: [lb], options: ImportOptions(readers: Self.registry.filmReaders)).items.count == 1)
    }

    @Test func twoServicesClaimingOneFileIsAnErrorNamingBoth() throws {
        let dir = try Self.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("x.csv")
        try Data("tiny_tmdb,tiny_title,tiny_year,tiny_stars\n603,The Matrix,1999,4.5\n".utf8).write(to: file)
        var twin = FormatDescriptor.filmService(TwinFilms(), summary: "test-only: claims Tiny Films' files too")
        twin.aliases = []
        let registry = try Self.registry.adding(twin)
        let export = MWImport.read(sources: [file], options: ImportOptions(readers: registry.filmReaders))
        #expect(export.items.isEmpty)
        #expect(export.diagnostics.contains { $0.severity == .error && $0.message.contains("both Tiny Films and Twin") })
        // --from decides.
        let chosen = MWImport.read(sources: [file], options: ImportOptions(services: ["tinyfilms"], readers: registry.filmReaders))
        #expect(chosen.items.count == 1)
        #expect(throws: MWError.self) { try BackupLoader(registry: registry).load(file.path, options: ReadOptions()) }
    }

    @Test func fromNamesAServiceOfTheRegistry() throws {
        #expect(throws: MWError.self) { try FormatRegistry.standard.service(named: "mediawatch-v1") }
        #expect(try FormatRegistry.standard.service(named: "letterboxd-csv").name == "letterboxd")
        #expect(try Self.registry.route([], from: "tinybooks") == .books)
    }
}

/// Claims whatever Tiny Films claims: two services with one signature.
struct TwinFilms: FilmServiceReader {
    var name: String { "twin" }
    var displayName: String { "Twin" }
    func role(of file: ExportFile, _ content: ExportContent) -> String? { TinyFilms().role(of: file, content) }
    func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options: ImportOptions) {
        TinyFilms().read(files, into: c, options: options)
    }
}
