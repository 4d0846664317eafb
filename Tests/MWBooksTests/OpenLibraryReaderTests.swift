import Foundation
import MWFoundation
import MWCore
import MWJobs
import Testing
@testable import MWBooks

/// Open Library's reading log and ratings: our own fixtures written from the export code as
/// `../shared/samples/third-party/README.md` "openlibrary" describes it (CRLF, ` | ` lists),
/// and the old three-column reading log BookWyrm keeps, read in place when present.
@Suite("Open Library reader")
struct OpenLibraryReaderTests {
    /// Line 2: read, two authors, a rating, subjects of every kind; 3: want to read; 4:
    /// currently reading, a rating of 0, a BC first year; 5: no title; 6: bad values.
    static let readingLog = [
        "Work ID,Title,Authors,First Publish Year,Edition ID,Edition Count,Bookshelf,My Ratings,Ratings Average,Ratings Count,Has Ebook,Subjects,Subject People,Subject Places,Subject Times",
        "OL45883W,The Lantern Road,Mara Quill | Tomas Berg,2018,OL7353617M,3,Already Read,5,4.1,120,True,Fantasy | Fiction,Ana Lee,Lisbon,20th century",
        "OL45884W,Quiet Hours,Ines Varga,2022,,1,Want to Read,,,0,False,,,,",
        "OL45885W,Long Winter,Sam Ortiz,-50,OL1M,1,Currently Reading,0,,0,False,,,,",
        "OL45886W,,Nobody,,,1,Already Read,,,0,False,,,,",
        "OL45887W,Salt and Iron,Petra Dahl,20x1,,1,Sometime,9,,0,False,,,,",
    ].joined(separator: "\r\n") + "\r\n"

    static let ratings = [
        "Work ID,Edition ID,Title,Author(s),Rating,Created On",
        "OL45883W,OL7353617M,The Lantern Road,Mara Quill,4,2023-03-15 10:20:30",
        "OL45889W,,Harbour Lights,Lena Sorell | Jonas Ek,2,2021-01-01 00:00:00",
    ].joined(separator: "\r\n") + "\r\n"

    /// Until about 2022: ids and the shelf, nothing else.
    static let oldLog = "Work Id,Edition Id,Bookshelf\nOL102749W,,Currently Reading\nOL361393W,OL7798182M,Want to Read\n"

    static func read(_ text: String) -> BookFileRead { BookFixtures.read(text, "OpenLibrary_ReadingLog.csv") }

    @Test("the reading log: shelves, ratings, authors, years, subjects")
    func readingLogValues() throws {
        let f = Self.read(Self.readingLog)
        #expect(f.source?.rawValue == "openlibrary")
        #expect(f.layout == "openlibrary-log")
        #expect(f.rowsRead == 5)
        #expect(f.rows.count == 4)
        let r = try #require(f.row("The Lantern Road"))
        #expect(r.status == .read)
        #expect(r.authors == ["Mara Quill", "Tomas Berg"])
        #expect(r.rating == 5)
        #expect(r.originalPublicationYear == 2018)
        #expect(r.subjects == ["Fantasy", "Fiction", "Ana Lee", "Lisbon", "20th century"])
        #expect(r.isbns.isEmpty && r.goodreadsIDs.isEmpty)
        #expect(f.row("Quiet Hours")?.status == .wishlist, "Want to Read, as ReadingStatus.from reads it")
        let reading = try #require(f.row("Long Winter"))
        #expect(reading.status == .reading)
        #expect(reading.rating == nil, "0 is unrated")
        #expect(reading.originalPublicationYear == -50)
        // Open Library's ids go to the model's fields for them, none is counted unkept.
        #expect(r.openLibraryWorkID == "OL45883W" && r.openLibraryEditionID == "OL7353617M")
        #expect(reading.openLibraryEditionID == "OL1M")
        #expect(f.unkept["Work ID"] == nil && f.unkept["Edition ID"] == nil)
        #expect(f.unkept["Ratings Average"] == nil, "a catalogue figure, not the user's")
    }

