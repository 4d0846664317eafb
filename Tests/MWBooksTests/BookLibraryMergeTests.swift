import Foundation
import MWCore
import Testing
@testable import MWBooks

@Suite("Books merge")
struct BookLibraryMergeTests {
    /// The fixture as another device would have it: new ids everywhere, ISBN-less editions for
    /// the work matched by title, one new book.
    static func otherDevice(_ base: BookLibrary) -> BookLibrary {
        var lib = base
        for i in lib.authors.indices { lib.authors[i].id = "x-" + lib.authors[i].id }
        for i in lib.works.indices {
            lib.works[i].id = "x-" + lib.works[i].id
            lib.works[i].authorIds = lib.works[i].authorIds.map { "x-" + $0 }
        }
        for i in lib.editions.indices {
            lib.editions[i].id = "x-" + lib.editions[i].id
            lib.editions[i].workId = "x-" + lib.editions[i].workId
        }
        for i in lib.entries.indices {
            lib.entries[i].id = "x-" + lib.entries[i].id
            lib.entries[i].workId = "x-" + lib.entries[i].workId
            lib.entries[i].editionId = lib.entries[i].editionId.map { "x-" + $0 }
        }
        let t = BookStoreFixtures.date(100)
        lib.works.append(Work(id: "x-new", title: "The Left Hand of Darkness", authorIds: ["x-a1"], dateCreated: t, lastModified: t))
        lib.entries.append(LibraryEntry(id: "x-n-new", workId: "x-new", dateAdded: t, readingStatus: .wishlist, lastModified: t))
        return lib
    }

    @Test("records are matched across ids by external id, ISBN, title + author and name; merging again changes nothing")
    func matchingAndIdempotence() {
        let base = BookStoreFixtures.library()
        let incoming = Self.otherDevice(base)
        let once = BookMerge.merge(incoming, into: base)
        #expect(once.library.authors.count == base.authors.count)
        #expect(once.library.works.count == base.works.count + 1)
        #expect(once.library.editions.count == base.editions.count)
        #expect(once.library.entries.count == base.entries.count + 1)
        #expect(once.changes == 2, "\(once.decisions.filter { $0.action != .skip })")
        // The new entry refers to the existing author through the new work.
        let newWork = once.library.works.last!
        #expect(newWork.authorIds == ["a1"])
        #expect(BookValidator.validate(once.library).filter { $0.severity == .error }.isEmpty)
        let twice = BookMerge.merge(incoming, into: once.library)
        #expect(twice.changes == 0)
        #expect(twice.library == once.library)
        // and a library merged into itself is unchanged
        #expect(BookMerge.merge(base, into: base).changes == 0)
    }

    @Test("entries: the winner's values (newer: the later lastModified), what it lacks filled, tags and notes united, dateAdded the earlier")
    func entryPolicy() {
        var base = BookStoreFixtures.library()
        base.entries[1].tags = ["mine"]
        base.entries[1].notes = "Existing thought."
        var incoming = base
        incoming.entries[1].readingStatus = .read
        incoming.entries[1].currentPage = 417
        incoming.entries[1].readingProgress = 1
        incoming.entries[1].rating = 4
        incoming.entries[1].dateCompleted = BookStoreFixtures.date(500)
        incoming.entries[1].tags = ["theirs", "mine"]
        incoming.entries[1].notes = "Incoming thought."
        incoming.entries[1].dateAdded = BookStoreFixtures.date(-10)
        incoming.entries[1].lastModified = BookStoreFixtures.date(600)
        for policy in ConflictPolicy.allCases {
            let r = BookMerge.merge(incoming, into: base, policy: policy)
            let e = r.library.entries[1]
            let incomingWins = policy != .keep
            let winner = incomingWins ? incoming.entries[1] : base.entries[1]
            let loser = incomingWins ? base.entries[1] : incoming.entries[1]
            // The winner's status; its rating and read, filled from the other side where it has none
            // (the same read: both sides started it on the same day).
            #expect(e.readingStatus == winner.readingStatus, "\(policy)")
            #expect(e.rating == winner.rating ?? loser.rating, "\(policy)")
            #expect(e.dateCompleted == winner.dateCompleted ?? loser.dateCompleted, "\(policy)")
            #expect(e.rating == 4, "a rating on one side only is never lost")
            #expect(Set(e.tags) == ["mine", "theirs"])
            #expect(e.notes == winner.notes! + "\n\n" + loser.notes!)
            #expect(e.dateAdded == BookStoreFixtures.date(-10))
            #expect(e.lastModified == BookStoreFixtures.date(600))
            #expect(BookMerge.merge(incoming, into: r.library, policy: policy).changes == 0, "\(policy) not idempotent")
        }
        // An older incoming entry loses under `newer`.
        var older = incoming
        older.entries[1].lastModified = BookStoreFixtures.date(-100)
        let r = BookMerge.merge(older, into: base, policy: .newer)
        #expect(r.library.entries[1].readingStatus == .reading)
        #expect(r.decisions.first { $0.entity == .entry && $0.incomingId == "n2" }?.conflict == true)
    }

