import Foundation
import GRDB
import MWBooks
import MWCore
import Testing
@testable import MWStore

/// The book tables (migration books-v1): restore, merge, archive, check, migration.
@Suite struct BookStoreTests {
    static func sample() throws -> BookLibrary {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/books/bookstrack-v1.json")
        return try #require(try BookstrackReader.read(url: url).library)
    }

    static func store(_ name: String = #function) throws -> LibraryStore {
        try LibraryStore.open(at: Fixtures.scratch(name).appendingPathComponent("library.sqlite"))
    }

    @Test func replaceThenLoadGivesTheLibraryBack() throws {
        let lib = try Self.sample()
        let store = try Self.store()
        let report = try store.restoreBooks(lib, options: RestoreOptions(strategy: .replace))
        #expect(report.tally(.work).insert == lib.works.count && report.tally(.entry).insert == lib.entries.count)
        var back = try store.loadBookLibrary()
        back.exportDate = lib.exportDate
        #expect(back == lib)
        // The film tables are untouched and the whole file is sound.
        #expect(try store.counts() == EntityCounts())
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func replaceKeepsFilmsAndSnapshotsANonEmptyDatabase() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let films = try store.loadLibrary()
        let report = try store.restoreBooks(try Self.sample(), options: RestoreOptions(strategy: .replace))
        let snap = try #require(report.snapshotPath)
        #expect(FileManager.default.fileExists(atPath: snap))
        #expect(try store.loadLibrary() == films)
        // Replacing again deletes what the first replace inserted.
        let again = try store.restoreBooks(try Self.sample(), options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(again.tally(.author).delete == (try Self.sample()).authors.count)
    }

    @Test func mergeTwiceChangesNothingTheSecondTime() throws {
        let store = try Self.store()
        let lib = try Self.sample()
        try store.restoreBooks(lib, options: RestoreOptions(strategy: .replace))
        var incoming = lib
        incoming.entries[1].tags.append("from-phone")
        incoming.entries[1].notes = "Phone note."
        incoming.entries[1].lastModified = incoming.entries[1].lastModified.addingTimeInterval(3600)
        let first = try store.restoreBooks(incoming, options: RestoreOptions(strategy: .merge, onConflict: .newer))
        #expect(first.changes == 1 && first.tally(.entry).update == 1)
        let second = try store.restoreBooks(incoming, options: RestoreOptions(strategy: .merge, onConflict: .newer))
        #expect(second.changes == 0)
        let stored = try store.loadBookLibrary().entries[1]
        #expect(stored.tags == lib.entries[1].tags + ["from-phone"])
        #expect(stored.notes == "Phone note.")
        #expect(stored.lastModified == incoming.entries[1].lastModified)
    }

    @Test func mergeKeepsTheExistingEntryUnlessTheIncomingIsNewer() throws {
        let store = try Self.store()
        let lib = try Self.sample()
        try store.restoreBooks(lib, options: RestoreOptions(strategy: .replace))
        var older = lib
        older.entries[0].readingStatus = .reading
        older.entries[0].rating = 1
        older.entries[0].notes = "An old thought."
        older.entries[0].lastModified = lib.entries[0].lastModified.addingTimeInterval(-86_400)
        let r = try store.restoreBooks(older, options: RestoreOptions(strategy: .merge, onConflict: .newer))
        let e = try store.loadBookLibrary().entries[0]
        #expect(e.readingStatus == lib.entries[0].readingStatus && e.rating == lib.entries[0].rating)
        // ...but the other side's notes are never lost.
        #expect(e.notes == lib.entries[0].notes! + "\n\nAn old thought.")
        #expect(r.tally(.entry).conflict == 1)
    }

    @Test func dryRunAndPlanChangeNothing() throws {
        let store = try Self.store()
        try store.restoreBooks(try Self.sample(), options: RestoreOptions(strategy: .replace))
        let before = try Data(contentsOf: store.url)
        var decisions: [BookMergeDecision] = []
        var other = try Self.sample()
        other.works[0].title = "Good Omens (changed)"
        other.works[0].lastModified = other.works[0].lastModified.addingTimeInterval(10)
        let r = try store.restoreBooks(other, options: RestoreOptions(strategy: .merge, onConflict: .theirs, dryRun: true)) { decisions.append($0) }
        #expect(r.dryRun && r.tally(.work).update == 1)
        #expect(decisions.count == other.authors.count + other.works.count + other.editions.count + other.entries.count)
        #expect(try store.loadBookLibrary().works[0].title == "Good Omens")
        #expect(try Data(contentsOf: store.url) == before)
    }

    @Test func aResultThatBreaksARuleRollsBack() throws {
        let store = try Self.store()
        let lib = try Self.sample()
        try store.restoreBooks(lib, options: RestoreOptions(strategy: .replace))
        var bad = lib
        bad.entries[0].rating = 9
        #expect(throws: MWError.self) { try store.restoreBooks(bad, options: RestoreOptions(strategy: .replace, snapshot: false)) }
        var back = try store.loadBookLibrary()
        back.exportDate = lib.exportDate
        #expect(back == lib)
    }

    @Test func checkFindsABrokenReference() throws {
        let store = try Self.store()
        try store.restoreBooks(try Self.sample(), options: RestoreOptions(strategy: .replace))
        try store.queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "UPDATE book_entries SET work_id = 'no-such-work' WHERE seq = 1")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        let (diagnostics, _) = try store.check()
        #expect(diagnostics.contains { $0.code == DiagnosticCode.dbForeignKey.rawValue && $0.message.contains("book_entries") })
        let books = try #require(try store.checkBooks())
        #expect(books.diagnostics.contains { $0.code == DiagnosticCode.bookEntryWorkMissing.rawValue && $0.pointer == "/entries/0/workId" })
    }