    @Test("the reading log's problems: a row without title by file:line, bad values named")
    func readingLogProblems() throws {
        let f = Self.read(Self.readingLog)
        #expect(f.malformed.map(\.position) == ["OpenLibrary_ReadingLog.csv:5"])
        let bad = f.codes(DiagnosticCode.importBadValue.rawValue)
        #expect(Set(bad.compactMap(\.field)) == ["My Ratings", "First Publish Year"])
        #expect(bad.allSatisfy { $0.line == 6 })
        #expect(f.row("Salt and Iron")?.status == .toRead)
        // A shelf of unknown meaning: kept as a tag and reported once with its count.
        #expect(f.row("Salt and Iron")?.tags == ["Sometime"])
        #expect(f.codes(DiagnosticCode.booksImportUnknownStatus.rawValue).map(\.message).contains { $0.hasPrefix("1 row(s) are on \"Sometime\"") })
    }

    @Test("the ratings file: every rated book read, rated on its Created On day")
    func ratingsValues() throws {
        let f = BookFixtures.read(Self.ratings, "OpenLibrary_Ratings.csv")
        #expect(f.layout == "openlibrary-ratings")
        #expect(f.rows.count == 2)
        let r = try #require(f.row("Harbour Lights"))
        #expect(r.status == .read)
        #expect(r.rating == 2)
        #expect(r.authors == ["Lena Sorell", "Jonas Ek"])
        // A date-time (`2021-01-01 00:00:00`) is the instant it says, not a day (docs/FORMAT.md#days).
        #expect(r.dateAdded == DateCoding.parseISO("2021-01-01T00:00:00Z"))
        #expect(f.row("The Lantern Road")?.rating == 4)
        #expect(f.row("The Lantern Road")?.openLibraryWorkID == "OL45883W" && f.row("The Lantern Road")?.openLibraryEditionID == "OL7353617M")
        #expect(f.unkept["Work ID"] == nil && f.unkept["Edition ID"] == nil)
    }

    @Test("the old reading log has no titles: every row reported with its line, none imported")
    func oldLog() {
        let f = Self.read(Self.oldLog)
        #expect(f.layout == "openlibrary-log-2021")
        #expect(f.rowsRead == 2)
        #expect(f.rows.isEmpty)
        #expect(f.malformed.map(\.position) == ["OpenLibrary_ReadingLog.csv:2", "OpenLibrary_ReadingLog.csv:3"])
        #expect(f.malformed.first?.reason.contains("OL102749W") == true)
    }

    @Test("each file detected as Open Library, claimed by no other tracker nor theirs by it")
    func detection() {
        for text in [Self.readingLog, Self.ratings, Self.oldLog] {
            let header = text.split(whereSeparator: \.isNewline)[0].split(separator: ",").map(String.init)
            #expect(OpenLibraryReader.isHeader(header))
            for s in FormatRegistry.standard.bookReaders where s.name != "openlibrary" { #expect(!s.isHeader(header), "\(s.name)") }
        }
        // LibraryThing's CSV has a `Work id` column too; it is not Open Library's.
        for other in [BookFixtures.goodreads24, BookFixtures.storygraph, BookFixtures.librarythingCSV, HardcoverReaderTests.csv, BookWyrmReaderTests.csv2025] {
            #expect(!OpenLibraryReader.isHeader(other.split(whereSeparator: \.isNewline)[0].split(separator: ",").map(String.init)))
        }
        // The notes file is claimed (its notes join the books of the other files); the reviews file is not reading data.
        #expect(OpenLibraryReader.isHeader(["Work ID", "Edition ID", "Note", "Created On"]))
        #expect(!OpenLibraryReader.isHeader(["Work ID", "Review Category", "Review Value", "Created On"]))
    }

    static let sample = BookConformanceTests.root.appendingPathComponent("openlibrary/bookwyrm-social-bookwyrm/openlibrary.csv")

    @Test("the old reading log BookWyrm keeps (read in place; skipped when absent)",
          .enabled(if: FileManager.default.fileExists(atPath: sample.path), "Open Library sample absent at ../shared; not checked"))
    func realSample() {
        let f = BookExportReader.read(Self.sample)
        #expect(f.source?.rawValue == "openlibrary")
        #expect(f.layout == "openlibrary-log-2021")
        #expect(f.rowsRead == 4)
        #expect(f.malformed.count == 4 && f.rows.isEmpty)
    }
}
