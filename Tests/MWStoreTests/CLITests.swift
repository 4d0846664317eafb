import Foundation
import MWTestSupport
import MWCore
import Testing
@testable import MWStore

/// `mwkit restore` / `mwkit archive` end to end through the built binary.
@Suite struct CLITests {
    typealias Run = MWKitBinary.Run

    static func mwkit(_ args: [String], env: [String: String] = [:]) throws -> Run {
        _ = try CrashSafetyTests.mwkitBinary()
        return try MWKitBinary.run(args, env: env)
    }

    @Test func archiveOfARestoredArchiveIsByteIdentical() throws {
        let dir = Fixtures.scratch()
        let src = dir.appendingPathComponent("src.json")
        try BackupIO.write(Fixtures.library(), as: .mediawatchV2, to: src)
        let env = ["SOURCE_DATE_EPOCH": "1700000000"]
        let a = dir.appendingPathComponent("a.sqlite").path, b = dir.appendingPathComponent("b.sqlite").path
        #expect(try Self.mwkit(["restore", src.path, "--db", a, "--strategy", "replace"], env: env).status == 0)
        let first = dir.appendingPathComponent("first.json").path
        #expect(try Self.mwkit(["archive", "--db", a, "-o", first], env: env).status == 0)
        #expect(try Self.mwkit(["restore", first, "--db", b, "--strategy", "replace"], env: env).status == 0)
        let second = dir.appendingPathComponent("second.json").path
        #expect(try Self.mwkit(["archive", "--db", b, "-o", second], env: env).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"exportDate\": \"2023-11-14T22:13:20Z\""))
        // and the archive holds what was restored
        let back = try #require(BackupIO.read(data: [UInt8](bytes)).library)
        var expected = Fixtures.library()
        expected.exportDate = back.exportDate
        #expect(back == expected)
    }

    /// SOURCE_DATE_EPOCH fixes what mwkit stamps, but never makes the user's own dates look
    /// later than the export.
    @Test func aFixedEpochNeverMakesUserDatesImplausible() throws {
        let dir = Fixtures.scratch()
        let src = dir.appendingPathComponent("src.json")
        let lib = Fixtures.library()
        let latest = try #require(lib.latestUserDate)
        try BackupIO.write(lib, as: .mediawatchV2, to: src)
        let db = dir.appendingPathComponent("a.sqlite").path
        #expect(try Self.mwkit(["restore", src.path, "--db", db, "--strategy", "replace"]).status == 0)
        for epoch in ["0", String(Int(latest.timeIntervalSince1970) + 86_400 * 400)] {
            let out = dir.appendingPathComponent("out-\(epoch).json")
            let env = ["SOURCE_DATE_EPOCH": epoch]
            #expect(try Self.mwkit(["archive", "--db", db, "-o", out.path], env: env).status == 0)
            let read = BackupIO.read(data: [UInt8](try Data(contentsOf: out)))
            #expect(!read.diagnostics.contains { $0.code == "date-implausible" }, "\(read.diagnostics.map(\.message))")
            let stamped = try #require(read.library?.exportDate)
            #expect(stamped == (epoch == "0" ? latest : Date(timeIntervalSince1970: TimeInterval(epoch)!)))
            let stats = try Self.mwkit(["stats", out.path], env: env)
            #expect(stats.status == 0 && !stats.stderr.contains("date-implausible"))
        }
    }

    @Test func invalidBackupIsRefusedAndTheDatabaseUntouched() throws {
        let dir = Fixtures.scratch()
        let db = dir.appendingPathComponent("lib.sqlite")
        let store = try Fixtures.store(with: Fixtures.library())
        try store.close()
        try FileManager.default.copyItem(at: store.url, to: db)
        let before = try Data(contentsOf: db)
        let bad = dir.appendingPathComponent("bad.json")
        var lib = Fixtures.library()
        lib.titles[0].tmdbId = -5
        try BackupIO.write(lib, as: .mediawatchV2, to: bad)
        let r = try Self.mwkit(["restore", bad.path, "--db", db.path, "--strategy", "replace"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("title-tmdbid-positive"))
        #expect(r.stderr.contains("/titles/0/tmdbId"))
        #expect(try Data(contentsOf: db) == before)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: dir.path).contains { $0.contains("snapshot") })
        let missing = dir.appendingPathComponent("never.sqlite")
        #expect(try Self.mwkit(["restore", bad.path, "--db", missing.path]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func dryRunPrintsCountsAndWritesThePlanOnly() throws {
        let dir = Fixtures.scratch()
        let src = dir.appendingPathComponent("src.json")
        try BackupIO.write(MergeTests.otherDevice(), as: .mediawatchV2, to: src)
        let store = try Fixtures.store(with: Fixtures.library())
        let hash = try store.contentHash()
        try store.close()
        let plan = dir.appendingPathComponent("plan.json")
        let r = try Self.mwkit(["restore", src.path, "--db", store.url.path, "--strategy", "merge", "--on-conflict", "theirs",
                                "--dry-run", "--plan", plan.path])
        #expect(r.status == 0, "\(r.stderr)")
        let episodeLine = r.stdout.split(separator: "\n").first { $0.hasPrefix("episode ") }.map(String.init) ?? ""
        #expect(episodeLine.split(separator: " ").map(String.init) == ["episode", "1", "0", "3", "0"])
        #expect(r.stdout.contains("the database was not changed"))
        #expect(try LibraryStore.open(at: store.url, mode: .mustExist).contentHash() == hash)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: plan)) as? [String: Any]
        #expect((json?["onConflict"] as? String) == "theirs")
        #expect((json?["decisions"] as? [Any])?.count == 18)

        // usage errors exit 2
        #expect(try Self.mwkit(["restore", src.path, "--db", store.url.path, "--strategy", "replace", "--on-conflict", "newer"]).status == 2)
        #expect(try Self.mwkit(["archive", "--db", dir.appendingPathComponent("none.sqlite").path, "-o", "-"]).status == 2)
    }
}
