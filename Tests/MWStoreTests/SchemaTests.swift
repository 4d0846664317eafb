import Foundation
import GRDB
import GRDBSQLite
import MWCore
import Testing
@testable import MWStore

@Suite struct SchemaTests {
    @Test func newDatabaseHasCurrentSchemaWALAndForeignKeys() throws {
        let url = Fixtures.scratch().appendingPathComponent("library.sqlite")
        let store = try LibraryStore.open(at: url)
        #expect(try store.schemaVersion() == StoreSchema.currentVersion)
        #expect(store.migrationBackupURL == nil)
        let (mode, fk, appID, indexes, pageSize) = try store.queue.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"),
             try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
             try Int32.fetchOne(db, sql: "PRAGMA application_id"),
             try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")),
             try Int.fetchOne(db, sql: "PRAGMA page_size"))
        }
        #expect(mode == "wal")
        #expect(pageSize == StoreSchema.pageSize)
        #expect(fk == 1)
        #expect(appID == StoreSchema.applicationID)
        // docs/SPEC.md#indexes (the unique ones are the UNIQUE constraints' autoindexes)
        for name in ["titles_media_type", "titles_date_added", "titles_title", "episodes_season_number",
                     "episodes_watched", "list_items_order_index"] {
            #expect(indexes.contains(name), "missing index \(name)")
        }
        try store.close()
    }

    @Test func processWideOptionsReportWhetherTheyTookEffect() throws {
        let applied = LibraryStore.applyProcessWideSQLiteOptions()
        #expect(LibraryStore.applyProcessWideSQLiteOptions() == applied, "a second call changes nothing")
        let store = try LibraryStore.open(at: Fixtures.scratch().appendingPathComponent("library.sqlite"))
        // Without statistics SQLite reports no memory in use, though the store has allocated.
        // Whether the option took depends on whether another test opened SQLite first; the
        // report must match either way.
        #expect(try store.schemaVersion() == StoreSchema.currentVersion)
        #expect((sqlite3_memory_used() == 0) == applied)
        try store.close()
    }

    @Test func uniqueConstraintsAndOneParentPerNoteAreEnforced() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        try store.queue.write { db in
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO titles (id, tmdb_id, media_type, title, year, genres, runtime, date_added) VALUES ('x', 603, 'movie', 't', 0, '[]', 0, 0)")
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO episodes (id, show_id, season_number, episode_number, name) VALUES ('y', ?, 1, 1, 'dup')", arguments: [Fixtures.showId])
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO notes (id, title_id, episode_id, text, date_created) VALUES ('n', ?, 'C0000000-0000-4000-8000-000000000001', 'both', 0)", arguments: [Fixtures.movieId])
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO notes (id, text, date_created) VALUES ('n2', 'neither', 0)")
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO list_items (list_id, title_id) VALUES (?, ?)", arguments: [Fixtures.watchlistId, Fixtures.movieId])
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO episodes (id, show_id, season_number, episode_number, name) VALUES ('z', 'no-such-show', 1, 1, 'x')")
            }
        }
    }

    @Test func deletingATitleCascadesToEpisodesMembershipsAndNotes() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        try store.queue.write { db in
            try db.execute(sql: "DELETE FROM titles WHERE id = ?", arguments: [Fixtures.showId])
        }
        let lib = try store.loadLibrary()
        #expect(!lib.titles.contains { $0.id == Fixtures.showId })
        #expect(!lib.episodes.contains { $0.showId == Fixtures.showId })
        #expect(!lib.lists.flatMap(\.items).contains { $0.titleId == Fixtures.showId })
        // the note on the show's first episode went with the episode
        #expect(!lib.notes.contains { $0.parentId == "C0000000-0000-4000-8000-000000000001" })
        #expect(lib.notes.count == 2)
        // deleting a list removes its memberships, not its titles; preferences' default list is cleared
        try store.queue.write { db in try db.execute(sql: "DELETE FROM lists WHERE id = ?", arguments: [Fixtures.watchlistId]) }
        let after = try store.loadLibrary()
        #expect(after.titles.count == 2)
        #expect(after.preferences?.defaultListId == nil)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func migrationFromSchemaV1KeepsDataAndACopy() throws {
        let dir = Fixtures.scratch()
        let url = dir.appendingPathComponent("library.sqlite")
        // A database as mwkit's first schema version wrote it.
        do {
            let q = try DatabaseQueue(path: url.path)
            try StoreSchema.migrator(upTo: 1).migrate(q)
            try q.write { db in
                try db.execute(sql: """
                    INSERT INTO lists (id, name, sort_order, is_default) VALUES ('L1', 'Old list', 0, 1);
                    INSERT INTO titles (id, tmdb_id, media_type, title, year, genres, runtime, date_added, watched)
                        VALUES ('T1', 11, 'movie', 'Star Wars', 1977, '["Adventure"]', 121, 12.5, 1);
                    INSERT INTO list_items (id, list_id, title_id, order_index) VALUES ('I1', 'L1', 'T1', 0);
                    INSERT INTO notes (id, title_id, text, owner_only, date_created) VALUES ('N1', 'T1', 'kept', 0, 3.25);
                    """)
            }
            #expect(try q.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 1)
            try q.close()
        }
        let store = try LibraryStore.open(at: url)
        #expect(store.openedVersion == 1)
        #expect(try store.schemaVersion() == StoreSchema.currentVersion)
        // An existing file keeps its page size (SQLite's default here); only new files get ours.
        #expect(try store.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 4096)
        let bak = try #require(store.migrationBackupURL)
        #expect(bak.lastPathComponent == "library.sqlite.bak-v1")
        // The copy is a readable v1 database with the same rows.
        let copy = try DatabaseQueue(path: bak.path)
        #expect(try copy.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") } == ["v1-entities"])
        #expect(try copy.read { db in try String.fetchOne(db, sql: "SELECT title FROM titles") } == "Star Wars")
        try copy.close()
        let lib = try store.loadLibrary()
        #expect(lib.titles.map(\.id) == ["T1"])
        #expect(lib.titles.first?.metadata?.genres == ["Adventure"])
        #expect(lib.titles.first?.watched == true)
        #expect(lib.titles.first?.dateAdded == Date(timeIntervalSinceReferenceDate: 12.5))
        #expect(lib.lists.first?.items.map(\.titleId) == ["T1"])
        #expect(lib.notes.first?.text == "kept")
        #expect(lib.sourceVersion == nil)
        // The new schema's table works after the migration.
        try store.restore(Fixtures.library(), options: RestoreOptions(strategy: .merge))
        #expect(try store.loadLibrary().sourceVersion == "1.0")
    }

    @Test func databaseFromANewerMwkitIsRefusedAndLeftAlone() throws {
        let dir = Fixtures.scratch()
        let path = dir.appendingPathComponent("newer.sqlite")
        do {
            let s = try LibraryStore.open(at: path)
            try s.queue.writeWithoutTransaction { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v3-from-the-future'); PRAGMA user_version = 3; PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try s.close()
        }
        let bytes = try Data(contentsOf: path)
        #expect {
            try LibraryStore.open(at: path)
        } throws: { error in
            "\(error)".contains("newer mwkit") && (error as? MWError)?.exitCode == 1
        }
        #expect(try Data(contentsOf: path) == bytes)
    }

    @Test func notADatabaseOrAnotherProgramsDatabaseIsRefusedUntouched() throws {
        let dir = Fixtures.scratch()
        let junk = dir.appendingPathComponent("junk.sqlite")
        let junkBytes = Data("this is not sqlite at all, just some text\n".utf8)
        try junkBytes.write(to: junk)
        #expect {
            try LibraryStore.open(at: junk)
        } throws: { error in
            (error as? MWError)?.exitCode == 2 && "\(error)".contains("not an SQLite database")
        }
        #expect(try Data(contentsOf: junk) == junkBytes)

        // A truncated mwkit database: a valid header, missing pages.
        let good = dir.appendingPathComponent("good.sqlite")
        do { let s = try Fixtures.store(with: Fixtures.generated(shows: 20, episodes: 20)); try s.close()
             try FileManager.default.copyItem(at: s.url, to: good) }
        let full = try Data(contentsOf: good)
        let cut = dir.appendingPathComponent("cut.sqlite")
        var damaged = full.prefix(full.count / 2)
        damaged.replaceSubrange(200..<4096, with: Data(repeating: 0xA5, count: 3896))
        try damaged.write(to: cut)
        let cutBytes = try Data(contentsOf: cut)
        var failed = false
        do {
            let s = try LibraryStore.open(at: cut)
            _ = try s.loadLibrary()
            failed = try !s.integrityProblems().isEmpty
        } catch {
            failed = "\(error)".contains("corrupt") || "\(error)".contains("malformed")
        }
        #expect(failed)
        #expect(try Data(contentsOf: cut) == cutBytes)

        let other = dir.appendingPathComponent("other.sqlite")
        let q = try DatabaseQueue(path: other.path)
        try q.write { db in try db.execute(sql: "CREATE TABLE stuff (x)") }
        try q.close()
        let otherBytes = try Data(contentsOf: other)
        #expect {
            try LibraryStore.open(at: other)
        } throws: { error in "\(error)".contains("not an mwkit library") }
        #expect(try Data(contentsOf: other) == otherBytes)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).path == "/x/data/mwkit/library.sqlite")
        #expect(StoreLocation.defaultURL(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/mwkit/library.sqlite")
        #expect(StoreLocation.defaultURL(environment: ["MWKIT_DB": "/tmp/a.sqlite", "HOME": "/home/u"]).path == "/tmp/a.sqlite")
        #expect(StoreLocation.imageCacheURL(forDatabase: URL(fileURLWithPath: "/d/lib.sqlite")).path == "/d/lib.sqlite.images")
    }
}

/// The column lists the field descriptions give are the schema's own columns.
@Suite struct StoreColumnTests {
    @Test func rowColumnsAreTheTablesColumns() throws {
        let store = try LibraryStore.open(at: Fixtures.scratch().appendingPathComponent("library.sqlite"))
        let expected: [(String, [String])] = [
            ("titles", ["id"] + TitleRow.columns), ("episodes", ["id"] + EpisodeRow.columns),
            ("lists", ["id"] + ListRow.columns), ("list_items", ListItemRow.columns),
            ("notes", ["id"] + NoteRow.columns), ("preferences", ["id"] + PreferencesRow.columns),
        ]
        for (table, columns) in expected {
            let actual = try store.queue.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE name <> 'seq'", arguments: [table])
            }
            #expect(Set(actual) == Set(columns), "\(table)")
            #expect(columns.count == Set(columns).count, "\(table): a column twice")
        }
        try store.close()
    }
}
