import Foundation
import MWCore
import MWImport
import MWJobs
import Testing

/// A TMDb account's CSV exports, our own fixtures written from the format facts (docs/IMPORT.md
/// "TMDb"): one header for ratings, watchlist and favourites; an episode rating under the
/// episode's own ids.
@Suite struct TMDbAccountTests {
    static let header = "TMDb ID,IMDb ID,Type,Name,Release Date,Season Number,Episode Number,Rating,Your Rating,Date Rated\n"

    func read(_ files: [(String, String)]) throws -> ForeignExport {
        let fx = try Fixture()
        let urls = try files.map { try fx.write("tmdb/" + $0.0, $0.1) }
        _ = urls
        return MWImport.read(sources: [fx.url("tmdb")], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
    }

    @Test func ratingsWatchlistFavouritesAndEpisodeRatings() throws {
        let r = try read([
            ("ratings.csv", Self.header + "85987,tt0583459,tv,Friends S1E1,1994-09-22T00:00:00Z,1,1,6.976,8,2023-01-07T16:35:52Z\n"
                + "680,tt0110912,movie,Pulp Fiction,1994-09-10T00:00:00Z,,,8.49,9,2023-05-02T09:40:27Z\n"
                + "681,,documentary,Odd,,,,,5,2023-05-02T09:40:27Z\n"),
            ("watchlist.csv", Self.header + "1396,tt0903747,tv,Breaking Bad,2008-01-20T00:00:00Z,,,8.886,,2023-05-02T13:22:44Z\n"),
            ("favorites.csv", Self.header + "680,tt0110912,movie,Pulp Fiction,1994-09-10T00:00:00Z,,,8.49,,2023-06-01T00:00:00Z\n"),
        ])
        #expect(Set(r.files.map(\.kind)) == ["tmdbRatings", "tmdbWatchlist", "tmdbFavorites"])
        let ep = try #require(r.items.first { $0.kind == .episode })
        // The row's TMDb ID is the episode's: never taken for the show's.
        #expect(ep.episode?.showTitle == "Friends" && ep.episode?.showIDs.tmdb == nil && ep.episode?.season == 1 && ep.episode?.number == 1)
        #expect(ep.ids.imdb == "tt0583459" && ep.ratings.map(\.value) == [8])
        let pulp = try #require(r.items.first { $0.ids.tmdb == 680 })
        #expect(pulp.ratings.map(\.value) == [9] && pulp.has(.favorite))
        #expect(r.items.first { $0.ids.tmdb == 1396 }?.has(.watchlist) == true)
        #expect(r.files.first { $0.kind == "tmdbRatings" }?.malformed.count == 1)  // a Type that is neither movie nor tv
    }
}