    @Test func aDatabaseOfThePreviousSchemaGetsTheBookTables() throws {
        let url = Fixtures.scratch().appendingPathComponent("library.sqlite")
        let previous = try #require(StoreSchema.migrationNames.firstIndex(of: "books-v1"))
        do {
            let q = try DatabaseQueue(path: url.path)
            try StoreSchema.migrator(upTo: previous).migrate(q)
            try q.close()
        }
        do {
            let old = try LibraryStore.open(at: url, mode: .readOnly)
            #expect(old.openedVersion == previous)
            #expect(try old.checkBooks() == nil)
            try old.close()
        }
        let store = try LibraryStore.open(at: url)
        #expect(store.openedVersion == previous && store.migrationBackupURL != nil)
        #expect(try store.schemaVersion() == StoreSchema.currentVersion)
        try store.restoreBooks(try Self.sample(), options: RestoreOptions(strategy: .replace))
        #expect(try store.loadBookLibrary().works.count == (try Self.sample()).works.count)
    }

    @Test func restoreAndArchiveThroughTheCLIReproduceTheBackup() throws {
        let dir = Fixtures.scratch()
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/books/bookstrack-v1.json")
        let lib = try Self.sample()
        let epoch = String(Int(lib.exportDate!.timeIntervalSince1970))
        let db = dir.appendingPathComponent("lib.sqlite").path, out = dir.appendingPathComponent("out.json").path
        let r1 = try CLITests.mwkit(["restore", sample.path, "--db", db, "--strategy", "replace"], env: ["SOURCE_DATE_EPOCH": epoch])
        #expect(r1.status == 0, "\(r1.stderr)")
        #expect(try CLITests.mwkit(["archive", "--db", db, "--books", "-o", out], env: ["SOURCE_DATE_EPOCH": epoch]).status == 0)
        // archive --books writes the lossless bookstrack-v2: the same library, at formatVersion 2.
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(BookstrackWriter.encode(lib, version: 2)))
        let plan = dir.appendingPathComponent("plan.json").path
        let r2 = try CLITests.mwkit(["restore", sample.path, "--db", db, "--plan", plan])
        #expect(r2.status == 0 && r2.stdout.contains("0 change(s)"))
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plan))) as? [String: Any])
        #expect((doc["decisions"] as? [Any])?.count == lib.authors.count + lib.works.count + lib.editions.count + lib.entries.count)
        let check = try CLITests.mwkit(["check", "--db", db])
        #expect(check.status == 0 && check.stdout.contains("\(lib.works.count) works"))
        let bad = URL(fileURLWithPath: sample.path.replacingOccurrences(of: "bookstrack-v1.json", with: "invalid/book-rating-range.json"))
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        #expect(try CLITests.mwkit(["restore", bad.path, "--db", db, "--strategy", "replace"]).status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }
}
