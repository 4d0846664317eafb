import Foundation
import MWFoundation
import MWCore
import MWJobs
import Testing
@testable import MWBooks

/// Calibre's CSV catalog: our own fixtures written from the catalog code as
/// `../shared/samples/third-party/README.md` "calibre" describes it (every value quoted, LF, a
/// byte order mark or none, columns the user chose), and BookWyrm's one-row fixture, read in
/// place when present.
@Suite("Calibre reader")
struct CalibreReaderTests {
    /// Every column (alphabetical) and a custom one. Line 2: every value, identifiers of four
    /// kinds, authors joined with ` & `; 3: an audiobook, an undefined publication date, authors
    /// joined with `, `; 4: no title; 5: bad values.
    static let all = #"""
    "author_sort","authors","comments","cover","formats","id","identifiers","isbn","languages","library_name","pubdate","publisher","rating","series","series_index","size","tags","timestamp","title","title_sort","uuid","#shelf"
    "Quill, Mara & Berg, Tomas","Mara Quill & Tomas Berg","A description.","/home/u/Books/cover.jpg","epub, original_epub","12","goodreads:1001,isbn:9780306406157,google:abcDEF,amazon:b0084fwn26","9780306406157","eng","Books","2019-03-05T01:00:00+01:00","Harbor Press","4.5","Lantern","1.0","1433809","Fantasy, Favourites","2021-01-19T22:41:16+01:00","The Lantern Road","Lantern Road, The","3051ed45-8943-4900-a22a-d2704e3583df","keep"
    "Lee, Ann","Ann Lee, Bo Chen","","","m4b","13","","","","Books","0101-01-01T00:00:00+00:00","","","","1.0","900","","2022-05-01T10:00:00+00:00","Echo Hall","Echo Hall","4051ed45-8943-4900-a22a-d2704e3583df",""
    "Nobody","Nobody","","","","14","","","","Books","","","","","1.0","1","","2022-05-01T10:00:00+00:00","","","5051ed45-8943-4900-a22a-d2704e3583df",""
    "Dahl, Petra","Petra Dahl","","","pdf","15","isbn:123,nonsense","","","Books","","","11","","1.0","1","","yesterday","Salt and Iron","Salt and Iron","6051ed45-8943-4900-a22a-d2704e3583df",""

    """#

    /// A user's own choice and order of columns.
    static let chosen = #"""
    "title","uuid","authors","rating"
    "Harbour Lights","7051ed45-8943-4900-a22a-d2704e3583df","Lena Sorell","5"

