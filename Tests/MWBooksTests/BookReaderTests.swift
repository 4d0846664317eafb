import Foundation
import MWFoundation
import Testing
@testable import MWBooks

@Suite("Book export readers")
struct BookReaderTests {
    @Test("Goodreads 24 columns: every value of a row, read by name")
    func goodreads24() throws {
        let f = BookFixtures.read(BookFixtures.goodreads24)
        #expect(f.source == .goodreads)
        #expect(f.layout == "goodreads-24")
        #expect(f.rowsRead == 8, "eight records on nine lines")
        #expect(f.rows.count == 7)
        let r = try #require(f.row("The Lantern Road (Lantern, #1)"))
        #expect(r.goodreadsIDs == ["1001"])
        #expect(r.isbns == ["0306406152", "9780306406157"])
        #expect(r.rating == 5)
        #expect(r.status == .read)
        #expect(r.tags == ["favourites"])
        #expect(r.notes == "Loved it.\n\nSecond paragraph.")
        #expect(r.privateNotes == "Private thought", "private notes stay apart from the public review")
        #expect(r.dateCompleted == BookFixtures.day(2023, 3, 14))
        #expect(r.dateAdded == BookFixtures.day(2023, 1, 2))
        #expect(r.format == .hardcover)
        #expect(r.pageCount == 320)
        #expect(r.publicationDate == "2019")
        #expect(r.originalPublicationYear == 2018)
        #expect(r.authors == ["Mara Quill"])
        let quiet = try #require(f.rows.first { $0.goodreadsIDs == ["1003"] })
        #expect(quiet.isbns.isEmpty, "=\"\" is no ISBN")
        #expect(quiet.rating == nil, "My Rating 0 is unrated")
        #expect(quiet.status == .toRead, "an unknown custom exclusive shelf falls back to to-read")
        #expect(quiet.tags == ["to-read-non-fiction"], "and stays a tag")
        #expect(quiet.authors == ["Ines Varga", "Tomas Berg"])
        #expect(quiet.format == .ebook)
        let dnf = try #require(f.row("Deep Water Notes"))
        #expect(dnf.status == .dnf)
        #expect(dnf.tags == ["wont-finish"])
        #expect(dnf.notes == "Stopped at page 80.\nToo slow.")
        let x = try #require(f.row("The Cold Shore"))
        #expect(x.isbns == ["080442957X"])
        #expect(x.status == .reading)
        #expect(x.format == .massMarket)
    }

    @Test("a row without title is malformed with its line (counted through a multi-line field); a bad date is a warning naming the column")
    func goodreadsProblems() throws {
        let f = BookFixtures.read(BookFixtures.goodreads24)
        let malformed = f.codes(DiagnosticCode.importMalformedRow.rawValue)
        #expect(malformed.count == 1)
        #expect(malformed.first?.line == 8)
        #expect(malformed.first?.field == "Title")
        #expect(f.malformed.map(\.position) == ["goodreads_library_export.csv:8"])
        let bad = try #require(f.codes(DiagnosticCode.importBadValue.rawValue).first)
        #expect(bad.line == 9)
        #expect(bad.field == "Date Added")
        #expect(bad.column == 16)
        #expect(bad.message.contains("2023/13/45"))
        #expect(f.row("Salt and Iron")?.dateAdded == nil)
    }

    @Test("Goodreads writes ancient works' original publication BC as negative years: kept; a year 0 or an edition year BC is not a year")
    func negativeOriginalPublicationYears() throws {
        let text = BookFixtures.goodreads24Header + "\n"
            + #"4001,The Odyssey,Homer,"Homer, ",,"=""0140268863""","=""9780140268867""",4,3.9,Penguin,Paperback,541,1999,-700,,2024/01/01,to-read,to-read (#1),to-read,,,,0,0"# + "\n"
            + #"4002,The Republic,Plato,"Plato, ",,"=""""","=""""",0,3.9,Penguin,Paperback,416,-375,0,,2024/01/01,to-read,to-read (#2),to-read,,,,0,0"# + "\n"
        let read = BookFixtures.read(text)
        #expect(read.rows.count == 2)
        #expect(read.rows[0].originalPublicationYear == -700)
        #expect(read.rows[1].originalPublicationYear == nil)
        #expect(read.rows[1].publicationDate == nil)
        let bad = read.diagnostics.filter { $0.code == DiagnosticCode.importBadValue.rawValue }.map(\.message)
        #expect(bad.contains { $0.contains("\"0\" is not a year") })
        #expect(bad.contains { $0.contains("\"-375\" is not a year") })
        let lib = BookImport.run([read], options: BookFixtures.options).library
        #expect(lib.works.first { $0.title == "The Odyssey" }?.firstPublicationYear == -700)
    }

    @Test("Goodreads 31 and 23 columns are told apart by header content")
    func goodreadsGenerations() throws {
        let old = BookFixtures.read(BookFixtures.goodreads31, "export.csv")
        #expect(old.layout == "goodreads-31")
        #expect(old.rows.count == 2)
        #expect(old.unkept["Recommended For"] == 1)
        #expect(old.unkept["Read Count"] == nil, "kept as the entry's read count")
        #expect(old.codes(DiagnosticCode.booksImportUnkeptField.rawValue).count == old.unkept.count)
        let new = BookFixtures.read(BookFixtures.goodreads23, "any-name.txt")
        #expect(new.layout == "goodreads-23")
        let g = try #require(new.row("Glass Meadow"))
        #expect(g.rating == 5)
        #expect(g.notes == "Great\nbook")
        #expect(g.tags == ["2026"])
        #expect(g.publisher == "Vale", "Publisher read by name, not by position")
    }

