import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import Testing

@Suite("letterboxd-csv writer")
struct LetterboxdCSVWriterTests {
    typealias W = LetterboxdCSVWriter

    @Test func theHeaderIsLetterboxdsImportColumns() throws {
        let out = try WrittenCSV(try ServiceCSV.bytes(header: W.columns, rows: []))
        #expect(out.header == ["tmdbID", "imdbID", "Title", "Year", "Rating", "WatchedDate", "Rewatch", "Tags", "Review"])
    }

    @Test func oneRowPerViewingOldestFirstWithRewatches() {
        var t = Lib.movie(1, "Past Lives", year: 2023, imdb: "tt13238346")
        t.viewings = [Lib.viewing("2023-09-30", rewatch: true), Lib.viewing("2023-09-03")]
        t.watched = true
        t.watchedDate = Lib.day("2023-09-30")
        let (rows, diagnostics) = W.rows(Library(titles: [t]))
        #expect(diagnostics.isEmpty)
        #expect(rows == [
            ["1001", "tt13238346", "Past Lives", "2023", "", "2023-09-03", "", "", ""],
            ["1001", "tt13238346", "Past Lives", "2023", "", "2023-09-30", "true", "", ""],
        ])
    }

    @Test func daysAreExactAndInstantsTakeTheirUTCDay() {
        var t = Lib.movie(1, "Heat")
        t.viewings = [
            Viewing(date: Lib.instant("2024-03-10T23:30:00Z"), precision: .instant, source: "trakt"),
            Viewing(date: Lib.instant("2024-03-10T00:30:00+02:00"), precision: .instant, source: "trakt"),  // 2024-03-09 22:30 UTC
            Viewing(date: Lib.day("2024-01-01"), precision: .day),
            Viewing(date: nil, precision: .day, source: "letterboxd"),
        ]
        let (rows, _) = W.rows(Library(titles: [t]))
        // Undated first (oldest), then by time.
        #expect(rows.map { $0[5] } == ["", "2024-01-01", "2024-03-09", "2024-03-10"])
    }

    @Test func aTitleNeverViewedGetsOneRowWhenWatchedOrRated() {
        var watched = Lib.movie(1, "Watched")
        watched.watched = true
        watched.watchedDate = Lib.instant("2023-06-20T22:41:00.125Z")
        var watchedUndated = Lib.movie(2, "Watched, no date")
        watchedUndated.watched = true
        var rated = Lib.movie(3, "Rated")
        rated.ratings = [Lib.rating("imdb", 8, of: 10, on: "2020-05-05")]
        var unwatchedWithDate = Lib.movie(4, "Unwatched")
        unwatchedWithDate.watchedDate = Lib.day("2020-01-01")  // not watched: the date is not a watch
        unwatchedWithDate.ratings = [Lib.rating("letterboxd", 3, of: 5)]
        var liked = Lib.movie(5, "Liked only")
        liked.likedStatus = 1
        let watchlisted = Lib.movie(6, "Watchlist only")
        let (rows, _) = W.rows(Library(titles: [watched, watchedUndated, rated, unwatchedWithDate, liked, watchlisted]))
        #expect(rows.map { [$0[2], $0[4], $0[5]] } == [
            ["Watched", "", "2023-06-20"],
            ["Watched, no date", "", ""],
            ["Rated", "4", ""],
            ["Unwatched", "3", ""],
        ])
    }

    @Test func aLetterboxdRatingIsKeptAsIsAndTenPointsBecomeHalfStarsExactly() {
        var titles: [Title] = []
        for (n, (source, value, scale)) in [("letterboxd", 4.5, 5.0), ("imdb", 7, 10), ("trakt", 9, 10), ("imdb", 10, 10),
                                            ("imdb", 1, 10), ("letterboxd", 0.5, 5), ("tvtime", 3, 5)].enumerated() {
            var t = Lib.movie(n, "Film \(n)")
            t.ratings = [Lib.rating(source, value, of: scale, on: "2023-01-01")]
            titles.append(t)
        }
        let (rows, diagnostics) = W.rows(Library(titles: titles))
        #expect(diagnostics.isEmpty)
        #expect(rows.map { $0[4] } == ["4.5", "3.5", "4.5", "5", "0.5", "0.5", "3"])
    }

    @Test func letterboxdsOwnRatingWinsOverANewerOne() {
        var t = Lib.movie(1, "Heat")
        t.ratings = [Lib.rating("letterboxd", 3, of: 5, on: "2019-01-01"), Lib.rating("imdb", 8, of: 10, on: "2024-01-01")]
        #expect(W.rows(Library(titles: [t])).rows.map { $0[4] } == ["3"])
    }

    @Test func eachDiaryEntryKeepsItsOwnRatingAndTheCurrentOneIsNotLost() {
        // Rated 4.5 on the first watch, 5 on the rewatch, then changed to 4.5 (ratings.csv).
        var t = Lib.movie(1, "Past Lives", year: 2023)
        t.viewings = [Lib.viewing("2023-09-03"), Lib.viewing("2023-09-30", rewatch: true)]
        t.ratings = [Lib.rating("letterboxd", 4.5, of: 5, on: "2023-09-03"), Lib.rating("letterboxd", 5, of: 5, on: "2023-09-30"),
                     Lib.rating("letterboxd", 4.5, of: 5, on: "2023-10-01")]
        let (rows, _) = W.rows(Library(titles: [t]))
        #expect(rows.map { [$0[4], $0[5], $0[6]] } == [["4.5", "2023-09-03", ""], ["5", "2023-09-30", "true"], ["4.5", "", ""]])
    }

    @Test func aRatingGivenOnNoWatchDayGoesOnTheMostRecentRowOnly() {
        var t = Lib.movie(1, "Heat")
        t.viewings = [Lib.viewing("2019-01-01"), Lib.viewing("2023-01-01")]
        t.ratings = [Lib.rating("trakt", 8, of: 10, on: "2023-01-02")]
        let (rows, _) = W.rows(Library(titles: [t]))
        #expect(rows.map { [$0[4], $0[5]] } == [["", "2019-01-01"], ["4", "2023-01-01"]])
    }

    @Test func aRatingOffTheScaleIsReportedAndLeftEmpty() {
        var t = Lib.movie(1, "Heat")
        t.watched = true
        t.ratings = [Lib.rating("imdb", 0, of: 10, on: "2023-01-01")]
        let (rows, diagnostics) = W.rows(Library(titles: [t]))
        #expect(rows.map { $0[4] } == [""])
        let d = diagnostics.with(.writeRatingOffScale)
        #expect(d.count == 1 && d.first?.pointer == "/titles/0/ratings/0" && d.first?.severity == .warning)
    }

    @Test func ratingsFromLikedStatusOnlyWhenAsked() {
        var titles: [Title] = []
        for (n, liked) in [1, -1, 0].enumerated() {
            var t = Lib.movie(n, "Film \(n)")
            t.watched = true
            t.likedStatus = liked
            titles.append(t)
        }
        var kept = Lib.movie(3, "Kept")
        kept.watched = true
        kept.likedStatus = 1
        kept.ratings = [Lib.rating("letterboxd", 2.5, of: 5)]
        var likedUnwatched = Lib.movie(4, "Liked, not watched")
        likedUnwatched.likedStatus = 1
        titles += [kept, likedUnwatched]
        let lib = Library(titles: titles)
        #expect(W.rows(lib).rows.map { $0[4] } == ["", "", "", "2.5"])
        // A liked title never watched gets no row: liking is not watching.
        #expect(W.rows(lib, ratingFromLiked: true).rows.map { $0[4] } == ["4", "2", "", "2.5"])
    }

    @Test func tagsAreCommaJoinedOnEveryRow() {
        var t = Lib.movie(1, "Heat")
        t.viewings = [Lib.viewing("2019-01-01"), Lib.viewing("2023-01-01")]
        t.tags = ["cinema", "with mum", "35mm"]
        #expect(W.rows(Library(titles: [t])).rows.map { $0[7] } == ["cinema, with mum, 35mm", "cinema, with mum, 35mm"])
    }

    @Test func reviewsGoOnTheDiaryEntryTheyWereWrittenWithElseTheFirstRow() {
        var t = Lib.movie(1, "On the Line")
        t.viewings = [Lib.viewing("2023-09-01"), Lib.viewing("2023-09-30")]
        let early = Lib.review("N1", on: t, "Before any watch.", written: "2022-01-01")
        let first = Lib.review("N2", on: t, "<i>First</i> time.", written: "2023-09-02")
        let second = Lib.review("N3", on: t, "Second time.", written: "2023-10-01")
        let sameDay = Lib.review("N4", on: t, "Also on the rewatch.", written: "2023-09-30")
        let mine = Note(id: "N5", parentId: t.id, parentType: .title, text: "My private note", ownerOnly: true, dateCreated: Lib.day("2023-09-01"))
        let shared = Note(id: "N6", parentId: t.id, parentType: .title, text: "A shared note", ownerOnly: false, dateCreated: Lib.day("2023-09-01"))
        let blank = Lib.review("N7", on: t, "  \n", written: "2023-09-02")
        let (rows, diagnostics) = W.rows(Library(titles: [t], notes: [early, first, second, sameDay, mine, shared, blank]))
        #expect(rows.map { $0[8] } == ["Before any watch.\n\n<i>First</i> time.", "Second time.\n\nAlso on the rewatch."])
        let d = diagnostics.with(.writeNotesLeftOut)
        #expect(d.count == 1 && d.first?.message.hasPrefix("2 note(s)") == true)
    }

    @Test func showsHaveNoTMDbMovieIDAndUnidentifiableTitlesAreReported() {
        var show = Lib.show(1, "Chernobyl", year: 2019, imdb: "tt7366338")
        show.watched = true
        var strippedShow = Lib.show(2, nil)
        strippedShow.watched = true
        var strippedMovie = Lib.movie(3, nil)
        strippedMovie.watched = true
        let (rows, diagnostics) = W.rows(Library(titles: [show, strippedShow, strippedMovie]))
        #expect(rows == [["", "tt7366338", "Chernobyl", "2019", "", "", "", "", ""], ["1003", "", "", "", "", "", "", "", ""]])
        let d = diagnostics.with(.writeUnidentifiedTitle)
        #expect(d.count == 1 && d.first?.pointer == "/titles/1")
    }

    @Test func fieldsWithCommasQuotesAndLineBreaksAreQuotedPerRFC4180() throws {
        var t = Lib.movie(1, "Crouching Tiger, \"Hidden\" Dragon", year: 2000)
        t.viewings = [Lib.viewing("2023-01-01")]
        var plain = Lib.movie(2, "Amélie", year: 2001)
        plain.watched = true
        let review = Lib.review("N1", on: t, "Line one,\nline \"two\"\r\nend", written: "2023-01-02")
        let fx = try Fixture()
        try write(Library(titles: [t, plain], notes: [review]), as: .letterboxd, to: fx.url("out.csv"))
        let text = String(decoding: try bytes(fx.url("out.csv")), as: UTF8.self)
        #expect(text == "tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review\r\n"
            + "1001,,\"Crouching Tiger, \"\"Hidden\"\" Dragon\",2000,,2023-01-01,,,\"Line one,\nline \"\"two\"\"\r\nend\"\r\n"
            + "1002,,Amélie,2001,,,,,\r\n")
        let back = try WrittenCSV(try bytes(fx.url("out.csv")))
        #expect(back.column("Title") == ["Crouching Tiger, \"Hidden\" Dragon", "Amélie"])
        // Written as the library holds it (the bytes above); read back, a line break is LF.
        #expect(back.column("Review") == ["Line one,\nline \"two\"\nend", ""])
    }

    /// `n` watched films, one row each.
    static func library(rows n: Int) -> Library {
        Library(titles: (1...n).map { i in
            var t = Lib.movie(i, "Film \(i)")
            t.watched = true
            return t
        })
    }

    @Test func aThousandRowsAreOneFileAndOneMoreMakesAFolderOfTwo() throws {
        let fx = try Fixture()
        let one = fx.url("one.csv")
        try write(Self.library(rows: 1_000), as: .letterboxd, to: one)
        #expect(!AtomicDirectory.isDirectory(one))
        #expect(try WrittenCSV(try bytes(one)).rows.count == 1_000)

        let two = fx.url("two.csv")
        try write(Self.library(rows: 1_001), as: .letterboxd, to: two)
        #expect(AtomicDirectory.isDirectory(two))
        #expect(try FileManager.default.contentsOfDirectory(atPath: two.path).sorted() == ["letterboxd-001.csv", "letterboxd-002.csv"])
        let a = try WrittenCSV(try bytes(two.appendingPathComponent("letterboxd-001.csv")))
        let b = try WrittenCSV(try bytes(two.appendingPathComponent("letterboxd-002.csv")))
        #expect(a.header == W.columns && b.header == W.columns)
        #expect(a.rows.count == 1_000 && b.rows.count == 1)
        #expect(a.column("Title").first == "Film 1" && b.column("Title") == ["Film 1001"])
        // Nothing but the output is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fx.dir.path).sorted() == ["one.csv", "two.csv"])
    }

    @Test func anEarlierOutputIsReplacedButAUsersFolderNever() throws {
        let fx = try Fixture()
        let out = fx.url("out")
        try write(Self.library(rows: 1_001), as: .letterboxd, to: out)
        try write(Self.library(rows: 2_500), as: .letterboxd, to: out)   // folder over folder
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == 3)
        try write(Self.library(rows: 3), as: .letterboxd, to: out)       // file over folder
        #expect(!AtomicDirectory.isDirectory(out))
        #expect(try WrittenCSV(try bytes(out)).rows.count == 3)
        try write(Self.library(rows: 1_001), as: .letterboxd, to: out)   // folder over file
        #expect(AtomicDirectory.isDirectory(out))

        let mine = fx.url("mine")
        try fx.write("mine/holiday.txt", "photos")
        for n in [3, 1_001] {
            #expect(usageMessage { try write(Self.library(rows: n), as: .letterboxd, to: mine) }?.contains("not an earlier output") == true)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path) == ["holiday.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fx.dir.path).sorted() == ["mine", "out"])
    }

    @Test func aFolderCannotGoToStandardOutput() {
        #expect(usageMessage { try write(Self.library(rows: 1_001), as: .letterboxd, to: nil) }?.contains("1001 rows make 2 files") == true)
    }

    @Test func theSameLibraryGivesTheSameBytes() throws {
        var t = Lib.movie(1, "Past Lives", year: 2023, imdb: "tt13238346")
        t.viewings = [Lib.viewing("2023-09-03"), Lib.viewing("2023-09-30", rewatch: true)]
        t.ratings = [Lib.rating("letterboxd", 4.5, of: 5, on: "2023-09-03")]
        t.tags = ["b", "a"]
        let lib = Library(titles: [t] + Self.library(rows: 1_200).titles, notes: [Lib.review("N1", on: t, "Cried, twice.", written: "2023-09-04")])
        let fx = try Fixture()
        try write(lib, as: .letterboxd, to: fx.url("a"))
        try write(lib, as: .letterboxd, to: fx.url("b"))
        for name in ["letterboxd-001.csv", "letterboxd-002.csv"] {
            #expect(try bytes(fx.url("a/" + name)) == bytes(fx.url("b/" + name)))
        }
        #expect(try W.files(W.rows(lib).rows).map(\.bytes) == W.files(W.rows(lib).rows).map(\.bytes))
    }

    @Test func folderFilesAreNumberedWithThreeDigitsAtLeast() {
        #expect(W.fileName(1) == "letterboxd-001.csv")
        #expect(W.fileName(42) == "letterboxd-042.csv")
        #expect(W.fileName(1234) == "letterboxd-1234.csv")
        #expect(W.isOwnFolder(["letterboxd-001.csv", "letterboxd-1234.csv"]) && W.isOwnFolder([]))
        #expect(!W.isOwnFolder(["letterboxd-001.csv", "notes.txt"]) && !W.isOwnFolder(["letterboxd-x.csv"]))
    }
}
