import Foundation
import MWBooks
import MWCore
import MWImport
import MWJobs
import Testing

/// An input is detected once (issue 29 §3): what `mwkit import`'s routing read, parsed and
/// detected is what the import reads. Each source file is changed on disk after the routing:
/// an import that opened it again would read the new content.
@Suite struct DetectOnceTests {
    static let registry = ServiceRegistryTests.registry

    @Test func theFilmImportReadsWhatTheRoutingRead() async throws {
        let dir = try ServiceRegistryTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let export = folder.appendingPathComponent("my-films.csv")
        try Data("tiny_tmdb,tiny_title,tiny_year,tiny_stars\n603,The Matrix,1999,4.5\n550,Fight Club,1999,5\n".utf8).write(to: export)
        let routed = try Self.registry.routed([folder], from: nil)
        #expect(routed.route == .films)
        try Data("tiny_tmdb,tiny_title,tiny_year,tiny_stars\n13,Forrest Gump,1994,3\n".utf8).write(to: export)

        var o = ImportJobOptions(sources: [folder])
        o.registry = Self.registry
        o.routed = routed
        o.dryRun = true
        o.tmdb.offline = true
        o.tmdb.cachePath = dir.appendingPathComponent("cache.sqlite").path
        let outcome = try await ImportJob.run(o, environment: [:])
        #expect(outcome.library.titles.map(\.tmdbId).sorted() == [550, 603])
        #expect(outcome.report.files.map(\.file) == [folder.path + "/my-films.csv"])

        // Without the routing's files, the import reads the file as it is now.
        o.routed = nil
        #expect(try await ImportJob.run(o, environment: [:]).library.titles.map(\.tmdbId) == [13])
    }

    @Test func theBookImportReadsWhatTheRoutingDetected() throws {
        let dir = try ServiceRegistryTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let export = dir.appendingPathComponent("shelf.csv")
        let readme = dir.appendingPathComponent("README.txt")
        try Data("tiny_isbn,tiny_book,tiny_author,tiny_read\n9780261103573,The Fellowship of the Ring,J. R. R. Tolkien,yes\n9780441172719,Dune,Frank Herbert,no\n".utf8).write(to: export)
        try Data("notes\n".utf8).write(to: readme)
        let routed = try Self.registry.routed([dir], from: nil)
        #expect(routed.route == .books && routed.books?.count == 2)
        try Data("tiny_isbn,tiny_book,tiny_author,tiny_read\n9780451524935,1984,George Orwell,yes\n".utf8).write(to: export)

        var o = BookImportJob.Options(sources: [dir])
        o.registry = Self.registry
        o.detected = routed.books
        o.dryRun = true
        let first = try BookImportJob.run(o)
        #expect(first.result.library.works.map(\.title).sorted() == ["Dune", "The Fellowship of the Ring"])
        // The README is still named as not an export, from the routing's detection.
        #expect(first.result.files.map(\.file).sorted() == [export.relativePath, readme.relativePath].sorted())
        #expect(first.result.files.first { $0.file == readme.relativePath }?.source == nil)

        o.detected = nil
        #expect(try BookImportJob.run(o).result.library.works.map(\.title) == ["1984"])
    }
}
