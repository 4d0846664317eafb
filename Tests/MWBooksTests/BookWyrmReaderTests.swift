import Foundation
import MWFoundation
import MWCore
import MWJobs
import Testing
@testable import MWBooks

/// BookWyrm's CSV export: our own fixtures for each header generation (from the export code's
/// history as `../shared/samples/third-party/README.md` "bookwyrm" gives it), and the real
/// fixture BookWyrm keeps, read in place when present.
@Suite("BookWyrm reader")
struct BookWyrmReaderTests {
    /// The 2025-12 header (30 columns), CRLF as Python's csv.writer writes it. Line 2: read, two
    /// authors, half stars, a review with a title; 3: stopped-reading (an ASIN, an audio ASIN);
    /// 4: reading; 5: to-read; 6: a custom shelf with a finish date; 7: no title; 8: bad values.
    static let csv2025 = [
        #"title,author_text,remote_id,openlibrary_key,finna_key,libris_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,aasin,isfdb,isbn_10,isbn_13,oclc_number,pages,start_date,finish_date,stopped_date,rating,review_name,review_cw,review_content,review_published,shelf,shelf_name,shelf_date"#,
        #"The Lantern Road,"Mara Quill, Tomas Berg",https://books.example/book/11,OL7425890M,,,,,1001,,,,,,,0306406152,9780306406157,41754476,320,2023-03-01,2023-03-14,,4.5,Lovely,,Loved it.<br>Truly.,2023-03-15,read,Read,2023-03-14"#,
        #"Night Ferry,Sam Ortiz,https://books.example/book/12,,,,,,,,,,b0084fwn26,B00AUDIO11,,,,,,2024-05-02,,2024-05-20,,,,,,stopped-reading,Stopped Reading,2024-05-20"#,
        #"Long Winter,Sam Ortiz,https://books.example/book/13,,finna.123,,,,,,,,,,,,,,,2024-06-03,,,,,,,,reading,Currently Reading,2024-06-03"#,
        #"Quiet Hours,Ines Varga,https://books.example/book/14,,,,,,,,,Q42,,,,,,,,,,,,,,,,to-read,To Read,2024-07-01"#,
        #"Cooking Simply,Yotam Cook,https://books.example/book/15,,,,,,,,,,,,,,9780449017036,,,2022-08-10,2022-10-10,,3,Too much tahini,mild spoilers,...in his hummus,2022-11-10,cooking-9,Cooking,2024-08-10"#,
        #",Nobody,https://books.example/book/16,,,,,,,,,,,,,,,,,,,,,,,,,read,Read,"#,
        #"Salt and Iron,Petra Dahl,https://books.example/book/17,,,,,,abc,,,,,,,,,,,2024-02-30,,,6,,,,,to-read,To Read,2024-01-01"#,
    ].joined(separator: "\r\n") + "\r\n"

    /// Before 2024: ids and the review only, no shelf and no reading dates.
    static let csv2022 = """
    title,author_text,remote_id,openlibrary_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,isbn_10,isbn_13,oclc_number,rating,review_name,review_cw,review_content
    Harbour Lights,Lena Sorell,https://books.example/book/21,,,,,,,,,5550003333,,,4,,,Fine

    """

    static func read(_ text: String) -> BookFileRead { BookFixtures.read(text, "bookwyrm-export.csv") }

    @Test("shelves, dates, authors, ISBNs, ids, ratings and the review")
    func values() throws {
        let f = Self.read(Self.csv2025)
        #expect(f.source?.rawValue == "bookwyrm")
        #expect(f.layout == "bookwyrm-2025-12")
        #expect(f.rowsRead == 7)
        #expect(f.rows.count == 6)
        let r = try #require(f.row("The Lantern Road"))
        #expect(r.status == .read)
        #expect(r.authors == ["Mara Quill", "Tomas Berg"])
        #expect(r.isbns == ["0306406152", "9780306406157"])
        #expect(r.goodreadsIDs == ["1001"])
        #expect(r.pageCount == 320)
        #expect(r.personalRating == 4.5 && r.rating == nil)
        #expect(r.dateStarted == BookFixtures.day(2023, 3, 1))
        #expect(r.dateCompleted == BookFixtures.day(2023, 3, 14))
        #expect(r.dateAdded == BookFixtures.day(2023, 3, 14), "shelf_date")
        #expect(r.notes == "Lovely\n\nLoved it.\nTruly.")
        #expect(r.tags.isEmpty, "a status shelf is no tag")
        let stopped = try #require(f.row("Night Ferry"))
        #expect(stopped.status == .dnf)
        #expect(stopped.asins == ["B0084FWN26"])
        #expect(stopped.dateCompleted == nil, "a stopped read has no end")
        #expect(f.row("Long Winter")?.status == .reading)
        #expect(f.row("Quiet Hours")?.status == .toRead)
        let custom = try #require(f.row("Cooking Simply"))
        #expect(custom.status == .read, "a custom shelf: the finish date says read")
        #expect(custom.tags == ["Cooking"], "the shelf's label")
        #expect(custom.rating == 3)
        #expect(custom.notes == "Too much tahini\n\nContent warning: mild spoilers\n\n...in his hummus")
    }

