import Foundation
import MWCore
import Testing
@testable import MWStore

@Suite struct MergeTests {
    /// The fixture as another device might have it: other ids for the same titles, a new
    /// episode and note, and changed user data.
    static func otherDevice() -> Library {
        var lib = Fixtures.library()
        lib.preferences = nil
        // Same show by (tmdbId, mediaType), different id.
        let newShowId = "A9999999-0000-4000-8000-000000000002"
        lib.titles[1].id = newShowId
        lib.titles[1].watched = true
        lib.titles[1].watchedDate = Fixtures.date(500)
        lib.titles[1].likedStatus = 1
        lib.titles[1].dateModified = Fixtures.date(600)        // newer than the database's (nil)
        lib.titles[0].likedStatus = -1
        lib.titles[0].watchedDate = Fixtures.date(-50)        // earlier
        lib.titles[0].dateModified = Fixtures.date(1)         // older than the database's
        for i in lib.episodes.indices where lib.episodes[i].showId == Fixtures.showId { lib.episodes[i].showId = newShowId }
        lib.episodes[0].id = "C9999999-0000-4000-8000-000000000001"
        lib.episodes.append(Episode(id: "C9999999-0000-4000-8000-000000000003", showId: newShowId, seasonNumber: 1, episodeNumber: 3,
                                    metadata: EpisodeMetadata(name: "...And the Bag's in the River")))
        // The watchlist under another id and another case: matched by name.
        lib.lists[0].id = "B9999999-0000-4000-8000-000000000001"
        lib.lists[0].name = "WATCHLIST"
        for l in lib.lists.indices {
            for i in lib.lists[l].items.indices where lib.lists[l].items[i].titleId == Fixtures.showId {
                lib.lists[l].items[i].titleId = newShowId
            }
        }
        lib.lists[1].items.append(ListItem(titleId: newShowId, orderIndex: 2))   // a new membership of an existing title
        // Notes: one matched by (parent, text) under another id, one new on the renamed episode.
        lib.notes[0].id = "E9999999-0000-4000-8000-000000000001"
        lib.notes[2].parentId = "C9999999-0000-4000-8000-000000000001"
        lib.notes.append(Note(id: "E9999999-0000-4000-8000-000000000009", parentId: newShowId, parentType: .title,
                              text: "New on the other device", ownerOnly: false, dateCreated: Fixtures.date(700)))
        return lib
    }

    @Test func mergeAddsWhatIsNewAndMatchesWhatExists() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let report = try store.restore(Self.otherDevice(), options: RestoreOptions(strategy: .merge))
        let lib = try store.loadLibrary()
        #expect(lib.titles.count == 3)
        #expect(lib.lists.count == 2)
        #expect(lib.lists[0].name == "Watchlist")                                   // keep
        #expect(lib.episodes.count == 4)
        #expect(lib.episodes.last?.showId == Fixtures.showId)                       // new episode under the database's id
        #expect(lib.episodes.last?.episodeNumber == 3)
        #expect(lib.lists[1].items.map(\.titleId) == [Fixtures.strippedShowId, Fixtures.movieId, Fixtures.showId])
        #expect(lib.lists[1].items.last?.orderIndex == 2)
        #expect(lib.notes.count == 4)
        #expect(lib.notes.last?.parentId == Fixtures.showId)
        #expect(report.tally(.title) == tally(insert: 0, update: 0, skip: 3, conflict: 2))
        #expect(report.tally(.episode).insert == 1 && report.tally(.episode).skip == 3)
        #expect(report.tally(.note).insert == 1 && report.tally(.note).skip == 3)
        #expect(report.tally(.listItem).insert == 1)
        #expect(report.tally(.list) == tally(insert: 0, update: 0, skip: 2, conflict: 1))
        // keep: existing values stay
        #expect(lib.titles[1].watched == false)
        #expect(lib.titles[0].likedStatus == 1)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func conflictPolicies() throws {
        let incoming = Self.otherDevice()
        func merged(_ p: ConflictPolicy) throws -> Library {
            let store = try Fixtures.store(with: Fixtures.library(), name: "policy-\(p.rawValue)")
            try store.restore(incoming, options: RestoreOptions(strategy: .merge, onConflict: p))
            return try store.loadLibrary()
        }
        let theirs = try merged(.theirs)
        #expect(theirs.titles[0].likedStatus == -1)
        #expect(theirs.titles[1].watched == true)
        #expect(theirs.titles[1].id == Fixtures.showId)                              // ids never change
        #expect(theirs.lists[0].name == "WATCHLIST")
        #expect(theirs.lists[0].id == Fixtures.watchlistId)