    @Test("StoryGraph: date ranges, halves, ASIN, moods, DNF, paused, an empty status")
    func storygraph() throws {
        let f = BookFixtures.read(BookFixtures.storygraph, "sg.csv")
        #expect(f.source == .storygraph)
        #expect(f.rows.count == 4)
        let r = try #require(f.row("The Lantern Road"))
        #expect(r.dateStarted == BookFixtures.day(2025, 4, 19))
        #expect(r.dateCompleted == BookFixtures.day(2025, 4, 21))
        #expect(r.personalRating == 4.5)
        #expect(r.rating == nil, "a half star is no whole rating")
        #expect(r.tags == ["comfort", "mood:reflective", "mood:hopeful", "pace:medium", "character-or-plot-driven:Character",
                           "strong-character-development:Yes"])
        #expect(r.notes == "Good second time")
        #expect(f.row("Night Ferry")?.status == .dnf)
        #expect(f.row("Night Ferry")?.authors == ["Sam Ortiz"], "a translator is no author")
        #expect(f.row("Night Ferry")?.contributors == [Contributor(name: "Lea Brun", roles: ["Translator"])])
        #expect(f.row("Long Winter")?.status == .onHold)
        let echo = try #require(f.row("Echo Hall"))
        #expect(echo.asins == ["B0084FWN26"])
        #expect(echo.isbns.isEmpty)
        #expect(echo.status == .toRead)
        #expect(echo.tags == ["abandoned"])
        #expect(f.codes(DiagnosticCode.importBadValue.rawValue).contains { $0.line == 5 && $0.field == "Read Status" })
    }

    @Test("LibraryThing CSV: CRLF without final newline, [ISBN], | authors and subjects, collections")
    func librarythingCSV() throws {
        let f = BookFixtures.read(BookFixtures.librarythingCSV, "LibraryThing_export.csv")
        #expect(f.source == .librarything)
        #expect(f.layout == "librarything-csv")
        #expect(f.rows.count == 2)
        let r = try #require(f.row("Tiled Roofs"))
        #expect(r.authors == ["Ruth Hale", "Ann Moor", "Ed Pike"])
        #expect(r.isbns == ["5550004445", "9785550004449"])
        #expect(r.subjects == ["Roofs", "Building"])
        #expect(r.librarythingWorkIDs == ["777001"])
        #expect(r.librarythingBookIDs == ["90001"])
        #expect(r.publisher == "Brick Books")
        #expect(r.pageCount == 200)
        #expect(r.personalRating == 4.5)
        #expect(r.tags == ["craft", "houses", "Favorites"])
        #expect(r.dateCompleted == BookFixtures.day(2011, 2, 3))
        #expect(r.status == .read, "no status collection, but a Date Read")
        #expect(r.language == "English")
        #expect(f.row("Small Engines")?.status == .reading)
    }

    @Test("LibraryThing's older UTF-16 tab-separated export")
    func librarythingTSV() throws {
        let f = BookExportReader.read(bytes: BookFixtures.librarythingTSV, name: "LibraryThing.xls")
        #expect(f.layout == "librarything-tsv")
        let r = try #require(f.rows.first)
        #expect(r.title == "Writing Plain Letters")
        #expect(r.authors == ["Ruth C. Freed", "Joe Romano"])
        #expect(r.isbns == ["5550002221"])
        #expect(r.rating == 4)
        #expect(r.dateAdded == BookFixtures.day(2006, 9, 3))
        #expect(r.dateCompleted == BookFixtures.day(2006, 10, 1))
        #expect(r.status == .read)
        #expect(r.tags == ["work", "writing"])
        #expect(r.language == nil, "(blank) is empty")
    }

    @Test("Windows-1252 bytes decode; a file of NUL bytes is a malformed file, not a crash; a non-export is unrecognised")
    func encodingsAndBadFiles() {
        var bytes = Array((BookFixtures.goodreads24Header + "\n4001,Caf").utf8)
        bytes.append(0xE9)  // é in Windows-1252
        bytes += Array(",Zo\u{0065} Ray,\"Ray, Zoe\",,\"=\"\"\"\"\",\"=\"\"\"\"\",0,,,,,,,,2020/01/01,to-read,,to-read,,,,0,0\n".utf8)
        let f = BookExportReader.read(bytes: bytes, name: "cp1252.csv")
        #expect(f.rows.first?.title == "Café")
        let nul = BookExportReader.read(bytes: [UInt8](repeating: 0, count: 434), name: "zeros.csv")
        #expect(nul.rows.isEmpty)
        #expect(nul.codes(DiagnosticCode.importMalformedFile.rawValue).count == 1)
        #expect(nul.malformed.count == 1)
        let other = BookExportReader.read(bytes: Array("a,b\n1,2\n".utf8), name: "other.csv")
        #expect(other.source == nil)
        #expect(other.codes(DiagnosticCode.importUnrecognizedFile.rawValue).count == 1)
        let result = BookImport.run([nul, other], options: BookFixtures.options)
        #expect(result.exitCode(reviewFileWritten: true) == 1)
        #expect(result.diagnostics.contains { $0.code == DiagnosticCode.importNoExport.rawValue })
    }

    @Test("a ragged row is malformed; the rows after it are read")
    func raggedRow() {
        let text = BookFixtures.goodreads24Header + "\n5001,Short Row,Al\n" + BookFixtures.goodreads24.split(separator: "\n")[2] + "\n"
        let f = BookFixtures.read(text)
        #expect(f.rows.count == 1)
        #expect(f.malformed.first?.position == "goodreads_library_export.csv:2")
        #expect(f.malformed.first?.reason.contains("3 field(s)") == true)
    }
}
