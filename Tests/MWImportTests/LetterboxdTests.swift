import Foundation
@testable import MWImport
import MWFoundation
import Testing

/// A 2024-style Letterboxd export (boxd.it links, CRLF in the main files), written by us.
enum LetterboxdFixture {
    static let watched = crlf("""
    Date,Name,Year,Letterboxd URI
    2023-09-02,On the Line,2022,https://boxd.it/B0DK
    2023-09-03,Past Lives,2023,https://boxd.it/oNB8
    2023-09-05,Nameless Short,,https://boxd.it/zz01

    """)
    // Two diary entries for Past Lives (the second a rewatch with tags), one with 4.5 stars.
    static let diary = crlf("""
    Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
    2023-09-04,Past Lives,2023,https://boxd.it/4P7hnr,4.5,,,2023-09-03
    2023-10-01,Past Lives,2023,https://boxd.it/4UNbuZ,5,Yes,"cinema, with mum",2023-09-30
    2023-09-02,On the Line,2022,https://boxd.it/4MNHxf,1.5,,,2023-09-01

    """)
    // The review belongs to the On the Line diary entry (same entry link); it spans lines with
    // CRLF inside the quotes and holds HTML.
    static let reviews = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\r\n"
        + "2023-09-02,On the Line,2022,https://boxd.it/4MNHxf,1.5,,\"<blockquote>What kind of movie is this?</blockquote>\r\n\r\nI <i>liked</i> the \"\"bus\"\" scene.\",,2023-09-01\r\n"
    static let ratings = crlf("""
    Date,Name,Year,Letterboxd URI,Rating
    2023-09-02,On the Line,2022,https://boxd.it/B0DK,1.5
    2023-10-01,Past Lives,2023,https://boxd.it/oNB8,4.5

    """)
    static let watchlist = crlf("""
    Date,Name,Year,Letterboxd URI
    2023-09-26,Sanctuary,2022,https://boxd.it/wPKW
    2023-09-27,@Home,2021,https://boxd.it/wPKX

    """)
    static let likedFilms = "Date,Name,Year,Letterboxd URI\n2023-09-03,Past Lives,2023,https://boxd.it/oNB8\n"
    static let likedLists = "Date,Content\n2023-10-27,https://boxd.it/nnsMc\n2023-11-26,https://boxd.it/kmkPe\n"
    static let likedReviews = "Date,Content\n2023-08-07,https://boxd.it/4lYVKh\n"
    static let comments = "Date,Content,Comment\n2023-12-24,https://boxd.it/5nEvDl,\"Nice one.\nReally.\"\n"
    static let list = """
    Letterboxd list export v7
    Date,Name,Tags,URL,Description
    2024-11-23,Five Stars,"best, forever",https://boxd.it/ACVa4,"The best of the best.

    [Always in progress.]"

    Position,Name,Year,URL,Description
    1,Past Lives,2023,https://boxd.it/oNB8,"Cried twice."
    2,Sanctuary,2022,https://boxd.it/wPKW,

    """
    static let deletedDiary = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2023-09-14,The Crowded Room,2023,https://boxd.it/4Qj56V,4.5,,,2023-09-13\n"
    static let orphanedReviews = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n2023-11-18,Soulmates,2020,,3.5,,\"An episode.\",,2023-11-17\n"
    static let profile = "Date Joined,Username,Given Name,Family Name,Email Address\n2020-01-01,secretuser,Ann,Example,ann@example.invalid\n"

    /// name → content, as the export ZIP lays them out.
    static var files: [(String, [UInt8])] {
        [
            ("watched.csv", watched), ("diary.csv", diary), ("reviews.csv", reviews), ("ratings.csv", ratings),
            ("watchlist.csv", watchlist), ("likes/films.csv", likedFilms), ("likes/lists.csv", likedLists),
            ("likes/reviews.csv", likedReviews), ("comments.csv", comments), ("lists/five-stars.csv", list),
            ("deleted/diary.csv", deletedDiary), ("orphaned/reviews.csv", orphanedReviews), ("profile.csv", profile),
        ].map { ($0.0, Array($0.1.utf8)) } + [("lists/broken.csv", [UInt8](repeating: 0, count: 434))]
    }