        let newer = try merged(.newer)
        #expect(newer.titles[1].watched == true)                                     // backup's show is newer
        #expect(newer.titles[0].likedStatus == 1)                                    // database's movie is newer
        #expect(newer.titles[0].watchedDate == Fixtures.date(2))

        let union = try merged(.union)
        #expect(union.titles[0].watched == true)
        #expect(union.titles[0].watchedDate == Fixtures.date(-50))                   // earliest
        #expect(union.titles[0].likedStatus == 1)                                    // from the newer (database)
        #expect(union.titles[1].watched == true)
        #expect(union.titles[1].likedStatus == 1)                                    // from the newer (backup)
        #expect(union.titles[1].dateModified == Fixtures.date(600))
    }

    @Test func unionResolvesFieldByField() {
        let e = Title(id: "a", tmdbId: 1, mediaType: .movie, metadata: nil, watched: false, watchedDate: Fixtures.date(9),
                      likedStatus: 1, dateAdded: Fixtures.date(5), dateModified: Fixtures.date(10))
        var i = e
        i.id = "b"
        i.watched = true
        i.watchedDate = Fixtures.date(3)
        i.likedStatus = -1
        i.metadata = TitleMetadata(title: "Filled")
        i.dateModified = Fixtures.date(1)
        let r = ConflictResolver.title(existing: e, incoming: i, policy: .union)
        #expect(r.merged.id == "a")
        #expect(r.merged.watched && r.merged.watchedDate == Fixtures.date(3) && r.merged.likedStatus == 1)
        #expect(r.merged.metadata?.title == "Filled")                                // a stripped record is filled
        #expect(Set(r.fields).isSuperset(of: ["watched", "watchedDate", "likedStatus", "stripped", "dateModified"]))
        let keep = ConflictResolver.title(existing: e, incoming: i, policy: .keep)
        #expect(keep.merged.likedStatus == 1 && keep.merged.metadata?.title == "Filled" && keep.changes)
        let same = ConflictResolver.title(existing: e, incoming: e, policy: .theirs)
        #expect(!same.changes && same.fields.isEmpty)
    }

    @Test func mergeIsIdempotent() throws {
        for policy in ConflictPolicy.allCases {
            let store = try Fixtures.store(with: Fixtures.library(), name: "idem-\(policy.rawValue)")
            let options = RestoreOptions(strategy: .merge, onConflict: policy)
            try store.restore(Self.otherDevice(), options: options)
            let once = try store.contentHash()
            let second = try store.restore(Self.otherDevice(), options: options)
            #expect(try store.contentHash() == once, "policy \(policy)")
            for e in EntityKind.allCases {
                #expect(second.tally(e).insert == 0 && second.tally(e).update == 0, "\(policy) \(e)")
            }
        }
    }

    @Test func replaceTwiceIsIdempotentToo() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let once = try store.contentHash()
        try store.restore(Fixtures.library(), options: RestoreOptions(strategy: .replace, snapshot: false))
        #expect(try store.contentHash() == once)
    }

    @Test func idCollisionsNeverOverwriteUnrelatedRecords() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        // A different movie that happens to reuse the database movie's id.
        var lib = Library(lists: [MediaList(id: "L-new", name: "New", items: [ListItem(titleId: Fixtures.movieId, orderIndex: 0)])],
                          titles: [Title(id: Fixtures.movieId, tmdbId: 999, mediaType: .movie, metadata: TitleMetadata(title: "Other"),
                                         dateAdded: Fixtures.date(0))])
        lib.notes = [Note(id: "N-new", parentId: Fixtures.movieId, parentType: .title, text: "on the other movie", dateCreated: Fixtures.date(0))]
        let report = try store.restore(lib, options: RestoreOptions(strategy: .merge))
        #expect(report.warnings.count == 1)
        let back = try store.loadLibrary()
        let matrix = try #require(back.titles.first { $0.id == Fixtures.movieId })
        #expect(matrix.metadata?.title == "The Matrix")
        let other = try #require(back.titles.first { $0.tmdbId == 999 })
        #expect(other.id != Fixtures.movieId)
        #expect(back.lists.last?.items.map(\.titleId) == [other.id])
        #expect(back.notes.last?.parentId == other.id)
        // idempotent even with a remapped id
        let h = try store.contentHash()
        try store.restore(lib, options: RestoreOptions(strategy: .merge))
        #expect(try store.contentHash() == h)
    }

    @Test func episodeIdCollisionGetsADerivedIdAndItsNotesFollow() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let taken = "C0000000-0000-4000-8000-000000000001"     // the database's pilot
        let lib = Library(lists: [MediaList(id: "L-777", name: "Other", items: [ListItem(titleId: "T-777", orderIndex: 0)])],
                          titles: [Title(id: "T-777", tmdbId: 777, mediaType: .tv, metadata: TitleMetadata(title: "Other show"),
                                         dateAdded: Fixtures.date(0))],
                          episodes: [Episode(id: taken, showId: "T-777", seasonNumber: 1, episodeNumber: 1,
                                             metadata: EpisodeMetadata(name: "Other pilot"))],
                          notes: [Note(id: "N-777", parentId: taken, parentType: .episode, text: "on the other pilot",
                                       dateCreated: Fixtures.date(0))])
        let report = try store.restore(lib, options: RestoreOptions(strategy: .merge))
        #expect(report.tally(.episode).insert == 1)
        #expect(report.warnings.count == 1)
        let back = try store.loadLibrary()
        #expect(back.episodes.first { $0.id == taken }?.metadata?.name == "Pilot")
        let other = try #require(back.episodes.first { $0.showId == "T-777" })
        #expect(other.id != taken && other.metadata?.name == "Other pilot")
        #expect(back.notes.first { $0.id == "N-777" }?.parentId == other.id)
        let h = try store.contentHash()
        try store.restore(lib, options: RestoreOptions(strategy: .merge))
        #expect(try store.contentHash() == h)
    }

    @Test func dryRunAndPlanDescribeTheMergeWithoutApplyingIt() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        var bytes: [UInt8] = []
        let options = RestoreOptions(strategy: .merge, onConflict: .union, dryRun: true)
        let writer = RestorePlanWriter(options: options, database: "db", backup: "b") { bytes += $0 }
        let report = try store.restore(Self.otherDevice(), options: options, onDecision: writer.add)
        writer.finish(report)
        #expect(try store.contentHash() == before)
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let decisions = try #require(json?["decisions"] as? [[String: Any]])
        let expected = Self.otherDevice()
        #expect(decisions.count == expected.lists.count + expected.titles.count + expected.episodes.count
                + expected.lists.reduce(0) { $0 + $1.items.count } + expected.notes.count)
        let conflicts = decisions.filter { ($0["conflict"] as? Bool) == true }
        #expect(conflicts.contains { ($0["entity"] as? String) == "title" && (($0["fields"] as? [String]) ?? []).contains("likedStatus") })
        let summary = try #require(json?["summary"] as? [String: [String: Int]])
        #expect(summary["episode"]?["insert"] == 1)
        // the real merge does what the dry run said
        let real = try store.restore(Self.otherDevice(), options: RestoreOptions(strategy: .merge, onConflict: .union))
        #expect(real.tallies == report.tallies)
        #expect(try store.contentHash() != before)
    }

    private func tally(insert: Int, update: Int, skip: Int, conflict: Int) -> RestoreTally {
        var t = RestoreTally()
        t.insert = insert; t.update = update; t.skip = skip; t.conflict = conflict
        return t
    }
}
