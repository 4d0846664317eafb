import Foundation
@testable import MWImport
import MWCore
import MWJobs
import MWTMDb
import Testing

/// Our own small exports whose films are in ``TrapCatalogue``: a Letterboxd folder, an IMDb
/// ratings file and a Trakt history, with the rows the import counts end to end.
enum ImportFixture {
    /// Letterboxd: Nightfall Harbor (1995) twice in the diary (a rewatch with two tags), rated 4.5,
    /// reviewed in HTML; Élan Vital rated 2; Paper Lanterns with the wrong year (→ review);
    /// Quiet Meridian (no leading article) only in a list with a note; Fast & Loose on the watchlist.
    static let watched = """
    Date,Name,Year,Letterboxd URI
    2021-01-02,Nightfall Harbor,1995,https://boxd.it/aa01
    2021-02-02,Élan Vital,2010,https://boxd.it/aa02
    2021-03-02,Paper Lanterns,2013,https://boxd.it/aa03

    """
    static let diary = """
    Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
    2021-01-02,Nightfall Harbor,1995,https://boxd.it/e001,4.5,,,2021-01-01
    2022-05-06,Nightfall Harbor,1995,https://boxd.it/e002,4.5,Yes,"cinema, friends",2022-05-05
    2021-02-02,Élan Vital,2010,https://boxd.it/e003,2,,,2021-02-01

    """
    static let ratings = """
    Date,Name,Year,Letterboxd URI,Rating
    2022-05-06,Nightfall Harbor,1995,https://boxd.it/aa01,4.5
    2021-02-02,Élan Vital,2010,https://boxd.it/aa02,2

    """
    static let reviews = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\r\n"
        + "2022-05-06,Nightfall Harbor,1995,https://boxd.it/e002,4.5,Yes,\"<i>Better</i> the second time.\r\n\r\nStill great.\",\"cinema, friends\",2022-05-05\r\n"
    static let watchlist = "Date,Name,Year,Letterboxd URI\n2023-03-03,Fast & Loose,1988,https://boxd.it/aa05\n"
    static let list = """
    Letterboxd list export v7
    Date,Name,Tags,URL,Description
    2022-06-01,Quiet ones,,https://boxd.it/L1,"Films that stay."

    Position,Name,Year,URL,Description
    1,Quiet Meridian,2015,https://boxd.it/aa06,"Quiet."
    2,Nightfall Harbor,1995,https://boxd.it/aa01,

    """

    /// IMDb (generation 2): Hollow Crown Road by its IMDb ID, and Nightfall Harbor again
    /// (folded into the Letterboxd title once matched).
    static let imdbHeader = "Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n"
    static let imdbRatings = imdbHeader
        + "tt9000011,8,2020-07-07,Hollow Crown Road,https://www.imdb.com/title/tt9000011/,movie,7.1,100,1999,Drama,100,1999-09-09,Someone\n"

    /// Trakt: two episodes of Lighthouse Keepers (TMDb ID in the file), one watched twice.
    static func traktEpisode(_ id: Int, _ at: String, season: Int, number: Int) -> String {
        """
        {"id": \(id), "watched_at": "\(at)", "action": "watch", "type": "episode",
         "episode": {"season": \(season), "number": \(number), "title": "Episode \(number)", "ids": {"trakt": \(id), "tvdb": null, "imdb": null, "tmdb": \(90000 + id)}},
         "show": {"title": "Lighthouse Keepers", "year": 2011, "ids": {"trakt": 77, "slug": "lighthouse-keepers", "tvdb": 70003, "imdb": "tt9000203", "tmdb": 2003}}}
        """
    }
    static let traktHistory = "[" + [traktEpisode(1, "2024-09-10T13:52:56.000Z", season: 1, number: 1),
                                     traktEpisode(2, "2024-09-11T13:52:56.000Z", season: 1, number: 2),
                                     traktEpisode(3, "2024-10-11T20:00:00.000Z", season: 1, number: 1)].joined(separator: ",") + "]"

    /// Writes the Letterboxd folder `lb/`; returns its URL.
    @discardableResult
    static func letterboxd(_ fx: Fixture) throws -> URL {
        try fx.write("lb/watched.csv", watched)
        try fx.write("lb/diary.csv", diary)
        try fx.write("lb/ratings.csv", ratings)
        try fx.write("lb/reviews.csv", reviews)
        try fx.write("lb/watchlist.csv", watchlist)
        try fx.write("lb/lists/quiet-ones.csv", list)
        return fx.url("lb")
    }

    @discardableResult
    static func imdb(_ fx: Fixture) throws -> URL { try fx.write("imdb/ratings.csv", imdbRatings) }

    @discardableResult
    static func trakt(_ fx: Fixture) throws -> URL { try fx.write("trakt/watched-history.json", traktHistory) }

    /// Job options for the loopback server, with a private cache.
    static func options(_ sources: [URL], server: MatchingServer, fx: Fixture, output: String? = "out.json") async -> ImportJobOptions {
        var o = ImportJobOptions(sources: sources)
        o.output = output.map { fx.url($0) }
        o.tmdb.baseURL = await server.baseURL.absoluteString
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.tmdb.rate = 1000
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        return o
    }

    static let env = ["TMDB_API_KEY": MatchingServer.secret]
}

extension ImportFixture {
    /// IMDb ratings with Nightfall Harbor too (no IMDb ID TMDb knows: matched by search and
    /// folded into the Letterboxd title).
    static let imdbRatingsWithNightfall = imdbRatings
        + "tt9999901,9,2019-01-01,Nightfall Harbor,https://www.imdb.com/title/tt9999901/,movie,7.0,95,1995,Drama,50,1995-06-01,Someone\n"
}
