import Foundation
import GRDB
import MWCore
import Testing
@testable import MWStore

@Suite struct ReplaceTests {
    @Test func replaceThenLoadGivesTheSameLibrary() throws {
        let lib = Fixtures.library()
        let store = try Fixtures.store(with: lib)
        let back = try store.loadLibrary()
        #expect(back == lib)
        let report = try store.restore(lib, options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(report.tally(.title).insert == 3)
        #expect(report.tally(.title).delete == 3)
        #expect(report.tally(.listItem).insert == 4)
        #expect(try store.loadLibrary() == lib)
    }

    @Test func v2AndV1BytesRoundTripThroughTheDatabase() throws {
        for format in [BackupFormat.mediawatchV2, .mediawatchV1] {
            var lib = Fixtures.library()
            if format == .mediawatchV1 {
                // v1 holds no stripped records; keep the rest.
                lib.titles.removeAll { $0.isStripped }
                lib.episodes.removeAll { $0.isStripped || $0.showId == Fixtures.strippedShowId }
                lib.lists[1].items.removeAll { $0.titleId == Fixtures.strippedShowId }
            }
            let bytes = try BackupIO.encode(lib, as: format).bytes
            let read = BackupIO.read(data: bytes)
            #expect(read.isValid, "\(read.diagnostics)")
            let parsed = try #require(read.library)
            let store = try Fixtures.store(with: parsed, name: "rt-\(format.rawValue)")
            let again = try BackupIO.encode(try store.loadLibrary(), as: format).bytes
            #expect(again == bytes, "\(format.rawValue) archive differs from its source")
        }
    }

    @Test func failedReplaceLeavesTheDatabaseUnchanged() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        var bad = Fixtures.generated(shows: 5, episodes: 5)
        // The last episode names a show that does not exist: the foreign key fails at the very end.
        bad.episodes.append(Episode(id: "X", showId: "missing-show", seasonNumber: 1, episodeNumber: 1,
                                    metadata: EpisodeMetadata(name: "orphan")))
        let error = #expect(throws: MWError.self) {
            try store.restore(bad, options: RestoreOptions(strategy: .replace, snapshot: false))
        }
        // Replace checks the foreign keys once, before the commit: the message names the row.
        #expect("\(error.map { "\($0)" } ?? "")".contains("episodes row id X refers to a titles row that does not exist"))
        #expect(try store.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") } == 1)
        #expect(try store.contentHash() == before)
        #expect(try store.loadLibrary() == Fixtures.library())
    }

    /// Runs of multi-row inserts of every length around their size (32), for titles, list
    /// items and episodes: the database holds exactly the library, in order.
    @Test(arguments: [(0, 0), (1, 31), (31, 32), (32, 1), (33, 33), (64, 2), (65, 65)])
    func everyRunLengthRoundTrips(shows: Int, episodes: Int) throws {
        #expect(RestoreSession.multiRows == 32, "the argument list brackets runs of 32")
        var lib = Fixtures.generated(shows: shows, episodes: episodes)
        if shows == 0 { lib.lists[0].items = [] }
        let store = try Fixtures.store(with: Fixtures.library(), name: "runs-\(shows)-\(episodes)")
        let report = try store.restore(lib, options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(report.tally(.episode).insert == shows * episodes)
        #expect(report.tally(.listItem).insert == shows)
        #expect(try store.loadLibrary() == lib)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func aConstraintFailingInsideAMultiRowInsertRollsEverythingBack() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        var bad = Fixtures.generated(shows: 10, episodes: 20)
        #expect(bad.episodes.count > 2 * RestoreSession.multiRows)
        // Same show, season and episode twice, inside one run of multi-row inserts: the
        // UNIQUE constraint ends the whole transaction (INSERT OR ROLLBACK).
        bad.episodes[RestoreSession.multiRows + 3].episodeNumber = bad.episodes[RestoreSession.multiRows + 2].episodeNumber
        bad.episodes[RestoreSession.multiRows + 3].seasonNumber = bad.episodes[RestoreSession.multiRows + 2].seasonNumber
        let error = #expect(throws: MWError.self) {
            try store.restore(bad, options: RestoreOptions(strategy: .replace, snapshot: false))
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("UNIQUE"))
        #expect(try store.contentHash() == before)
        #expect(try store.loadLibrary() == Fixtures.library())
        // The connection is left usable: a good restore right after works.
        let good = Fixtures.generated(shows: 10, episodes: 20)
        try store.restore(good, options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(try store.loadLibrary() == good)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func replaceKeepsASnapshotOfANonEmptyDatabase() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let report = try store.restore(Fixtures.generated(shows: 2, episodes: 2), options: RestoreOptions(strategy: .replace, now: now))
        let snap = try #require(report.snapshotPath)
        #expect(snap.hasSuffix("library.sqlite.snapshot-20231114T221320Z"))
        let old = try LibraryStore.open(at: URL(fileURLWithPath: snap), mode: .mustExist)
        #expect(try old.loadLibrary() == Fixtures.library())
        #expect(try store.loadLibrary().titles.count == 2)
        // a second replace in the same second does not overwrite the first snapshot
        let r2 = try store.restore(Fixtures.library(), options: RestoreOptions(strategy: .replace, now: now))
        #expect(r2.snapshotPath == snap + "-2")
    }

    @Test func titleInNoListGoesToTheDefaultList() throws {
        var lib = Fixtures.library()
        lib.lists[1].items.removeAll { $0.titleId == Fixtures.strippedShowId }
        let store = try Fixtures.store(with: lib)
        // The preferences' default list (Watchlist) receives it.
        let back = try store.loadLibrary()
        #expect(back.lists[0].items.last?.titleId == Fixtures.strippedShowId)
        #expect(back.lists[0].items.last?.orderIndex == 2)

        // Without preferences or a list marked default, a "Default" list is created.
        var bare = Fixtures.generated(shows: 3, episodes: 0)
        bare.lists[0].isDefault = nil
        bare.lists[0].items.removeLast()
        let s2 = try LibraryStore.inMemory()
        let report = try s2.restore(bare, options: RestoreOptions(strategy: .replace, now: Fixtures.date(100)))
        #expect(report.addedToDefaultList == [bare.titles[2].id])
        let created = try #require(report.createdDefaultList)
        let l2 = try s2.loadLibrary()
        let def = try #require(l2.lists.first { $0.id == created })
        #expect(def.name == "Default" && def.isDefault == true && def.items.map(\.titleId) == [bare.titles[2].id])
    }

    @Test func dryRunChangesNothingButCounts() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        var decisions: [RestoreDecision] = []
        let report = try store.restore(Fixtures.generated(shows: 4, episodes: 3),
                                       options: RestoreOptions(strategy: .replace, dryRun: true)) { decisions.append($0) }
        #expect(try store.contentHash() == before)
        #expect(report.snapshotPath == nil)
        #expect(report.tally(.episode).insert == 12 && report.tally(.episode).delete == 3)
        #expect(decisions.filter { $0.action == .delete }.count == 2 + 3 + 3 + 4 + 3 + 1)
    }
}

@Suite struct ConcurrentAccessTests {
    @Test func restoreWhileAnotherConnectionHasTheFileOpen() throws {
        let store = try Fixtures.store(with: Fixtures.generated(shows: 3, episodes: 2))
        let other = try LibraryStore.open(at: store.url, mode: .mustExist)
        #expect(try other.counts().titles == 3)
        let report = try store.restore(Fixtures.library(), options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(report.tally(.title).insert == 3)
        #expect(try other.loadLibrary() == Fixtures.library())
        #expect(try store.queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        try other.close()
    }
}
