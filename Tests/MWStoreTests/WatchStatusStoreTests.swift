import Foundation
import GRDB
import MWCore
@testable import MWStore
import Testing

/// Schema `v4-watch-status`: a title's watch status (formatVersion 4) through replace, archive
/// and merge under each conflict policy, in a real SQLite file; a database of the schema
/// before migrated.
@Suite struct WatchStatusStoreTests {
    /// Fixtures.library() with a status on two titles: one read from a service, one without
    /// word, date or source.
    static func library() -> Library {
        var lib = Fixtures.library()
        lib.titles[0].setWatchStatus(.paused, word: "HOLD", date: Fixtures.date(50), source: "watcharr")
        lib.titles[1].setWatchStatus(.planned)
        #expect(Validator.validate(lib).isEmpty, "\(Validator.validate(lib))")
        return lib
    }

    @Test func replaceThenArchiveKeepsTheStatus() throws {
        let lib = Self.library()
        let store = try Fixtures.store(with: lib)
        #expect(try store.loadLibrary() == lib)
        let stored = try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, watch_status, watch_status_word, watch_status_source FROM titles WHERE watch_status IS NOT NULL ORDER BY seq")
        }
        let expected = lib.titles.filter { $0.watchStatus != nil }
        #expect(stored.map { $0["id"] as String } == expected.map(\.id))
        #expect(stored.map { $0["watch_status"] as String } == expected.map { $0.watchStatus!.rawValue })
        #expect(stored.map { $0["watch_status_word"] as String? } == expected.map(\.watchStatusWord))
        // The archive is the backup the library was restored from, byte for byte.
        #expect(try BackupIO.encode(store.loadLibrary(), as: .mediawatchV2).bytes == BackupIO.encode(lib, as: .mediawatchV2).bytes)
    }

    @Test func streamingReplaceLoadsTheStatusToo() throws {
        let lib = Self.library()
        let bytes = try BackupIO.encode(lib, as: .mediawatchV2).bytes
        let store = try LibraryStore.open(at: Fixtures.scratch().appendingPathComponent("library.sqlite"))
        _ = try store.replace(streamingFrom: { BackupIO.read(data: bytes, options: $0) }, readOptions: ReadOptions(),
                              options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(try store.loadLibrary() == lib)
    }

    @Test func theDatabaseRefusesAStatusOutsideTheVocabulary() throws {
        let store = try Fixtures.store(with: Self.library())
        #expect(throws: (any Error).self) {
            try store.queue.write { db in try db.execute(sql: "UPDATE titles SET watch_status = 'on hold' WHERE id = ?", arguments: [Fixtures.movieId]) }
        }
        #expect(throws: (any Error).self) {
            try store.queue.write { db in try db.execute(sql: "UPDATE titles SET watch_status = NULL WHERE watch_status_word IS NOT NULL") }
        }
    }

    /// The database's title with `mine`, the backup's with `theirs` (each a status and its date).
    func merged(_ mine: (WatchStatus, Double?)?, _ theirs: (WatchStatus, Double?)?, _ policy: ConflictPolicy) throws -> Title {
        var base = Fixtures.library()
        base.titles[0].setWatchStatus(mine?.0, word: mine.map { "db-\($0.0)" }, date: mine?.1.map(Fixtures.date), source: mine == nil ? nil : "yamtrack")
        let store = try Fixtures.store(with: base, name: "merge-\(policy)-\(UUID().uuidString)")
        var incoming = Fixtures.library()
        incoming.titles[0].setWatchStatus(theirs?.0, word: theirs.map { "backup-\($0.0)" }, date: theirs?.1.map(Fixtures.date), source: theirs == nil ? nil : "watcharr")
        try store.restore(incoming, options: RestoreOptions(strategy: .merge, onConflict: policy))
        return try #require(try store.loadLibrary().titles.first { $0.id == Fixtures.movieId })
    }

    @Test(arguments: ConflictPolicy.allCases)
    func mergeSettlesTheStatusByItsOwnDate(_ policy: ConflictPolicy) throws {
        let older: (WatchStatus, Double?) = (.watching, 10), newer: (WatchStatus, Double?) = (.dropped, 20)
        // The database's status is older than the backup's, then newer than it.
        for (mine, theirs) in [(older, newer), (newer, older)] {
            let t = try merged(mine, theirs, policy)
            let backupWins: Bool
            switch policy {
            case .keep: backupWins = false
            case .theirs: backupWins = true
            case .newer, .union: backupWins = theirs.1! > mine.1!
            }
            let winner = backupWins ? theirs : mine
            #expect(t.watchStatus == winner.0 && t.watchStatusDate == winner.1.map(Fixtures.date), "\(policy) \(mine) \(theirs)")
            // The word and service move with their status.
            #expect(t.watchStatusWord == (backupWins ? "backup-" : "db-") + winner.0.rawValue && t.watchStatusSource == (backupWins ? "watcharr" : "yamtrack"))
        }
    }

    @Test(arguments: ConflictPolicy.allCases)
    func aSideWithoutAStatusTakesTheOthers(_ policy: ConflictPolicy) throws {
        let only: (WatchStatus, Double?) = (.paused, nil)
        #expect(try merged(nil, only, policy).watchStatus == .paused, "\(policy): the backup's fills the database's")
        #expect(try merged(only, nil, policy).watchStatus == .paused, "\(policy): the database's stays")
    }

    @Test func anOlderDatabaseIsMigratedAndTakesStatuses() throws {
        let (store, before) = try Fixtures.storeOpenedBefore("v4-watch-status")
        let version = try store.schemaVersion()
        #expect(store.openedVersion == before && version == StoreSchema.currentVersion)
        try store.restore(Self.library(), options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(try store.loadLibrary() == Self.library())
    }
}
