import Foundation
import Testing
@testable import MWBooks

@Suite("Books model")
struct BookModelTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("a wishlist entry is one without an edition (seeds/001 invariant 2)")
    func wishlistNeedsNoEdition() {
        var entry = LibraryEntry(id: "e", workId: "w", dateAdded: now, readingStatus: .wishlist, lastModified: now)
        #expect(entry.isWishlist)
        entry.editionId = "ed"
        #expect(!entry.isWishlist)
    }

    @Test("the first author is the primary one")
    func primaryAuthor() {
        let work = Work(id: "w", title: "Good Omens", authorIds: ["pratchett", "gaiman"], dateCreated: now, lastModified: now)
        #expect(work.primaryAuthorId == "pratchett")
        #expect(Work(id: "x", title: "Anon", dateCreated: now, lastModified: now).primaryAuthorId == nil)
    }
}