    static func folder(_ fx: Fixture) throws -> URL {
        for (name, bytes) in files { try fx.write("export/" + name, bytes: bytes) }
        return fx.url("export")
    }
}

@Suite("Letterboxd")
struct LetterboxdTests {
    @Test func aFullExportFolderFoldsRowsIntoFilms() throws {
        let fx = try Fixture()
        let out = MWImport.read(sources: [try LetterboxdFixture.folder(fx)])
        out.expectBalanced()
        // Films: On the Line, Past Lives, Nameless Short, Sanctuary, @Home (deleted/orphaned left out).
        #expect(Set(out.items.map(\.title)) == ["On the Line", "Past Lives", "Nameless Short", "Sanctuary", "@Home"])
        #expect(out.items.allSatisfy { $0.source.service == .letterboxd && $0.kind == .movie })

        let past = try #require(out.item("Past Lives", year: 2023))
        #expect(past.watches.count == 2)
        #expect(past.watches.map { $0.date?.day } == ["2023-09-03", "2023-09-30"])
        #expect(past.watches.allSatisfy { $0.date?.precision == .day })
        #expect(past.watches.map(\.rewatch) == [false, true])
        #expect(past.watches[1].loggedDate?.day == "2023-10-01")
        #expect(past.watches[1].tags == ["cinema", "with mum"])
        #expect(past.tags == ["cinema", "with mum"])
        #expect(past.ratings.map(\.value).contains(4.5))
        #expect(past.ratings.allSatisfy { $0.scale == .halfStars5 })
        #expect(past.has(.watched) && past.isLiked)
        // The film link comes from film-level files, never a diary entry link.
        #expect(past.ids.letterboxdURI == "https://boxd.it/oNB8")
        #expect(past.watches[0].source.uri == "https://boxd.it/4P7hnr" && past.watches[0].source.file == "diary.csv")
        #expect(past.lists.count == 1)
        #expect(past.lists.first?.position == 1 && past.lists.first?.note == "Cried twice.")

        let line = try #require(out.item("On the Line"))
        #expect(line.watches.count == 1, "the review is the diary entry's, not a second watch")
        #expect(line.reviews.count == 1)
        let review = try #require(line.reviews.first)
        #expect(review.text == "<blockquote>What kind of movie is this?</blockquote>\n\nI <i>liked</i> the \"bus\" scene.")  // the file's CRLF read as LF
        #expect(review.isHTML)
        #expect(review.watchedDate?.day == "2023-09-01")
        #expect(review.source.line == 2)

        let nameless = try #require(out.item("Nameless Short"))
        #expect(nameless.year == nil)
        #expect(out.item("Sanctuary")?.isWatchlisted == true)
        #expect(out.item("@Home")?.isWatchlisted == true)

        let list = try #require(out.lists.first { $0.name == "Five Stars" })
        #expect(list.description == "The best of the best.\n\n[Always in progress.]")
        #expect(list.tags == ["best", "forever"])
        #expect(list.uri == "https://boxd.it/ACVa4")
        #expect(out.file("lists/five-stars.csv")?.rowsRead == 2)
    }