    """#

    static func read(_ text: String, bom: Bool = false) -> BookFileRead {
        BookExportReader.read(bytes: (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8), name: "calibre.csv")
    }

    @Test("every column: authors, identifiers, ISBNs, rating, dates, tags, formats; all to-read", arguments: [false, true])
    func values(bom: Bool) throws {
        let f = Self.read(Self.all, bom: bom)
        #expect(f.source?.rawValue == "calibre")
        #expect(f.layout == "calibre-csv")
        #expect(f.rowsRead == 4)
        #expect(f.rows.count == 3)
        let r = try #require(f.row("The Lantern Road"))
        #expect(r.status == .toRead, "a catalog has no reading status")
        #expect(r.authors == ["Mara Quill", "Tomas Berg"])
        #expect(r.isbns == ["9780306406157"])
        #expect(r.goodreadsIDs == ["1001"])
        #expect(r.asins == ["B0084FWN26"])
        #expect(r.personalRating == 4.5 && r.rating == nil)
        #expect(r.dateAdded == ISO8601DateFormatter().date(from: "2021-01-19T21:41:16Z"))
        #expect(r.publicationDate == "2019")
        #expect(r.publisher == "Harbor Press")
        #expect(r.language == "eng")
        #expect(r.tags == ["Fantasy", "Favourites"])
        #expect(r.format == .ebook)
        #expect(r.notes == nil, "comments are the book's description, not the user's notes")
        let audio = try #require(f.row("Echo Hall"))
        #expect(audio.format == .audiobook)
        #expect(audio.authors == ["Ann Lee", "Bo Chen"])
        #expect(audio.publicationDate == nil, "year 101 is Calibre's undefined date")
    }

    @Test("values the model cannot hold are counted per column; housekeeping is not")
    func unkept() {
        let f = Self.read(Self.all)
        #expect(f.unkept["series"] == 1)
        #expect(f.unkept["comments"] == 1)
        #expect(f.unkept["identifiers:google"] == 1)
        #expect(f.unkept["#shelf"] == 1)
        #expect(f.unkept["uuid"] == nil && f.unkept["cover"] == nil)
        #expect(f.codes(DiagnosticCode.booksImportUnkeptField.rawValue).count == f.unkept.count)
    }

    @Test("malformed rows with file:line; bad values are warnings naming the column")
    func problems() throws {
        let f = Self.read(Self.all)
        #expect(f.malformed.map(\.position) == ["calibre.csv:4"])
        let bad = f.codes(DiagnosticCode.importBadValue.rawValue)
        #expect(bad.compactMap(\.field).sorted() == ["identifiers", "identifiers", "rating", "timestamp"])
        #expect(bad.allSatisfy { $0.line == 5 })
        let salt = try #require(f.row("Salt and Iron"))
        #expect(salt.isbns.isEmpty && salt.rating == nil)
    }

    @Test("a user's own columns, in their order, are a catalog too; title and authors alone are not")
    func chosenColumns() throws {
        let f = Self.read(Self.chosen)
        #expect(f.source?.rawValue == "calibre")
        let r = try #require(f.row("Harbour Lights"))
        #expect(r.rating == 5 && r.authors == ["Lena Sorell"])
        #expect(!CalibreReader.isHeader(["title", "authors", "rating"]))
    }

    @Test("detected as Calibre, claimed by no other tracker nor theirs by it")
    func detection() {
        for text in [Self.all, Self.chosen] {
            let header = text.split(whereSeparator: \.isNewline)[0].split(separator: ",").map { $0.replacingOccurrences(of: "\"", with: "") }
            #expect(CalibreReader.isHeader(header))
            for s in FormatRegistry.standard.bookReaders where s.name != "calibre" { #expect(!s.isHeader(header), "\(s.name)") }
        }
        for other in [BookFixtures.goodreads24, BookFixtures.storygraph, BookFixtures.librarythingCSV, HardcoverReaderTests.csv,
                      BookWyrmReaderTests.csv2025, OpenLibraryReaderTests.readingLog, OpenLibraryReaderTests.ratings] {
            #expect(!CalibreReader.isHeader(other.split(whereSeparator: \.isNewline)[0].split(separator: ",").map(String.init)))
        }
        // A film tracker's CSV with a `uuid` and a `title` (TV Time's tvtime-movies.csv / tvtime-series.csv
        // layouts) is no catalog: `uuid` is a signature only beside `authors`.
        for film in ["uuid,tvdb_id,imdb_id,title,year,created_at,watched_at,is_watched,rewatch_count",
                     "uuid,tvdb_id,imdb_id,title,status,created_at"] {
            #expect(!CalibreReader.isHeader(film.split(separator: ",").map(String.init)), "\(film)")
        }
        #expect(CalibreReader.isHeader(["title", "authors", "uuid"]))
    }

    static let sample = BookConformanceTests.root.appendingPathComponent("calibre/bookwyrm-social-bookwyrm/calibre.csv")

    @Test("the catalog row BookWyrm keeps (read in place; skipped when absent)",
          .enabled(if: FileManager.default.fileExists(atPath: sample.path), "Calibre sample absent at ../shared; not checked"))
    func realSample() throws {
        let f = BookExportReader.read(Self.sample)
        #expect(f.source?.rawValue == "calibre")
        #expect(f.rowsRead == 1 && f.malformed.isEmpty)
        let r = try #require(f.row("That Ain't Witchcraft"))
        #expect(r.authors == ["Seanan McGuire"])
        #expect(r.isbns == ["9780756411800"])
        #expect(r.goodreadsIDs == ["39077187"])
        #expect(r.personalRating == 5 && r.rating == 5)
        #expect(r.tags == ["Cryptids", "Fantasy", "Romance", "Magic"])
        #expect(r.publicationDate == "2019")
        #expect(f.unkept["series"] == 1)
    }
}
