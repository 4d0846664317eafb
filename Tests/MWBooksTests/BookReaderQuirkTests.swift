import Foundation
import MWFoundation
import Testing
@testable import MWBooks

/// Quirks of the real services' files past the first fixtures: LibraryThing's bracketed dates
/// and unquoted TSV, UTF-16 without a byte-order mark, StoryGraph's quarter stars, begun reads
/// and re-read counts, name suffixes after a comma, trailing empty fields, and one rating per
/// entry when two services rate a book.
@Suite("Book export readers: the services' quirks")
struct BookReaderQuirkTests {
    /// LibraryThing's tab-separated export with the CSV's column names (UTF-8): dates written
    /// `[2007-04-16]` like its ISBNs, no quoting, a review opening with a quote.
    static let librarythingTSV49: String = {
        let header = ["Book Id", "Title", "Sort Character", "Primary Author", "Primary Author Role", "Secondary Author", "Secondary Author Roles",
                      "Publication", "Date", "Review", "Rating", "Comment", "Private Comment", "Summary", "Media", "Physical Description", "Weight",
                      "Height", "Thickness", "Length", "Dimensions", "Page Count", "LCCN", "Acquired", "Date Started", "Date Read", "Barcode", "BCID",
                      "Tags", "Collections", "Languages", "Original Languages", "LC Classification", "ISBN", "ISBNs", "Subjects", "Dewey Decimal",
                      "Dewey Wording", "Other Call Number", "Copies", "Source", "Entry Date", "From Where", "OCLC", "Work id", "Lending Patron",
                      "Lending Status", "Lending Start", "Lending End"]
        func row(_ values: [String: String]) -> String { header.map { values[$0] ?? "" }.joined(separator: "\t") }
        return [
            header.joined(separator: "\t"),
            row(["Book Id": "7001", "Title": "Hopscotch Yard", "Primary Author": "Vale, Iris", "Publication": "Quay (1979), Pocket", "Date": "1979",
                 "Review": "a masterpiece", "Rating": "4.5", "Page Count": "590 ", "Date Started": "[2007-04-16]", "Date Read": "[2007-05-08]",
                 "Collections": "Your library", "ISBN": "[5550002221]", "ISBNs": "5550002221, 9785550002223", "Entry Date": "[2006-08-09]", "Work id": "81"]),
            row(["Book Id": "7002", "Title": "Glass Lantern", "Primary Author": "Moor, Ann", "Review": "\"Best book\" said a friend", "Rating": "5",
                 "Collections": "Your library", "Entry Date": "[2006-07-25]", "Work id": "82"]),
            row(["Book Id": "7003", "Title": "Salt Road", "Primary Author": "Pike, Ed", "Collections": "Your library", "Entry Date": "[2006-07-26]",
                 "Work id": "83"]),
        ].joined(separator: "\n") + "\n"
    }()

    @Test("LibraryThing TSV with CSV names: [date] values are dates; a review opening with a quote does not swallow the rows after it")
    func librarythingBracketedDatesAndStrayQuote() throws {
        let f = BookExportReader.read(bytes: Array(Self.librarythingTSV49.utf8), name: "librarything.tsv")
        #expect(f.layout == "librarything-tsv")
        #expect(f.malformed.isEmpty, "\(f.malformed)")
        #expect(f.rows.map(\.title) == ["Hopscotch Yard", "Glass Lantern", "Salt Road"])
        let r = try #require(f.row("Hopscotch Yard"))
        #expect(r.dateStarted == BookFixtures.day(2007, 4, 16))
        #expect(r.dateCompleted == BookFixtures.day(2007, 5, 8))
        #expect(r.dateAdded == BookFixtures.day(2006, 8, 9))
        #expect(r.status == .read, "a Date Read makes it read")
        #expect(r.isbns == ["5550002221", "9785550002223"])
        #expect(r.pageCount == 590)
        #expect(f.row("Glass Lantern")?.notes == "\"Best book\" said a friend")
        #expect(f.row("Glass Lantern")?.rating == 5)
        #expect(f.codes(DiagnosticCode.importBadValue.rawValue).isEmpty, "\(f.diagnostics.map(\.message))")
    }

    @Test("a TSV whose quoted fields hold tabs and line breaks is still read with quoting")
    func quotedTSVStillReads() throws {
        var text = BookFixtures.librarythingTSVText
        text = text.replacingOccurrences(of: "\tUseful\t", with: "\t\"Useful\tand\nlong\"\t")
        let f = BookExportReader.read(bytes: Array(text.utf8), name: "lt.tsv")
        #expect(f.malformed.isEmpty)
        #expect(f.rows.first?.notes == "Useful\tand\nlong")
    }

    @Test("UTF-16 without a byte-order mark, either byte order, is found by its NUL bytes")
    func utf16WithoutBOM() throws {
        let text = BookFixtures.librarythingTSVText
        var little: [UInt8] = [], big: [UInt8] = []
        for u in text.utf16 {
            little += [UInt8(u & 0xFF), UInt8(u >> 8)]
            big += [UInt8(u >> 8), UInt8(u & 0xFF)]
        }
        for (bytes, encoding) in [(little, TextDecoding.Encoding.utf16LE), (big, .utf16BE)] {
            let f = BookExportReader.read(bytes: bytes, name: "LibraryThing.xls")
            #expect(f.layout == "librarything-tsv")
            #expect(f.rows.first?.title == "Writing Plain Letters")
            #expect(f.rows.first?.authors == ["Ruth C. Freed", "Joe Romano"])
            #expect(TextDecoding.decode(bytes).encoding == encoding)
        }
        // Text that only happens to hold NUL bytes elsewhere is not taken for UTF-16.
        #expect(TextDecoding.utf16Layout(Array("a,b\n1,2\n".utf8) + [0, 0, 0]) == nil)
    }

