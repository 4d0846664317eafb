import Foundation
import MWCore
import MWJobs
import Testing

@Suite("Format registry")
struct RegistryTests {
    /// The one registry line a new format needs.
    static let registry = try! FormatRegistry.standard.adding(.tinyLines)

    func write(_ text: String) throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: u)
        return u
    }

    @Test func aNewReadOnlyFormatIsOneFileAndOneRegistryLine() throws {
        let url = try write("#tiny-lines\n603\tmovie\tThe Matrix\t1999\n1396\ttv\tBreaking Bad\t2008\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let loaded = try BackupLoader(registry: Self.registry).loadValid(url.path, options: .init())
        #expect(loaded.result.format == "tiny-lines")
        #expect(loaded.result.library?.titles.map(\.tmdbId) == [603, 1396])

        // Every writer of the registry takes it out, and the standard reader reads that back valid.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let done = try LibraryWriter.write(loaded, as: .mediawatchV1, to: out)
        #expect(!done.steps.isEmpty, "v2 → v1 takes a migration step")
        let back = try BackupLoader().loadValid(out.path, options: .init())
        #expect(back.result.format == .mediawatchV1)
        #expect(back.result.library?.titles.map(\.metadata?.title) == ["The Matrix", "Breaking Bad"])
    }

    @Test func detectionIsByContentAndScore() throws {
        let tiny = ContentSniff(prefix: Array("#tiny-lines\n".utf8), path: "x.json")
        #expect(Self.registry.detect(tiny)?.name == "tiny-lines")
        // Without its line the format is unknown: the JSON reader (lowest score) takes the input.
        #expect(FormatRegistry.standard.detect(tiny)?.name == .mediawatchV1)
        let zip = ContentSniff(prefix: [0x50, 0x4B, 3, 4, 0, 0], path: "backup.json")
        #expect(Self.registry.detect(zip)?.name == .mediawatchZip)
    }

    @Test func helpAndNamesComeFromTheRegistry() {
        #expect(Self.registry.readableNames.contains("tiny-lines"))
        #expect(!Self.registry.writableNames.contains("tiny-lines"))
        #expect(Self.registry.helpText.contains("tiny-lines (films, read): test-only"))
        #expect(["mediawatch-v1", "mediawatch-v2", "mediawatch-zip", "bookstrack-v1", "letterboxd", "imdb", "goodreads"].allSatisfy(FormatRegistry.standard.writableNames.contains))
        // Services are formats: the same registry lists them, with their family and older names.
        // (a subsequence: a new service is one registry line, and this test need not change)
        let names = FormatRegistry.standard.services.map(\.name.rawValue)
        let known = ["letterboxd", "imdb", "trakt", "tvtime", "goodreads", "storygraph", "librarything"]
        #expect(names.filter(known.contains) == known)
        #expect(FormatRegistry.standard.helpText.contains("letterboxd (films, read, write, also letterboxd-csv):"))
        #expect(FormatRegistry.standard.serviceList("books").hasPrefix("Goodreads, StoryGraph"))
    }

    @Test func aWriteSwitchGoesOnlyToAFormatThatDeclaresIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("switch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let options = WriteOptions(switches: ["rating-from-liked"])
        let json = dir.appendingPathComponent("out.json")
        #expect(throws: MWError.self) { try LibraryWriter.write(Library(), version: 2, as: .mediawatchV1, to: json, options: options) }
        #expect(!FileManager.default.fileExists(atPath: json.path))
        let csv = dir.appendingPathComponent("out.csv")
        let letterboxd = try #require(FormatRegistry.standard.format(named: "letterboxd-csv"))
        #expect(letterboxd.name == "letterboxd" && letterboxd.writeSwitches.contains("rating-from-liked") && letterboxd.isReadable && letterboxd.isService)
        _ = try LibraryWriter.write(Library(), version: 2, as: letterboxd, to: csv, options: options)
        #expect(FileManager.default.fileExists(atPath: csv.path))
    }

    @Test func aBadRowIsADiagnosticWithItsLineAndRow() throws {
        let url = try write("#tiny-lines\n603\tmovie\tThe Matrix\n")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: InvalidBackup.self) { try BackupLoader(registry: Self.registry).loadValid(url.path, options: .init()) }
        let r = try BackupLoader(registry: Self.registry).load(url.path, options: .init()).result
        let d = try #require(r.diagnostics.first)
        #expect(d.line == 2 && d.row == 1 && d.code == "tiny-malformed")
        #expect(TextReporter().render([FileReport(path: "t.txt", read: r)]).hasPrefix("t.txt:2:1: error: [tiny-malformed] row 1: expected 4"))
    }
}
