import Foundation
import GRDB
import MWCore
@testable import MWStore
import Testing

/// Schema `v5-export-names-service-ids`: a title's export name and service ids
/// (formatVersion 5) through replace, archive, merge and an older database migrated.
@Suite struct ExportNamesStoreTests {
    /// Fixtures.library() with a stripped title named by its export, and ids on two titles.
    static func library() -> Library {
        var lib = Fixtures.library()
        lib.titles[0].serviceIds = ["imdb:tt0137523", "letterboxd:fight-club", "trakt:432"]
        lib.titles[1] = lib.titles[1].stripped()
        lib.titles[1].exportTitle = "Breaking Bad"
        lib.titles[1].exportYear = 2008
        lib.titles[1].serviceIds = ["tvdb:81189"]
        #expect(Validator.validate(lib).isEmpty, "\(Validator.validate(lib))")
        return lib
    }

    @Test func replaceThenArchiveKeepsThem() throws {
        let lib = Self.library()
        let store = try Fixtures.store(with: lib)
        #expect(try store.loadLibrary() == lib)
        let stored = try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT export_title, export_year, service_ids FROM titles WHERE service_ids IS NOT NULL ORDER BY seq")
        }
        #expect(stored.map { $0["export_title"] as String? } == lib.titles.filter { !$0.serviceIds.isEmpty }.map(\.exportTitle))
        #expect(stored.map { $0["service_ids"] as String } == lib.titles.filter { !$0.serviceIds.isEmpty }.map { GenresCodec.encode($0.serviceIds) })
        #expect(try BackupIO.encode(store.loadLibrary(), as: .mediawatchV2).bytes == BackupIO.encode(lib, as: .mediawatchV2).bytes)
    }

    func merged(mine: [String], theirs: [String], name: String?, _ policy: ConflictPolicy) throws -> Title {
        var base = Fixtures.library()
        base.titles[0].serviceIds = mine
        let store = try Fixtures.store(with: base, name: "merge-ids-\(policy)-\(UUID().uuidString)")
        var incoming = Fixtures.library()
        incoming.titles[0].serviceIds = theirs
        incoming.titles[0].exportTitle = name
        try store.restore(incoming, options: RestoreOptions(strategy: .merge, onConflict: policy))
        return try #require(try store.loadLibrary().titles.first { $0.id == Fixtures.movieId })
    }

    @Test(arguments: ConflictPolicy.allCases)
    func mergeFillsAndUnionKeepsBothSidesIds(_ policy: ConflictPolicy) throws {
        // A side without ids (or name) takes the other's, whatever the policy.
        let filled = try merged(mine: [], theirs: ["trakt:432"], name: "Fight Club", policy)
        #expect(filled.serviceIds == ["trakt:432"] && filled.exportTitle == "Fight Club", "\(policy)")
        #expect(try merged(mine: ["trakt:432"], theirs: [], name: nil, policy).serviceIds == ["trakt:432"], "\(policy)")
        let both = try merged(mine: ["trakt:432"], theirs: ["imdb:tt0137523"], name: nil, policy)
        if policy == .union { #expect(both.serviceIds == ["imdb:tt0137523", "trakt:432"]) }
        else { #expect(both.serviceIds.count == 1, "\(policy): \(both.serviceIds)") }
    }

    @Test func anOlderDatabaseIsMigratedAndTakesThem() throws {
        let (store, before) = try Fixtures.storeOpenedBefore("v5-export-names-service-ids")
        let version = try store.schemaVersion()
        #expect(store.openedVersion == before && version == StoreSchema.currentVersion)
        try store.restore(Self.library(), options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(try store.loadLibrary() == Self.library())
    }
}