    @Test func otherPeoplesContentAndDeletedEntriesAreCountedNotImported() throws {
        let fx = try Fixture()
        let out = MWImport.read(sources: [try LetterboxdFixture.folder(fx)])
        #expect(out.file("comments.csv")?.rowsRead == 1)
        #expect(out.file("comments.csv")?.ignoredCount == 1)
        #expect(out.file("likes/lists.csv")?.ignoredCount == 2)
        #expect(out.file("likes/reviews.csv")?.ignoredCount == 1)
        #expect(out.file("deleted/diary.csv")?.ignoredCount == 1)
        #expect(out.file("orphaned/reviews.csv")?.ignoredCount == 1)
        #expect(out.items("The Crowded Room").isEmpty && out.items("Soulmates").isEmpty)

        let all = MWImport.read(sources: [try LetterboxdFixture.folder(fx)], options: ImportOptions(includeDeleted: true))
        all.expectBalanced()
        #expect(all.item("The Crowded Room")?.ratings.first?.value == 4.5)
        let soul = try #require(all.item("Soulmates"))
        #expect(soul.reviews.first?.text == "An episode.")
        #expect(soul.watches.first?.date?.day == "2023-11-17")
    }

    @Test func profileIsNeverReadAndANULFileIsAMalformedFile() throws {
        let fx = try Fixture()
        let out = MWImport.read(sources: [try LetterboxdFixture.folder(fx)])
        let profile = try #require(out.file("profile.csv"))
        #expect(profile.read == false && profile.kind == .withheld)
        let everything = String(decoding: try JSONEncoder().encode(out), as: UTF8.self)
        #expect(!everything.contains("secretuser") && !everything.contains("ann@example.invalid"))

        let broken = try #require(out.file("lists/broken.csv"))
        #expect(broken.read == false && broken.malformed.count == 1)
        #expect(broken.service == .letterboxd)
        #expect(out.diagnostics(.importMalformedFile).count == 1)
        #expect(out.item("Past Lives") != nil, "the rest of the export is still read")
    }

    @Test func theExportZIPReadsLikeItsFolderWhateverItsName() throws {
        let fx = try Fixture()
        let zip = try fx.zip("letterboxd-user-2024-01-01-00-00-utc.bin", LetterboxdFixture.files.map { ("letterboxd-user/" + $0.0, $0.1) })
        let fromZip = MWImport.read(sources: [zip])
        let fromFolder = MWImport.read(sources: [try LetterboxdFixture.folder(fx)])
        #expect(fromZip.items.count == fromFolder.items.count)
        #expect(fromZip.item("Past Lives")?.watches.count == 2)
        #expect(fromZip.file("letterboxd-user/comments.csv")?.ignoredCount == 1)
        #expect(fromZip.file("letterboxd-user/profile.csv")?.read == false)
        #expect(fromZip.file("letterboxd-user/deleted/diary.csv")?.ignoredCount == 1)
    }

    @Test func the2019ExportWithFullURLsAndAnEmptyLineAboveItsLists() throws {
        let fx = try Fixture()
        try fx.write("lb/diary.csv", """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        2019-01-02,Get the Gringo,2012,https://letterboxd.com/someone/film/get-the-gringo/,,,,2012-10-14
        2019-01-03,Get the Gringo,2012,https://letterboxd.com/someone/film/get-the-gringo/1/,3,Yes,,2019-01-03

        """)
        try fx.write("lb/watched.csv", "Date,Name,Year,Letterboxd URI\n2018-12-16,Get the Gringo,2012,https://letterboxd.com/film/get-the-gringo/\n")
        try fx.write("lb/lists/zatoichi.csv", """

        Date,Name,Tags,URL,Description
        2019-09-18,Zatoichi,,https://letterboxd.com/someone/list/zatoichi/,

        Position,Name,Year,URL,Description
        1,The Tale of Zatoichi,1962,https://letterboxd.com/film/the-tale-of-zatoichi/,
        2,Zatoichi,2003,https://letterboxd.com/film/zatoichi/,

        """)
        let out = MWImport.read(sources: [fx.url("lb")])
        out.expectBalanced()
        let g = try #require(out.item("Get the Gringo"))
        #expect(g.ids.letterboxdSlug == "get-the-gringo")
        #expect(g.ids.letterboxdURI == "https://letterboxd.com/film/get-the-gringo/")
        #expect(g.watches.count == 2 && g.watches[1].rewatch)
        #expect(g.ratings.first?.value == 3)
        #expect(out.file("lists/zatoichi.csv")?.kind == .letterboxdList)
        #expect(out.lists.first?.name == "Zatoichi")
        #expect(out.item("Zatoichi", year: 2003)?.lists.first?.position == 2)
        #expect(out.item("The Tale of Zatoichi")?.ids.letterboxdSlug == "the-tale-of-zatoichi")
    }

