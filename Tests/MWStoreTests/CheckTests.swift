import Foundation
import GRDB
import MWCore
import Testing
@testable import MWStore

/// `mwkit check` and snapshot retention, end to end through the built binary and a real SQLite file.
@Suite struct CheckTests {
    func restored(_ dir: URL, _ lib: Library = Fixtures.library()) throws -> URL {
        let src = dir.appendingPathComponent("src.json")
        try BackupIO.write(lib, as: .mediawatchV2, to: src)
        let db = dir.appendingPathComponent("lib.sqlite")
        #expect(try CLITests.mwkit(["restore", src.path, "--db", db.path, "--strategy", "replace"]).status == 0)
        return db
    }

    /// Changes the file behind mwkit's back, as a bug or another program could.
    func tamper(_ db: URL, _ sql: String) throws {
        let q = try DatabaseQueue(path: db.path)
        try q.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: sql)
        }
        try q.close()
    }

    @Test func aHealthyLibraryChecksCleanAndIsNotTouched() throws {
        let dir = Fixtures.scratch()
        let db = try restored(dir)
        let before = try Data(contentsOf: db)
        let r = try CLITests.mwkit(["check", "--db", db.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("valid (mwkit-library)") && r.stdout.contains("\(Fixtures.library().titles.count) titles"))
        #expect(try Data(contentsOf: db) == before, "check wrote to the database")
        let json = try CLITests.mwkit(["check", "--db", db.path, "--format", "json"])
        #expect(json.status == 0 && json.stdout.contains("\"valid\" : true"))
    }

    @Test func brokenReferencesAndBrokenRulesAreFound() throws {
        let dir = Fixtures.scratch()
        let db = try restored(dir)
        try tamper(db, "UPDATE titles SET tmdb_id = 0 WHERE seq = (SELECT MIN(seq) FROM titles)")
        let rule = try CLITests.mwkit(["check", "--db", db.path])
        #expect(rule.status == 1 && rule.stdout.contains("[title-tmdbid-positive]"), "\(rule.stdout)")
        try tamper(db, "UPDATE episodes SET show_id = 'no-such-show'")
        let fk = try CLITests.mwkit(["check", "--db", db.path, "--format", "github"])
        #expect(fk.status == 1 && fk.stdout.contains("mwkit db-foreign-key"), "\(fk.stdout)")
    }

    @Test func notADatabaseIsUnreadable() throws {
        let dir = Fixtures.scratch()
        let f = dir.appendingPathComponent("x.sqlite")
        try Data("hello".utf8).write(to: f)
        let r = try CLITests.mwkit(["check", "--db", f.path])
        #expect(r.status == 2 && r.stdout.contains("io-unreadable"))
        #expect(try CLITests.mwkit(["check", "--db", dir.appendingPathComponent("missing.sqlite").path]).status == 2)
    }

    @Test func replaceKeepsTheLastSnapshotsOnly() throws {
        let dir = Fixtures.scratch()
        let db = try restored(dir)
        let src = dir.appendingPathComponent("src.json")
        var made: [String] = []
        for i in 0..<5 {
            let env = ["SOURCE_DATE_EPOCH": String(1_700_000_000 + i * 60)]
            let r = try CLITests.mwkit(["restore", src.path, "--db", db.path, "--strategy", "replace", "--keep-snapshots", "3"], env: env)
            #expect(r.status == 0, "\(r.stderr)")
            let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("previous database kept as ") })
            made.append(String(line.dropFirst("previous database kept as ".count)))
            if i >= 3 { #expect(r.stdout.contains("older snapshot removed (--keep-snapshots 3): \(made[i - 3])")) }
        }
        let store = try LibraryStore.open(at: db, mode: .readOnly)
        defer { try? store.close() }
        #expect(store.snapshots().map(\.path) == Array(made.suffix(3)))
        #expect(try CLITests.mwkit(["restore", src.path, "--db", db.path, "--strategy", "replace", "--keep-snapshots", "0"]).status == 2)
    }
}
