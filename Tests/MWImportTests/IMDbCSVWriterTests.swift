import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import Testing

@Suite("imdb-csv writer")
struct IMDbCSVWriterTests {
    typealias W = IMDbCSVWriter

    @Test func oneRowPerTitleWithAnIMDbIDInIMDbsColumns() throws {
        var heat = Lib.movie(1, "Heat", year: 1995, imdb: "tt0113277")
        heat.ratings = [Lib.rating("imdb", 9, of: 10, on: "2021-04-05")]
        let show = Lib.show(2, "Chernobyl", year: 2019, imdb: "tt7366338")
        let fx = try Fixture()
        let diagnostics = try write(Library(titles: [heat, show]), as: .imdb, to: fx.url("list.csv"))
        #expect(diagnostics.isEmpty)
        let out = try WrittenCSV(try bytes(fx.url("list.csv")))
        #expect(out.header == ["Const", "Title", "Title Type", "Year", "Your Rating", "Date Rated"])
        #expect(out.rows == [
            ["Const": "tt0113277", "Title": "Heat", "Title Type": "movie", "Year": "1995", "Your Rating": "9", "Date Rated": "2021-04-05"],
            ["Const": "tt7366338", "Title": "Chernobyl", "Title Type": "tvSeries", "Year": "2019", "Your Rating": "", "Date Rated": ""],
        ])
    }

    @Test func titlesWithoutAnIMDbIDAreReportedOneByOneAndLeftOut() {
        var titles = [Lib.movie(0, "Kept", imdb: "tt0000001")]
        titles += (1...7).map { Lib.movie($0, "No ID \($0)") }
        titles.append(Lib.show(8, nil))
        let (rows, diagnostics) = W.rows(Library(titles: titles))
        #expect(rows.map { $0[0] } == ["tt0000001"])
        let d = diagnostics.with(.writeNoIMDbID)
        #expect(d.count == 8 && d.allSatisfy { $0.severity == .warning })
        #expect(d.map(\.pointer) == (1...8).map { "/titles/\($0)" })
        #expect(d.last?.message.contains("stripped tv record (TMDb 5008)") == true)
        // The text reporter groups them: five in full, then a count.
        let text = TextReporter().lines(diagnostics, path: "list.csv")
        #expect(text.contains("list.csv: … and 3 more write-no-imdb-id warnings"))
    }

    @Test func yourRatingFromTenPointsElseFiveStarsTimesTwo() {
        func title(_ n: Int, _ ratings: [OriginalRating], liked: Int = 0) -> Title {
            var t = Lib.movie(n, "Film \(n)", imdb: "tt100000\(n)")
            t.ratings = ratings
            t.likedStatus = liked
            return t
        }
        let lib = Library(titles: [
            title(0, [Lib.rating("imdb", 7, of: 10, on: "2019-01-01"), Lib.rating("trakt", 9, of: 10, on: "2024-01-01")]),  // IMDb's own
            title(1, [Lib.rating("trakt", 6, of: 10, on: "2019-01-01"), Lib.rating("trakt", 8, of: 10, on: "2024-01-01")]),  // newest
            title(2, [Lib.rating("letterboxd", 4.5, of: 5, on: "2023-09-03")]),                                           // × 2
            title(3, [Lib.rating("letterboxd", 0.5, of: 5)]),
            title(4, [Lib.rating("letterboxd", 5, of: 5, on: "2024-01-01"), Lib.rating("trakt", 6, of: 10, on: "2019-01-01")]),  // 10 points first
            title(5, [], liked: 1),
            title(6, [Lib.rating("imdb", 11, of: 10)]),
        ])
        let (rows, diagnostics) = W.rows(lib)
        #expect(rows.map { [$0[4], $0[5]] } == [["7", "2019-01-01"], ["8", "2024-01-01"], ["9", "2023-09-03"], ["1", ""],
                                               ["6", "2019-01-01"], ["", ""], ["", ""]])
        #expect(diagnostics.with(.writeRatingOffScale).map(\.pointer) == ["/titles/6/ratings/0"])
        // Liked status only when asked: liked 8, disliked 4.
        #expect(W.rows(lib, ratingFromLiked: true).rows.map { $0[4] } == ["7", "8", "9", "1", "6", "8", ""])
        var disliked = Lib.movie(9, "Disliked", imdb: "tt0000009")
        disliked.likedStatus = -1
        #expect(W.rows(Library(titles: [disliked]), ratingFromLiked: true).rows.map { $0[4] } == ["4"])
    }

    @Test func quotingAndDeterminism() throws {
        let t = Lib.movie(1, "Crouching Tiger, \"Hidden\"\nDragon", year: 2000, imdb: "tt0190332")
        let fx = try Fixture()
        try write(Library(titles: [t]), as: .imdb, to: fx.url("a.csv"))
        try write(Library(titles: [t]), as: .imdb, to: fx.url("b.csv"))
        let a = try bytes(fx.url("a.csv"))
        #expect(a == (try bytes(fx.url("b.csv"))))
        #expect(String(decoding: a, as: UTF8.self) == "Const,Title,Title Type,Year,Your Rating,Date Rated\r\n"
            + "tt0190332,\"Crouching Tiger, \"\"Hidden\"\"\nDragon\",movie,2000,,\r\n")
    }
}
