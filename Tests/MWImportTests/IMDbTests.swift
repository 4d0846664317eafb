import Foundation
@testable import MWImport
import MWFoundation
import Testing

@Suite("IMDb")
struct IMDbTests {
    /// Generation 1 (≤ 2017): every field quoted, lower-case names, ctime dates, `Feature Film`, `????`.
    static let gen1 = """
    "position","const","created","modified","description","Title","Title type","Directors","You rated","IMDb Rating","Runtime (mins)","Year","Genres","Num. Votes","Release Date (month/day/year)","URL"
    "1","tt1375666","Sat Apr 23 08:36:35 2011","Sat Apr 23 08:36:35 2011","","Inception","Feature Film","Christopher Nolan","10","8.8","148","2010","action, sci_fi","1159852","2010-07-08","http://www.imdb.com/title/tt1375666/"
    "2","tt0000001","Sun Apr 24 10:00:00 2011","Sun Apr 24 10:00:00 2011","see it with Bo","Untitled Project","TV Series","","","","","????","","","","http://www.imdb.com/title/tt0000001/"

    """

    @Test func generation1() throws {
        let fx = try Fixture()
        try fx.write("WATCHLIST.csv", Self.gen1)
        let out = MWImport.read(sources: [fx.url("WATCHLIST.csv")])
        out.expectBalanced()
        #expect(out.file("WATCHLIST.csv")?.kind == .imdbList)
        let inception = try #require(out.item("Inception"))
        #expect(inception.kind == .movie && inception.rawType == "Feature Film")
        #expect(inception.ids.imdb == "tt1375666")
        #expect(inception.directors == ["Christopher Nolan"])
        #expect(inception.ratings.first?.value == 10 && inception.ratings.first?.scale == .tenPoint)
        let mark = try #require(inception.marks.first { $0.kind == .watchlist })
        #expect(mark.date?.precision == .localTime)
        #expect(mark.date?.raw == "Sat Apr 23 08:36:35 2011")
        #expect(mark.date?.day == "2011-04-23")
        let untitled = try #require(out.item("Untitled Project"))
        #expect(untitled.year == nil && untitled.kind == .tvShow)
        #expect(untitled.marks.first?.detail == "see it with Bo", "the user's description is kept")
        #expect(out.lists.isEmpty, "the watchlist is a mark, not a list")
    }

    @Test func generation2RatingsInWindows1252WithRaggedRowsAndGames() throws {
        let fx = try Fixture()
        var bytes = Array("Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n".utf8)
        bytes += Array("tt0211915,9,2024-01-11,".utf8) + [0x41, 0x6D, 0xE9, 0x6C, 0x69, 0x65] // "Amélie" in Windows-1252
        bytes += Array(",https://www.imdb.com/title/tt0211915/,movie,8.3,122,2001,\"Comedy, Romance\",800000,2001-04-25,Jean-Pierre Jeunet\n".utf8)
        bytes += Array("tt10233448,7,2024-01-11,Vinland Saga,https://www.imdb.com/title/tt10233448/,tvSeries,8.8,24,2019,Animation,65393,2019-07-06,\n".utf8)
        bytes += Array("tt2140553,10,2024-01-12,The Last of Us,https://www.imdb.com/title/tt2140553/,videoGame,9.7,,2013,Action,85208,2013-06-14,\n".utf8)
        bytes += Array("tt0944947,8,2024-01-13,Game of Thrones\n".utf8)
        bytes += Array("tt0903747,10,2024-01-14,Breaking Bad,https://www.imdb.com/title/tt0903747/,tvMiniSeries,9.5,49,2008,Drama,2000000,2008-01-20,\n".utf8)
        try fx.write("ratings.csv", bytes: bytes)
        let out = MWImport.read(sources: [fx.url("ratings.csv")])
        out.expectBalanced()
        let stats = try #require(out.file("ratings.csv"))
        #expect(stats.kind == .imdbRatings)
        #expect(stats.rowsRead == 5)
        #expect(stats.itemsProduced == 3)
        #expect(stats.ignored["video game (not imported)"] == 1)
        #expect(stats.malformed.count == 1 && stats.malformed[0].position.hasSuffix("ratings.csv:5"))
        let amelie = try #require(out.item("Amélie"))
        #expect(amelie.ratings.first?.date?.day == "2024-01-11" && amelie.ratings.first?.date?.precision == .day)
        #expect(out.item("Vinland Saga")?.kind == .tvShow)
        #expect(out.item("Breaking Bad")?.kind == .tvShow)
    }

