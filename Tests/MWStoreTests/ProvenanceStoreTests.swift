import Foundation
import GRDB
import MWCore
@testable import MWStore
import Testing

/// Schema `v3-provenance`: the provenance values of backups (formatVersion 3) through replace,
/// archive, merge and check; a database of the previous schema migrated.
@Suite struct ProvenanceStoreTests {
    static func day(_ d: Int) -> Date { DayDate.day(year: 2024, month: 5, day: d)! }

    /// Fixtures.library() with provenance on every kind of owner.
    static func library() -> Library {
        var lib = Fixtures.library()
        lib.lists[0].listDescription = "Imported from Letterboxd\nwith a second line"
        lib.lists[0].sources = [RecordSource(service: "letterboxd", file: "watchlist.csv")]
        lib.lists[0].items[1].note = "Sam says: watch it"
        lib.titles[0].ratings = [OriginalRating(source: "letterboxd", value: 4.5, scale: 5, date: day(1), datePrecision: .day),
                                 OriginalRating(source: "imdb", value: 9, scale: 10)]
        lib.titles[0].viewings = [.onDay(day(1), source: "letterboxd"), .onDay(day(3), rewatch: true, source: "letterboxd"),
                                  Viewing(date: nil, precision: .day, source: "letterboxd"),
                                  Viewing(date: Fixtures.date(30), precision: .instant, rewatch: true, source: "trakt")]
        lib.titles[0].tags = ["cult", "sci-fi"]
        lib.titles[0].sources = [RecordSource(service: "letterboxd", file: "diary.csv", row: 12, uri: "https://boxd.it/x"),
                                 RecordSource(service: "imdb", file: "ratings.csv", row: 2)]
        // A stripped title keeps its provenance.
        lib.titles[2].viewings = [Viewing(date: Fixtures.date(31), precision: .instant, source: "trakt")]
        lib.episodes[0].ratings = [OriginalRating(source: "trakt", value: 10, scale: 10, date: Fixtures.date(32), datePrecision: .instant)]
        lib.episodes[0].viewings = [Viewing(date: Fixtures.date(33), precision: .instant, source: "trakt")]
        lib.episodes[0].sources = [RecordSource(service: "trakt", file: "watched-history.json", row: 1)]
        lib.notes[0].sources = [RecordSource(service: "letterboxd", file: "reviews.csv", row: 4)]
        #expect(Validator.validate(lib).isEmpty, "\(Validator.validate(lib))")
        return lib
    }

