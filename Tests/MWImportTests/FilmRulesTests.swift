import Foundation
@testable import MWImport
import MWCore
import MWFoundation
import Testing

/// Issue 30 §4 on our own fixtures: a MyAnimeList finish date on an entry still being watched is
/// kept; a TMDb favourites file is the Favorites list whether or not its rating column is filled;
/// IMDb's older spelled-out title types are known kinds.
@Suite struct FilmRulesTests {
    @Test func aFinishDateOnAWatchingOrOnHoldEntryIsKeptAsAViewing() throws {
        let xml = MyAnimeListTests.list([
            MyAnimeListTests.entry(1, "Mob Psycho 100", "TV", status: "Watching", start: "2021-03-04", finish: "2020-02-01"),
            MyAnimeListTests.entry(2, "Akira", "Movie", status: "On-Hold", finish: "2019-05-06"),
            MyAnimeListTests.entry(3, "Naruto", "TV", status: "Watching", start: "2021-03-04"),
        ])
        let fx = try Fixture()
        let out = MyAnimeListTests.read(try fx.write("animelist.xml", xml))
        out.expectBalanced()
        let days = { (t: String) in out.items.first { $0.title == t }?.watches.compactMap { $0.date?.day } ?? [] }
        #expect(days("Mob Psycho 100") == ["2020-02-01"] && days("Akira") == ["2019-05-06"] && days("Naruto").isEmpty)
        // Each entry is its own identity.
        #expect(out.items.map(\.ids.serviceID) == ["myanimelist:anime:1", "myanimelist:anime:2", "myanimelist:anime:3"])
    }

    @Test func aFavouritesFileIsTheFavoritesListWhetherOrNotItsRatingsAreFilled() throws {
        let h = TMDbAccountTests.header
        let r = try TMDbAccountTests().read([
            ("favorites.csv", h + "680,tt0110912,movie,Pulp Fiction,1994-09-10T00:00:00Z,,,8.49,9,2023-06-01T00:00:00Z\n"),
            ("watchlist.csv", h + "1396,tt0903747,tv,Breaking Bad,2008-01-20T00:00:00Z,,,8.886,,2023-05-02T13:22:44Z\n"),
        ])
        #expect(Set(r.files.map(\.kind)) == [TMDbAccountReader.tmdbWatchlist, TMDbAccountReader.tmdbFavorites])
        let pulp = try #require(r.items.first { $0.ids.tmdb == 680 })
        #expect(pulp.has(.favorite) && pulp.ratings.map(\.value) == [9] && pulp.ratings.first?.date == nil)
    }

    @Test func olderIMDbTitleTypesAreKnownKinds() {
        for t in ["Short Film", "TV Short", "TV Movie", "TV Series", "TV Mini-Series", "Video Game", "Feature Film", "Documentary"] {
            #expect(IMDbReader.isKnownType(t), "\(t)")
        }
        #expect(IMDbReader.kind("Short Film").0 == .movie && IMDbReader.kind("TV Short").0 == .movie)
    }
}