    @Test func headerOnlyFilesReadAsEmptyAndBadValuesAreReportedNotFatal() throws {
        let fx = try Fixture()
        try fx.write("lb/watchlist.csv", "Date,Name,Year,Letterboxd URI\r\n")
        try fx.write("lb/reviews.csv", "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n")
        try fx.write("lb/ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n2023-01-01,Heat,1995,https://boxd.it/1,4.3\n2023-01-02,,1995,https://boxd.it/2,4\n2023-01-03,Alien,????,https://boxd.it/3,0.5\n")
        let out = MWImport.read(sources: [fx.url("lb")])
        out.expectBalanced()
        #expect(out.file("watchlist.csv")?.rowsRead == 0 && out.file("watchlist.csv")?.read == true)
        #expect(out.file("reviews.csv")?.rowsRead == 0)
        #expect(out.file("ratings.csv")?.rowsRead == 3)
        #expect(out.file("ratings.csv")?.malformed.first?.position.hasSuffix("ratings.csv:3") == true)
        let heat = try #require(out.item("Heat"))
        #expect(heat.ratings.isEmpty)
        #expect(heat.extras.contains { $0.field == "Rating" && $0.value == "4.3" }, "an off-scale rating is kept, not lost")
        let bad = try #require(out.diagnostics(.importBadValue).first)
        #expect(bad.line == 2 && bad.field == "Rating")
        #expect(out.item("Alien")?.year == nil)
        #expect(out.item("Alien")?.ratings.first?.value == 0.5)
    }

    @Test func filmsSharingANameAndYearStayApart() throws {
        let fx = try Fixture()
        try fx.write("lb/watched.csv", "Date,Name,Year,Letterboxd URI\n2020-01-01,Rain,2019,https://boxd.it/l8jm\n2020-01-02,Rain,2019,https://boxd.it/xDZ8\n")
        try fx.write("lb/ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n2020-01-03,Rain,2019,https://boxd.it/xDZ8,2\n")
        try fx.write("lb/diary.csv", "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2020-01-04,Rain,2019,https://boxd.it/9ENTRY,,,,2020-01-04\n")
        let out = MWImport.read(sources: [fx.url("lb")])
        out.expectBalanced()
        let rains = out.items("Rain", year: 2019)
        #expect(rains.count == 2)
        #expect(rains.first { $0.ids.letterboxdURI == "https://boxd.it/xDZ8" }?.ratings.first?.value == 2)
        #expect(rains.first { $0.ids.letterboxdURI == "https://boxd.it/l8jm" }?.ratings.isEmpty == true)
        #expect(rains.reduce(0) { $0 + $1.watches.count } == 1, "the diary entry is kept once")
        #expect(out.diagnostics(.importAmbiguousRow).count == 1)
    }

    @Test func detectionIsByContent() {
        let diary = Array(LetterboxdFixture.diary.utf8)
        #expect(LetterboxdReader.detect(bytes: diary, name: "whatever.txt") == .letterboxdDiary)
        #expect(LetterboxdReader.detect(bytes: Array(LetterboxdFixture.list.utf8), name: "x") == .letterboxdList)
        #expect(LetterboxdReader.detect(bytes: Array("Const,Title\n".utf8), name: "diary.csv") == nil)
        #expect(LetterboxdReader.detect(bytes: Array(LetterboxdFixture.watched.utf8), name: "watchlist.csv") == .letterboxdWatchlist)
    }
}