    @Test("values the model cannot hold are counted per column")
    func unkept() {
        let f = Self.read(Self.csv2025)
        #expect(f.unkept["remote_id"] == 6)
        #expect(f.unkept["openlibrary_key"] == nil, "an edition key (OL…M) is kept")
        #expect(f.rows.first { $0.title == "The Lantern Road" }?.openLibraryEditionID == "OL7425890M")
        #expect(f.unkept["oclc_number"] == 1)
        #expect(f.unkept["review_published"] == 2)
        #expect(f.unkept["aasin"] == 1)
        #expect(f.unkept["stopped_date"] == 1)
        #expect(f.unkept["finna_key"] == 1)
        #expect(f.unkept["wikidata"] == 1)
        #expect(f.unkept["asin"] == nil, "kept")
        #expect(f.codes(DiagnosticCode.booksImportUnkeptField.rawValue).count == f.unkept.count)
    }

    @Test("malformed rows with file:line; bad values are warnings naming the column")
    func problems() throws {
        let f = Self.read(Self.csv2025)
        #expect(f.malformed.map(\.position) == ["bookwyrm-export.csv:7"])
        let bad = f.codes(DiagnosticCode.importBadValue.rawValue)
        #expect(Set(bad.compactMap(\.field)) == ["goodreads_key", "rating", "start_date"])
        #expect(bad.allSatisfy { $0.line == 8 })
        let salt = try #require(f.row("Salt and Iron"))
        #expect(salt.goodreadsIDs.isEmpty && salt.rating == nil && salt.dateStarted == nil)
    }

    @Test("each header generation is told apart; the oldest has no shelf: to-read")
    func generations() throws {
        let f = Self.read(Self.csv2022)
        #expect(f.layout == "bookwyrm-2022")
        let r = try #require(f.row("Harbour Lights"))
        #expect(r.status == .toRead)
        #expect(r.rating == 4)
        #expect(r.notes == "Fine")
        #expect(r.isbns == ["5550003333"])
        let full = Self.csv2025.components(separatedBy: "\r\n")[0]
        let row = "T,A,https://books.example/book/1"
        func layout(_ header: String) -> String? {
            let n = header.split(separator: ",").count
            return Self.read(header + "\n" + row + String(repeating: ",", count: n - 3) + "\n").layout
        }
        #expect(layout(full.replacingOccurrences(of: "pages,", with: "")) == "bookwyrm-2025")
        #expect(layout(full.replacingOccurrences(of: "pages,", with: "").replacingOccurrences(of: "finna_key,", with: "")) == "bookwyrm-2024")
    }

    @Test("detected as BookWyrm, and its header claimed by no other tracker nor theirs by it")
    func detection() {
        for text in [Self.csv2025, Self.csv2022] {
            let header = text.split(whereSeparator: \.isNewline)[0].split(separator: ",").map(String.init)
            #expect(BookWyrmReader.isHeader(header))
            for s in FormatRegistry.standard.bookReaders where s.name != "bookwyrm" { #expect(!s.isHeader(header), "\(s.name)") }
        }
        for other in [BookFixtures.goodreads24, BookFixtures.storygraph, BookFixtures.librarythingCSV, HardcoverReaderTests.csv] {
            #expect(!BookWyrmReader.isHeader(other.split(whereSeparator: \.isNewline)[0].split(separator: ",").map(String.init)))
        }
    }

    static let sample = BookConformanceTests.root.appendingPathComponent("bookwyrm/bookwyrm-social-bookwyrm/bookwyrm.csv")

    @Test("the fixture BookWyrm keeps reads whole (read in place; skipped when absent)",
          .enabled(if: FileManager.default.fileExists(atPath: sample.path), "BookWyrm sample absent at ../shared; not checked"))
    func realSample() throws {
        let f = BookExportReader.read(Self.sample)
        #expect(f.source?.rawValue == "bookwyrm")
        #expect(f.layout == "bookwyrm-2024")
        #expect(f.rowsRead == 3 && f.rows.count == 3 && f.malformed.isEmpty)
        let cook = try #require(f.row("Ottolenghi Simple"))
        #expect(cook.status == .read && cook.tags == ["Cooking"] && cook.rating == 4)
        #expect(cook.isbns == ["0449017036", "9780449017036"])
        #expect(cook.notes == "Too much tahini\n\n...in his hummus")
        #expect(f.row("The Blue Bedspread")?.dateCompleted == BookFixtures.day(2001, 7, 10))
        #expect(f.rows.first?.status == .toRead)
        #expect(f.unkept["remote_id"] == 3)
    }
}
