import Foundation
import GRDB
import MWBooks
import MWCore
import Testing
@testable import MWStore

/// Migration books-v2: an entry's private notes, spoiler flag, read count, owned copies and
/// earlier reads, and an edition's contributors, through real SQLite — restore, load, archive.
@Suite struct BookStoreV2Tests {
    static func sampleURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/books/\(name)")
    }

    /// The v2 sample: every formatVersion 2 attribute set on some record.
    static func sample() throws -> BookLibrary {
        let r = try BookstrackReader.read(url: sampleURL("bookstrack-v2.json"))
        #expect(r.formatVersion == 2 && r.diagnostics.isEmpty, "\(r.diagnostics.map(\.message))")
        return try #require(r.library)
    }

    @Test func theV2SampleHoldsEveryNewAttribute() throws {
        let lib = try Self.sample()
        #expect(lib.entries.contains { $0.privateNotes != nil })
        #expect(lib.entries.contains { $0.reviewHasSpoilers })
        #expect(lib.entries.contains { $0.readCount != nil })
        #expect(lib.entries.contains { $0.ownedCopies != nil })
        #expect(lib.entries.contains { $0.earlierReads.count > 1 })
        #expect(lib.editions.contains { $0.contributors.contains { $0.roles.count > 1 } })
    }

    @Test func replaceThenLoadKeepsTheNewAttributes() throws {
        let lib = try Self.sample()
        let store = try LibraryStore.open(at: Fixtures.scratch().appendingPathComponent("library.sqlite"))
        try store.restoreBooks(lib, options: RestoreOptions(strategy: .replace))
        var back = try store.loadBookLibrary()
        back.exportDate = lib.exportDate
        #expect(back == lib)
        #expect(try store.integrityProblems().isEmpty)
        // A merge of the same library changes nothing; a replace by a v1 library drops the child rows with their parents.
        let again = try store.restoreBooks(lib, options: RestoreOptions(strategy: .merge))
        #expect(again.tally(.entry).update == 0)
        try store.restoreBooks(BookLibrary(), options: RestoreOptions(strategy: .replace))
        let rows = try DatabaseQueue(path: store.url.path).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM book_entry_reads") ?? -1)
                + (try Int.fetchOne(db, sql: "SELECT count(*) FROM book_edition_contributors") ?? -1)
        }
        #expect(rows == 0)
    }

    @Test func restoreAndArchiveThroughTheCLIReproduceTheV2Backup() throws {
        let dir = Fixtures.scratch()
        let sample = Self.sampleURL("bookstrack-v2.json")
        let lib = try Self.sample()
        let epoch = String(Int(lib.exportDate!.timeIntervalSince1970))
        let db = dir.appendingPathComponent("lib.sqlite").path, out = dir.appendingPathComponent("out.json").path
        let r1 = try CLITests.mwkit(["restore", sample.path, "--db", db, "--strategy", "replace"], env: ["SOURCE_DATE_EPOCH": epoch])
        #expect(r1.status == 0, "\(r1.stderr)")
        let r2 = try CLITests.mwkit(["archive", "--db", db, "--books", "-o", out], env: ["SOURCE_DATE_EPOCH": epoch])
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == (try Data(contentsOf: sample)))
    }

    @Test func aBooksV1DatabaseGainsTheNewColumnsAndKeepsItsBooks() throws {
        let url = Fixtures.scratch().appendingPathComponent("library.sqlite")
        let v1 = try #require(StoreSchema.migrationNames.firstIndex(of: "books-v1")) + 1
        let old = try #require(try BookstrackReader.read(url: Self.sampleURL("bookstrack-v1.json")).library)
        do {
            let q = try DatabaseQueue(path: url.path)
            try StoreSchema.migrator(upTo: v1).migrate(q)
            try q.close()
        }
        do {
            // Written by the v1 tables' own columns, as an older mwkit would have.
            let q = try DatabaseQueue(path: url.path)
            try q.write { db in
                try db.execute(sql: "INSERT INTO book_works (id, title, date_created, last_modified) VALUES ('w', 'T', 0, 0)")
                try db.execute(sql: "INSERT INTO book_entries (id, work_id, date_added, reading_status, notes, last_modified) VALUES ('n', 'w', 0, 'toRead', 'kept', 0)")
            }
            try q.close()
        }
        let store = try LibraryStore.open(at: url)
        #expect(store.openedVersion == v1 && StoreSchema.migrationNames.contains("books-v2"))
        let loaded = try store.loadBookLibrary()
        #expect(loaded.entries.map(\.notes) == ["kept"])
        #expect(loaded.entries.allSatisfy { $0.privateNotes == nil && $0.readCount == nil && $0.earlierReads.isEmpty && !$0.reviewHasSpoilers })
        try store.restoreBooks(old, options: RestoreOptions(strategy: .replace))
        var back = try store.loadBookLibrary()
        back.exportDate = old.exportDate
        #expect(back == old)
    }
}