    /// Generation 3 (mid-2024+): `Original Title`, display types, a bare Const, a repeated Const, podcasts.
    static let gen3 = """
    Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated
    1,tt0468569,2023-07-09,2024-02-01,,The Dark Knight,The Dark Knight,https://www.imdb.com/title/tt0468569/,Movie,9,152,2008,"Action, Crime",3041074,2008-07-18,Christopher Nolan,8,2025-02-02
    1,tt0468569,2023-07-10,2024-02-02,,The Dark Knight,The Dark Knight,https://www.imdb.com/title/tt0468569/,Movie,9,152,2008,"Action, Crime",3041074,2008-07-18,Christopher Nolan,,
    2,16968450,2023-07-13,2024-02-05,so short,The Wonderful Story of Henry Sugar,The Wonderful Story of Henry Sugar,https://www.imdb.com/title/tt16968450/,Short,7.4,40,2023,Short,81803,2023-09-20,Wes Anderson,,
    3,tt2301451,2023-07-15,2024-02-07,,Breaking Bad: Ozymandias,Breaking Bad: Ozymandias,https://www.imdb.com/title/tt2301451/,TV Episode,10,47,2013,Crime,253408,2013-09-15,Rian Johnson,10,2025-02-04
    4,tt7366338,2023-07-16,2024-02-08,,Chernobyl,Chernobyl,https://www.imdb.com/title/tt7366338/,TV Mini Series,9.3,60,2019,Drama,960212,2019-05-06,,,
    5,tt11959186,2023-07-23,2024-02-15,,Hardcore History,Hardcore History,https://www.imdb.com/title/tt11959186/,Podcast Series,9.4,,2006,History,52,2006-07-26,,,
    6,tt16843246,2023-07-24,2024-02-16,,Some Podcast: Ep,Some Podcast: Ep,https://www.imdb.com/title/tt16843246/,Podcast Episode,9,,2024,Talk,5,2024-01-01,,,
    7,tt0245429,2023-07-25,2024-02-17,,Spirited Away,Sen to Chihiro no kamikakushi,https://www.imdb.com/title/tt0245429/,Movie,8.6,125,2001,Animation,900000,2001-07-20,Hayao Miyazaki,,

    """

    @Test func generation3ListFoldsDuplicatesAndNormalisesConsts() throws {
        let fx = try Fixture()
        try fx.write("ls012345678.csv", Self.gen3)
        let out = MWImport.read(sources: [fx.url("ls012345678.csv")])
        out.expectBalanced()
        let stats = try #require(out.file("ls012345678.csv"))
        #expect(stats.rowsRead == 8)
        #expect(stats.duplicatesFolded == 1)
        #expect(stats.ignored["podcast (not imported)"] == 2)
        #expect(out.items.count == 5)
        let knight = try #require(out.item("The Dark Knight"))
        #expect(knight.ratings.count == 1 && knight.ratings[0].value == 8)
        #expect(knight.lists.count == 1 && knight.lists[0].listName == "ls012345678" && knight.lists[0].addedAt?.day == "2023-07-09")
        #expect(knight.sources.count == 2)
        let sugar = try #require(out.item("The Wonderful Story of Henry Sugar"))
        #expect(sugar.ids.imdb == "tt16968450")
        #expect(sugar.lists.first?.note == "so short")
        #expect(out.item("Breaking Bad: Ozymandias")?.kind == .episode)
        #expect(out.item("Chernobyl")?.kind == .tvShow)
        #expect(out.item("Spirited Away")?.originalTitle == "Sen to Chihiro no kamikakushi")
        #expect(out.item("The Dark Knight")?.originalTitle == nil, "an original title equal to the title adds nothing")
        #expect(out.lists.map(\.name) == ["ls012345678"])
    }

    @Test func constNormalisation() {
        #expect(Values.imdbID("16968450") == "tt16968450")
        #expect(Values.imdbID("123") == "tt0000123")
        #expect(Values.imdbID("TT0111161") == "tt0111161")
        #expect(Values.imdbID("https://www.imdb.com/title/tt0111161/") == "tt0111161")
        #expect(Values.imdbID("") == nil)
        #expect(Values.imdbID("nm0000001") == nil)
    }
}
