import Foundation
@testable import MWImport
import MWCore
@testable import MWJobs
import MWFoundation
import MWTMDb
import Testing

/// Issue 24 §1: what real exports from the wild carry that files written to the format do not —
/// each rule on our own fixtures, written the way spreadsheets and the services write them.
@Suite("Real exports")
struct RealDataTests {
    /// Every error-severity diagnostic (any of them makes `mwkit import` exit 1).
    static func errors(_ out: ForeignExport) -> [Diagnostic] { out.diagnostics.filter { $0.severity == .error } }

    // MARK: Blank rows

    @Test func blankRowsAreSkippedAndCountedInEveryCSVService() throws {
        let fx = try Fixture()
        // Letterboxd diary, IMDb ratings and a TV Time tracking file, each with the `,,,,` rows a
        // spreadsheet leaves between and below the data.
        try fx.write("lb/diary.csv", """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        2021-01-02,Nightfall Harbor,1995,https://boxd.it/e001,4.5,,,2021-01-01
        ,,,,,,,
        2021-02-02,Élan Vital,2010,https://boxd.it/e003,2,,,2021-02-01
        ,,,,,,,
         , ,,,,,,

        """)
        try fx.write("ratings.csv", ImportFixture.imdbRatings + ",,,,,,,,,,,,\n,,,,,,,,,,,,\n")
        let out = MWImport.read(sources: [fx.url("lb"), fx.url("ratings.csv")])
        out.expectBalanced()
        #expect(Self.errors(out).isEmpty, "\(Self.errors(out))")
        let diary = try #require(out.file("diary.csv"))
        #expect(diary.ignored[ItemCollector.blankRow] == 3 && diary.malformed.isEmpty)
        #expect(diary.rowsRead == 5 && diary.itemsProduced == 2)
        let imdb = try #require(out.file("ratings.csv"))
        #expect(imdb.ignored[ItemCollector.blankRow] == 2 && imdb.malformed.isEmpty && imdb.itemsProduced == 1)
        #expect(out.item("Élan Vital")?.ratings.first?.value == 2, "the row after a blank one is read")
    }

    @Test func aBlankRowAboveTheHeaderIsNotTakenForTheHeader() throws {
        let csv = try CSVFile(bytes: Array(",,,\nConst,Title,Your Rating\ntt1,A,7\n".utf8), name: "x.csv")
        let t = try #require(csv.table { _ in true })
        #expect(t.header.fields == ["Const", "Title", "Your Rating"])
        #expect(t.rows.count == 1 && csv.blankRowCount == 1)
    }

    // MARK: Separator

    @Test func theSeparatorIsReadFromTheHeaderLine() throws {
        func detect(_ s: String) -> UnicodeScalar {
            Array(s.utf8).withUnsafeBufferPointer { CSVFile.delimiter(ofHeaderIn: $0) }
        }
        #expect(detect("Date;Name;Year;Letterboxd URI\n2021-01-01;\"A, B\";1995;x\n") == ";")
        #expect(detect("Date\tName\tYear\n") == "\t")
        #expect(detect("Date,Name,Year\n1;2;3;4;5;6\n") == ",", "the header decides, not the rows")
        #expect(detect("\"Title; the sequel\",Year\n") == ",", "separators inside quotes do not count")
        #expect(detect("Letterboxd list export v7\nDate;Name;Tags;URL;Description\n") == ";", "a title line without any is passed over")
        #expect(detect("Title\nA\n") == ",")
    }

    @Test func semicolonAndTabSeparatedExportsAreReadByEveryService() throws {
        let fx = try Fixture()
        // Letterboxd's diary and IMDb's ratings as a spreadsheet in a European locale saves them.
        let diary = ImportFixture.diary.replacingOccurrences(of: ",", with: ";").replacingOccurrences(of: "\"cinema; friends\"", with: "\"cinema, friends\"")
        try fx.write("lb/diary.csv", diary)
        try fx.write("ratings.csv", ImportFixture.imdbRatings.replacingOccurrences(of: ",", with: "\t"))
        let out = MWImport.read(sources: [fx.url("lb"), fx.url("ratings.csv")])
        out.expectBalanced()
        #expect(Self.errors(out).isEmpty, "\(Self.errors(out))")
        #expect(out.file("diary.csv")?.kind == .letterboxdDiary && out.file("ratings.csv")?.kind == .imdbRatings)
        let harbor = try #require(out.item("Nightfall Harbor", year: 1995))
        #expect(harbor.watches.count == 2)
        #expect(harbor.watches.contains { $0.tags == ["cinema", "friends"] }, "a quoted comma stays inside its field")
        #expect(out.item("Hollow Crown Road")?.ratings.first?.value == 8)
    }
}
