import Foundation
import GRDB
import MWCore
@testable import MWStore
import Testing

/// Schema `v5-unnumbered-episodes`: a show's episodes named only by title (formatVersion 5)
/// through replace, archive, merge and an older database migrated.
@Suite struct UnnumberedEpisodeStoreTests {
    static let values = ["2|2021-03-10,2021-03-12|The Gift", "|2021-04-01|Part 2: A | B"]

    /// Fixtures.library() with episodes named by title alone on its show.
    static func library() throws -> (Library, Int) {
        var lib = Fixtures.library()
        let i = try #require(lib.titles.firstIndex { $0.mediaType == .tv })
        lib.titles[i].unnumberedEpisodes = values.sorted()
        #expect(Validator.validate(lib).isEmpty, "\(Validator.validate(lib))")
        return (lib, i)
    }

    @Test func replaceThenArchiveKeepsThem() throws {
        let (lib, _) = try Self.library()
        let store = try Fixtures.store(with: lib)
        #expect(try store.loadLibrary() == lib)
        let stored = try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT unnumbered_episodes FROM titles WHERE unnumbered_episodes IS NOT NULL")
        }
        #expect(stored == [GenresCodec.encode(Self.values.sorted())])
        #expect(try BackupIO.encode(store.loadLibrary(), as: .mediawatchV2).bytes == BackupIO.encode(lib, as: .mediawatchV2).bytes)
    }

    @Test(arguments: ConflictPolicy.allCases)
    func mergeKeepsBothSidesEpisodes(_ policy: ConflictPolicy) throws {
        var (base, i) = try Self.library()
        base.titles[i].unnumberedEpisodes = ["2|2021-03-10|The Gift"]
        let store = try Fixtures.store(with: base, name: "merge-unnumbered-\(policy)-\(UUID().uuidString)")
        var incoming = base
        incoming.titles[i].unnumberedEpisodes = ["2|2021-03-12|The Gift", "3|2022-01-01|Another"]
        try store.restore(incoming, options: RestoreOptions(strategy: .merge, onConflict: policy))
        let show = try #require(try store.loadLibrary().titles.first { $0.id == base.titles[i].id })
        #expect(show.unnumberedEpisodes == ["2|2021-03-10,2021-03-12|The Gift", "3|2022-01-01|Another"], "\(policy)")
    }

    @Test func anOlderDatabaseIsMigratedAndTakesThem() throws {
        let (store, before) = try Fixtures.storeOpenedBefore("v5-unnumbered-episodes")
        #expect(StoreSchema.migrationNames[before - 1] == "v5-export-names-service-ids")
        let version = try store.schemaVersion()
        #expect(store.openedVersion == before && version == StoreSchema.currentVersion)
        let (lib, _) = try Self.library()
        try store.restore(lib, options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(try store.loadLibrary() == lib)
    }
}