    @Test("StoryGraph: quarter stars kept, a begun read (`2025/04/19-`) is a start date, a re-read count is kept")
    func storygraphQuartersAndBegunReads() throws {
        let header = "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Star Rating,Review,Tags,Owned?"
        let text = header + "\n"
            + "Quarter Moon,Ann Lee,,9780306406157,paperback,read,2024/01/02,2025/04/21,2025/04/19-2025/04/21,2,,,3.75,,,No\n"
            + "Begun Again,Ann Lee,,,paperback,currently-reading,2024/01/02,,2025/05/01-,1,,,,,,No\n"
            + "Iso Begun,Ann Lee,,,paperback,currently-reading,2024/01/02,,2025-05-02-,1,,,,,,No\n"
            + "Too Many,Ann Lee,,,paperback,read,2024/01/02,,,1,,,5.5,,,No\n"
        let f = BookFixtures.read(text, "sg.csv")
        let q = try #require(f.row("Quarter Moon"))
        #expect(q.personalRating == 3.75)
        #expect(q.rating == nil)
        #expect(f.unkept["Read Count"] == nil && q.readCount == 2, "the read count is kept")
        let begun = try #require(f.row("Begun Again"))
        #expect(begun.dateStarted == BookFixtures.day(2025, 5, 1))
        #expect(begun.dateCompleted == nil)
        #expect(f.row("Iso Begun")?.dateStarted == BookFixtures.day(2025, 5, 2))
        #expect(f.row("Too Many")?.personalRating == nil)
        #expect(f.codes(DiagnosticCode.importBadValue.rawValue).map(\.field) == ["Star Rating"])
    }

    @Test("a suffix after a comma stays with its name (`Martin Luther King, Jr.`) in additional authors and contributors")
    func nameSuffixes() throws {
        #expect(BookValues.names("Martin Luther King, Jr., Ann Lee, Bo Chen, III") == ["Martin Luther King, Jr.", "Ann Lee", "Bo Chen, III"])
        #expect(BookValues.names("Ann Lee (Translator), Sam Ray, Jr. (Foreword)") == ["Ann Lee (Translator)", "Sam Ray, Jr. (Foreword)"])
        #expect(BookValues.names("Jr., Ann Lee") == ["Jr.", "Ann Lee"], "nothing before it to join")
        #expect(BookValues.names("Ann Lee, Jr., Bo Chen, Jr., Ann Lee, Jr.") == ["Ann Lee, Jr.", "Bo Chen, Jr."], "a shared suffix stays with each name")
        let text = BookFixtures.goodreads24Header + "\n"
            + #"6001,Strength to Love,Coretta Lee,"Lee, Coretta","Martin Luther King, Jr., Ann Moor","=""""","=""""",0,,,,,,,,2024/01/01,to-read,,to-read,,,,0,0"# + "\n"
        #expect(BookFixtures.read(text).rows.first?.authors == ["Coretta Lee", "Martin Luther King, Jr.", "Ann Moor"])
    }

    @Test("blank fields past the header's end (a trailing comma) are read; a value there makes the row malformed")
    func trailingFields() throws {
        let line = BookFixtures.goodreads24.split(separator: "\n")[2]
        let text = BookFixtures.goodreads24Header + "\n" + line + ",\n" + line + ", ,\n" + line + ",extra\n"
        let f = BookFixtures.read(text)
        #expect(f.rows.count == 2)
        #expect(f.malformed.map(\.position) == ["goodreads_library_export.csv:4"])
    }

    @Test("one rating per entry: Goodreads' 5 and StoryGraph's newer 4.5 are a conflict the policy decides; 5 and 5.0 are not")
    func oneRatingPerEntry() throws {
        func goodreads(_ rating: Int) -> BookFileRead {
            BookFixtures.read(BookFixtures.goodreads24Header + "\n"
                + #"7001,Night Garden,Ann Lee,"Lee, Ann",,"=""0306406152""","=""9780306406157""",\#(rating),,,,,,,2020/01/02,2020/01/01,read,,read,,,,1,0"# + "\n")
        }
        func storygraph(_ stars: String) -> BookFileRead {
            BookFixtures.read("Title,Authors,ISBN/UID,Read Status,Date Added,Dates Read,Star Rating\n"
                + "Night Garden,Ann Lee,9780306406157,read,2020/01/01,2021/05/01,\(stars)\n", "sg.csv")
        }
        let conflict = BookImport.run([goodreads(5), storygraph("4.5")], options: BookFixtures.options)
        let e = try #require(conflict.library.entries.first)
        #expect(conflict.library.entries.count == 1)
        #expect(e.personalRating == 4.5)
        #expect(e.rating == nil, "never 5 beside 4.5")
        #expect(conflict.diagnostics.contains { $0.code == DiagnosticCode.booksImportEntryConflict.rawValue && $0.message.contains("rating 5 (kept 4.5") })
        let same = BookImport.run([goodreads(5), storygraph("5")], options: BookFixtures.options)
        #expect(same.library.entries.first?.rating == 5)
        #expect(same.library.entries.first?.personalRating == 5)
        #expect(!same.diagnostics.contains { $0.code == DiagnosticCode.booksImportEntryConflict.rawValue && $0.message.contains("rating") })
    }
}