    func rows(_ store: LibraryStore) throws -> [String: Int] {
        try store.queue.read { db in
            var out: [String: Int] = [:]
            for t in ["ratings", "viewings", "tags", "record_sources"] { out[t] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(t)") }
            return out
        }
    }

    @Test func replaceThenArchiveKeepsEveryValue() throws {
        let lib = Self.library()
        let store = try Fixtures.store(with: lib)
        #expect(try store.loadLibrary() == lib)
        #expect(try rows(store) == ["ratings": 3, "viewings": 6, "tags": 2, "record_sources": 5])
        #expect(try Self.check(store).isEmpty)
        // Replace again: the rows are replaced, not added to.
        let report = try store.restore(lib, options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(report.tally(.viewing).delete == 6 && report.tally(.viewing).insert == 6 && report.tally(.source).insert == 5)
        #expect(report.summaryTable().contains("viewing"))
        #expect(try store.loadLibrary() == lib)
        // The archive is the v3 backup the library was restored from, byte for byte.
        let bytes = try BackupIO.encode(lib, as: .mediawatchV2).bytes
        #expect(try BackupIO.encode(store.loadLibrary(), as: .mediawatchV2).bytes == bytes)
    }

    @Test func streamingReplaceLoadsTheRowsToo() throws {
        let lib = Self.library()
        let bytes = try BackupIO.encode(lib, as: .mediawatchV2).bytes
        let store = try LibraryStore.open(at: Fixtures.scratch().appendingPathComponent("library.sqlite"))
        let done = try store.replace(streamingFrom: { BackupIO.read(data: bytes, options: $0) }, readOptions: ReadOptions(),
                                     options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(done.report?.tally(.rating).insert == 3)
        #expect(try store.loadLibrary() == lib)
    }

    @Test func oneListArchiveCarriesOnlyItsRecordsRows() throws {
        let store = try Fixtures.store(with: Self.library())
        let fav = try store.loadLibrary(selection: ArchiveSelection(list: "Favourites"))
        #expect(fav.lists.map(\.sources) == [[]] && fav.titles.first { $0.id == Fixtures.movieId }?.tags == ["cult", "sci-fi"])
        #expect(fav.notes.allSatisfy { $0.parentId == Fixtures.movieId })
    }

    @Test func mergeUnionsAndIsIdempotent() throws {
        let lib = Self.library()
        let store = try Fixtures.store(with: lib)
        // Another export of the same library: one more viewing and tag, a newer Letterboxd
        // rating, an undated different IMDb rating (kept as is), a new source.
        var more = lib
        more.titles[0].viewings = [.onDay(Self.day(3), rewatch: true, source: "letterboxd"), .onDay(Self.day(9), rewatch: true, source: "letterboxd")]
        more.titles[0].tags = ["sci-fi", "favourite"]
        more.titles[0].ratings = [OriginalRating(source: "letterboxd", value: 5, scale: 5, date: Self.day(9), datePrecision: .day),
                                  OriginalRating(source: "imdb", value: 7, scale: 10)]
        more.titles[0].sources = [RecordSource(service: "letterboxd", file: "diary.csv", row: 13)]
        more.episodes[0].viewings.append(Viewing(date: Fixtures.date(40), precision: .instant, source: "trakt"))
        more.notes[0].sources = [RecordSource(service: "letterboxd", file: "reviews.csv", row: 4)]
        let first = try store.restore(more, options: RestoreOptions(strategy: .merge))
        // Viewings: day 9 and the episode's new one inserted; day 3, the episode's first and the
        // stripped show's skipped.
        #expect(first.tally(.viewing) == tally(insert: 2, skip: 3))
        #expect(first.tally(.tag) == tally(insert: 1, skip: 1))
        // Ratings: the Letterboxd re-rating of day 9 added beside the older one; IMDb (undated,
        // different: the same undated slot) and the episode's kept.
        #expect(first.tally(.rating) == tally(insert: 1, skip: 2))
        #expect(first.tally(.source) == tally(insert: 1, skip: 3))
        let merged = try store.loadLibrary()
        let t = try #require(merged.titles.first { $0.id == Fixtures.movieId })
        #expect(t.viewings == lib.titles[0].viewings + [.onDay(Self.day(9), rewatch: true, source: "letterboxd")])
        #expect(t.tags == ["cult", "sci-fi", "favourite"])
        #expect(t.ratings == lib.titles[0].ratings + [more.titles[0].ratings[0]])
        #expect(t.sources.count == 3 && merged.episodes[0].viewings.count == 2)
        #expect(try Self.check(store).isEmpty)

        // The same backup again, and the first library again: nothing changes.
        let hash = try store.contentHash()
        for again in [more, lib] {
            let r = try store.restore(again, options: RestoreOptions(strategy: .merge))
            for k in ProvenanceKind.allCases { #expect(r.tally(k).insert == 0 && r.tally(k).update == 0, "\(k)") }
            #expect(EntityKind.allCases.allSatisfy { r.tally($0).insert == 0 && r.tally($0).update == 0 })
            // A list item's note and a list's description compare equal too (no conflict).
            #expect(EntityKind.allCases.allSatisfy { r.tally($0).conflict == 0 }, "\(r.tallies)")
            #expect(try store.contentHash() == hash)
        }
    }

    @Test func mergeIntoAnotherDatabaseFollowsTheMatchedIds() throws {
        // The database has the movie under another id: the backup's rows go to the database's.
        var base = Fixtures.library()
        let otherId = "A0000000-0000-4000-8000-0000000000FF"
        base.titles[0].id = otherId
        base.lists = base.lists.map { l in var l = l; l.items = l.items.map { i in var i = i; if i.titleId == Fixtures.movieId { i.titleId = otherId }; return i }; return l }
        base.notes = base.notes.map { n in var n = n; if n.parentId == Fixtures.movieId { n.parentId = otherId }; return n }
        let store = try Fixtures.store(with: base)
        let dry = try store.restore(Self.library(), options: RestoreOptions(strategy: .merge, dryRun: true))
        #expect(dry.tally(.viewing).insert == 6 && dry.tally(.rating).insert == 3)
        #expect(try rows(store) == ["ratings": 0, "viewings": 0, "tags": 0, "record_sources": 0])
        try store.restore(Self.library(), options: RestoreOptions(strategy: .merge))
        let t = try #require(try store.loadLibrary().titles.first { $0.id == otherId })
        #expect(t.tags == ["cult", "sci-fi"] && t.viewings.count == 4)
    }

    @Test func librariesWithoutProvenanceLeaveTheTablesEmpty() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let r = try store.restore(Fixtures.library(), options: RestoreOptions(strategy: .merge))
        #expect(!r.hasProvenance && !r.summaryTable().contains("viewing"))
        #expect(try rows(store) == ["ratings": 0, "viewings": 0, "tags": 0, "record_sources": 0])
        #expect(try store.loadLibrary() == Fixtures.library())
    }

    @Test func deletingARecordDeletesItsRowsAndCheckFindsBadOnes() throws {
        let store = try Fixtures.store(with: Self.library())
        try store.queue.write { db in
            try db.execute(sql: "DELETE FROM titles WHERE id = ?", arguments: [Fixtures.strippedShowId])
            // The same record source twice: no constraint forbids it, check reports it.
            try db.execute(sql: "INSERT INTO record_sources (title_id, service, file, row_no, uri) SELECT title_id, service, file, row_no, uri FROM record_sources WHERE title_id = ? LIMIT 1",
                           arguments: [Fixtures.movieId])
        }
        #expect(try rows(store)["viewings"] == 5)  // 6 - 1 (stripped show's)
        let codes = try Self.check(store).map(\.code)
        #expect(codes.contains("provenance-duplicate"))
        // The schema refuses what the format refuses.
        #expect(throws: DatabaseError.self) {
            try store.queue.write { db in
                try db.execute(sql: "INSERT INTO ratings (title_id, source, value, scale) VALUES (?, 'x', 6, 5)", arguments: [Fixtures.movieId])
            }
        }
        #expect(throws: DatabaseError.self) {
            try store.queue.write { db in
                // A second rating of a source and date already rated.
                try db.execute(sql: "INSERT INTO ratings (title_id, source, value, scale, date) SELECT title_id, source, 1, 5, date FROM ratings WHERE title_id = ? AND source = 'imdb'", arguments: [Fixtures.movieId])
            }
        }
    }

    @Test func migrationFromSchemaV2KeepsDataAndAddsTheTables() throws {
        let url = Fixtures.scratch().appendingPathComponent("library.sqlite")
        do {
            let q = try DatabaseQueue(path: url.path)
            try StoreSchema.migrator(upTo: 2).migrate(q)
            try q.write { db in
                try db.execute(sql: """
                    INSERT INTO lists (id, name, sort_order, is_default) VALUES ('L1', 'Old list', 0, 1);
                    INSERT INTO titles (id, tmdb_id, media_type, title, year, genres, runtime, date_added, watched)
                        VALUES ('T1', 11, 'movie', 'Star Wars', 1977, '["Adventure"]', 121, 12.5, 1);
                    INSERT INTO list_items (id, list_id, title_id, order_index) VALUES ('I1', 'L1', 'T1', 0);
                    INSERT INTO library_meta (key, value) VALUES ('source_version', '1.0');
                    """)
            }
            #expect(try q.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 2)
            try q.close()
        }
        let store = try LibraryStore.open(at: url)
        #expect(store.openedVersion == 2)
        #expect(try store.schemaVersion() == StoreSchema.currentVersion)
        // Every later migration runs after the two the old database had, in order.
        let applied = try store.queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        #expect(applied.prefix(3) == ["v1-entities", "v2-library-meta", "v3-provenance"])
        #expect(applied.count == StoreSchema.currentVersion)
        let bak = try #require(store.migrationBackupURL)
        #expect(bak.lastPathComponent == "library.sqlite.bak-v2" && FileManager.default.fileExists(atPath: bak.path))
        let lib = try store.loadLibrary()
        #expect(lib.titles.map(\.id) == ["T1"] && !lib.titles[0].hasProvenance && lib.lists[0].listDescription == nil)
        #expect(lib.lists[0].items.map(\.note) == [nil])
        // The new tables take rows: merge a backup that has provenance for the same title.
        var incoming = lib
        incoming.titles[0].tags = ["classic"]
        incoming.lists[0].items[0].note = "first"
        try store.restore(incoming, options: RestoreOptions(strategy: .merge, onConflict: .theirs))
        let after = try store.loadLibrary()
        #expect(after.titles[0].tags == ["classic"] && after.lists[0].items[0].note == "first")
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func planCountsTheProvenanceRows() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        var out: [UInt8] = []
        let writer = RestorePlanWriter(options: RestoreOptions(strategy: .merge, dryRun: true), database: "db", backup: "b", emit: { out += $0 })
        let report = try store.restore(Self.library(), options: RestoreOptions(strategy: .merge, dryRun: true), onDecision: writer.add)
        writer.finish(report)
        let json = try JSONSerialization.jsonObject(with: Data(out)) as? [String: Any]
        let rows = json?["provenanceRows"] as? [String: [String: Int]]
        #expect(rows?["viewing"]?["insert"] == 6 && rows?["tag"]?["insert"] == 2 && rows?["rating"]?["insert"] == 3)
    }

    /// `mwkit check` of the store's file, opened read-only as the command does.
    static func check(_ store: LibraryStore) throws -> [Diagnostic] {
        try LibraryStore.open(at: store.url, mode: .readOnly).check().diagnostics
    }

    func tally(insert: Int = 0, update: Int = 0, skip: Int = 0) -> RestoreTally {
        var t = RestoreTally()
        t.insert = insert
        t.update = update
        t.skip = skip
        return t
    }
}
