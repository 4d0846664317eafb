import Testing
@testable import MWBooks

@Suite("ReadingStatus.from")
struct ReadingStatusTests {
    @Test("every service's spellings, any case and separator")
    func variants() {
        let cases: [(String, ReadingStatus)] = [
            ("want to read", .wishlist), ("Want-To-Read", .wishlist), ("wishlist", .wishlist),
            ("to-read", .toRead), ("To Read", .toRead), ("to-be-read", .toRead), ("TBR", .toRead),
            ("currently-reading", .reading), ("Currently Reading", .reading), ("currently_reading", .reading),
            ("read", .read), ("Finished", .read),
            ("paused", .onHold), ("on hold", .onHold), ("on-hold", .onHold),
            ("did-not-finish", .dnf), ("Did Not Finish", .dnf), ("DNF", .dnf), ("wont-finish", .dnf), ("won't finish", .dnf),
        ]
        for (text, status) in cases { #expect(ReadingStatus.from(text) == status, "\(text)") }
    }

    @Test("custom shelves are not guessed at")
    func customShelves() {
        for text in ["to-read-non-fiction", "favourites", "want-to-finish-eventually", "", "  "] {
            #expect(ReadingStatus.from(text) == nil, "\(text)")
        }
    }
}