    @Test("notes over the model's limit once joined are kept whole, both sides, with a warning")
    func notesNeverSilentlyLost() {
        var base = BookStoreFixtures.library()
        base.entries[0].notes = String(repeating: "a", count: 1500)
        var incoming = base
        incoming.entries[0].notes = String(repeating: "b", count: 1500)
        incoming.entries[0].lastModified = BookStoreFixtures.date(999)
        let r = BookMerge.merge(incoming, into: base)
        #expect(r.library.entries[0].notes == incoming.entries[0].notes! + "\n\n" + base.entries[0].notes!)
        #expect(r.warnings.count == 1 && r.warnings[0].contains("kept whole"))
        #expect(BookValidator.validate(r.library).allSatisfy { $0.severity != .error }, "a long note is a warning, not an error")
        #expect(BookMerge.merge(incoming, into: r.library).changes == 0)
    }

    @Test("a title + author match whose ISBNs disagree is merged, marked pending and reported")
    func disagreeingISBNsGoToReview() {
        let base = BookStoreFixtures.library()
        var incoming = BookLibrary()
        let t = BookStoreFixtures.date(50)
        incoming.authors = [Author(id: "z1", name: "ursula k le guin", dateCreated: t, lastModified: t)]
        incoming.works = [Work(id: "z-w", title: "The  Dispossessed!", authorIds: ["z1"], dateCreated: t, lastModified: t)]
        incoming.editions = [Edition(id: "z-e", workId: "z-w", isbns: ["9780441172719"], dateCreated: t, lastModified: t)]
        let r = BookMerge.merge(incoming, into: base)
        #expect(r.library.works.count == base.works.count)
        #expect(r.library.works[0].reviewStatus == .pending)
        #expect(r.library.editions.count == base.editions.count + 1 && r.library.editions.last?.workId == "w1")
        #expect(r.warnings.contains { $0.contains("ISBNs differ") })
        #expect(r.decisions.first { $0.entity == .work }?.key.hasPrefix("title:") == true)
    }

    @Test("a new record whose id is taken by an unrelated one gets a fresh id, and references follow")
    func idCollision() {
        let base = BookStoreFixtures.library()
        var incoming = BookLibrary()
        let t = BookStoreFixtures.date(70)
        incoming.authors = [Author(id: "a1", name: "Somebody Else", goodreadsID: "1", dateCreated: t, lastModified: t)]
        incoming.works = [Work(id: "w1", title: "Another Book", authorIds: ["a1"], dateCreated: t, lastModified: t)]
        incoming.entries = [LibraryEntry(id: "n1", workId: "w1", dateAdded: t, readingStatus: .wishlist, lastModified: t)]
        let r = BookMerge.merge(incoming, into: base)
        // The id is the last resort, and not taken when the records contradict it: another
        // Goodreads author id, another title by another author.
        #expect(r.library.authors.last?.id == "a1-2" && r.library.authors.last?.name == "Somebody Else")
        let work = r.library.works.last!
        #expect(work.authorIds == ["a1-2"])
        #expect(work.id == "w1-2" && work.title == "Another Book")
        #expect(r.library.entries.last?.workId == "w1-2" && r.library.entries.last?.id == "n1-2")
        #expect(BookValidator.validate(r.library).filter { $0.severity == .error }.isEmpty)
        #expect(BookMerge.merge(incoming, into: r.library).changes == 0)
    }
}
