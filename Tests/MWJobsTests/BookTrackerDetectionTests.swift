import Foundation
import MWCore
import MWJobs
import Testing

/// Every book tracker's file is claimed by that tracker alone among all the registry's
/// services (films included): a header set is a tracker's signature.
@Suite("Book tracker detection")
struct BookTrackerDetectionTests {
    /// A header and one row of each tracker (our own values).
    static let files: [(String, String)] = [
        ("goodreads", "Book Id,Title,Author,Author l-f,ISBN,My Rating,Exclusive Shelf\n1,A,B,\"B, C\",,0,read\n"),
        ("storygraph", "Title,Authors,ISBN/UID,Format,Read Status,Star Rating\nA,B,,paperback,read,4\n"),
        ("librarything", "Book ID,Title,Primary Author,ISBNs,Collections,Work id\n1,A,\"B, C\",[],Your library,2\n"),
        ("hardcover", "Title,Author,Status,Privacy,Hardcover Book ID,ISBN 13,Rating,Private Notes\nA,B,Read,public,9,,4.5,x\n"),
        ("bookwyrm", "title,author_text,remote_id,isbn_13,rating,shelf\nA,B,https://x.example/book/1,,4,read\n"),
        ("openlibrary", "Work ID,Title,Authors,Edition ID,Bookshelf,My Ratings\nOL1W,A,B,,Already Read,4\n"),
        ("openlibrary", "Work ID,Edition ID,Title,Author(s),Rating,Created On\nOL1W,,A,B,4,2024-01-01 10:00:00\n"),
        ("openlibrary", "Work Id,Edition Id,Bookshelf\nOL1W,,Want to Read\n"),
        ("calibre", "\u{FEFF}\"authors\",\"title\",\"identifiers\",\"uuid\"\n\"B\",\"A\",\"isbn:9780306406157\",\"u-1\"\n"),
        ("calibre", "\"title\",\"author_sort\"\n\"A\",\"B, C\"\n"),
    ]

    @Test("each file claimed by its tracker and no other service", arguments: 0..<files.count)
    func claimedByItsTrackerOnly(_ i: Int) {
        let (name, text) = Self.files[i]
        let sniff = ContentSniff(prefix: Array(text.utf8), path: "export.csv")
        let services = FormatRegistry.standard.claims(sniff).map(\.format).filter(\.isService).map(\.name.rawValue)
        #expect(services == [name], "\(text)")
        #expect(FormatRegistry.standard.detect(sniff)?.name.rawValue == name)
    }

    @Test("the new trackers are book services in the registry")
    func registered() {
        let books = FormatRegistry.standard.services(.books).map(\.name.rawValue)
        #expect(books == ["goodreads", "storygraph", "librarything", "hardcover", "bookwyrm", "openlibrary", "calibre"])
    }
}
