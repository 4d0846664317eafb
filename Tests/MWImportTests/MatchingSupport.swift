import Foundation
@testable import MWImport
import MWCore
import MWTMDb
import Testing

/// The test catalogue: our own invented titles, with the traps a matcher must not fall into.
enum TrapCatalogue {
    static func movie(_ id: Int64, _ title: String, _ date: String, original: String? = nil, imdb: String? = nil, popularity: Double = 1) -> CatalogueTitle {
        CatalogueTitle(id: id, type: "movie", title: title, original: original, date: date, imdb: imdb, popularity: popularity)
    }
    static func show(_ id: Int64, _ title: String, _ date: String, imdb: String? = nil, tvdb: Int? = nil) -> CatalogueTitle {
        CatalogueTitle(id: id, type: "tv", title: title, date: date, imdb: imdb, tvdb: tvdb)
    }

    static let titles: [CatalogueTitle] = [
        // Remakes with the same title, far apart and one year apart.
        movie(1001, "Nightfall Harbor", "1995-06-01"), movie(1002, "Nightfall Harbor", "2019-03-01"),
        movie(1009, "Silver Tide", "2004-04-04"), movie(1010, "Silver Tide", "2005-05-05"),
        // A film and a show of the same name and year.
        movie(1003, "Glass Orchard", "2001-05-05"), show(2001, "Glass Orchard", "2001-09-09"),
        // Accents, a leading article, `&`.
        movie(1004, "Élan Vital", "2010-02-02"),
        movie(1005, "The Quiet Meridian", "2015-04-04"),
        movie(1006, "Cafe Noir", "2008-01-01"), movie(1007, "Café Noir", "2008-11-11"),
        movie(1013, "Le Grand Voyage", "2004-04-04"),
        movie(1014, "Fast & Loose", "1988-08-08"),
        // Year off by one; no year on TMDb.
        movie(1008, "Paper Lanterns", "2012-12-12"),
        movie(1015, "Window Seat", ""),
        // Found only under its original title.
        movie(1016, "The Red Kite", "1977-07-07", original: "Le Cerf-Volant Rouge"),
        // A miniseries Letterboxd lists as a film.
        show(2002, "Ashfall Chronicles", "2019-05-05"),
        // Found by ID.
        movie(1011, "Hollow Crown Road", "1999-09-09", imdb: "tt9000011"),
        show(2003, "Lighthouse Keepers", "2011-01-01", imdb: "tt9000203", tvdb: 70003),
        // The wanted "Storm" is beyond the first page of popular namesakes.
        movie(1200, "Storm", "2003-03-03", popularity: 0.1),
    ] + (0..<25).map { movie(1100 + Int64($0), "Storm", "\(1950 + $0)-01-01", popularity: 50 - Double($0)) }

    static let episodes = [CatalogueEpisode(id: 5001, showId: 2003, tvdb: 80001), CatalogueEpisode(id: 5002, showId: 2003, imdb: "tt9500002")]
}

/// A foreign item as a reader would produce it.
func foreign(_ service: ForeignService, _ title: String, _ year: Int?, kind: ForeignKind = .movie, file: String = "watched.csv", line: Int,
             imdb: String? = nil, tvdb: Int? = nil, tmdb: Int? = nil, original: String? = nil, episode: EpisodeRef? = nil) -> ForeignItem {
    var item = ForeignItem(source: SourceRef(service: service, file: file, line: line, row: line - 1), kind: kind, title: title)
    item.year = year
    item.originalTitle = original
    item.ids = ForeignIDs(tmdb: tmdb, imdb: imdb, tvdb: tvdb)
    item.episode = episode
    return item
}

/// The items of the trap test, by name (the index is the position in ``TrapItems/all``).
enum TrapItems {
    static let named: [(String, ForeignItem)] = [
        ("nightfall1995", foreign(.letterboxd, "Nightfall Harbor", 1995, line: 2)),
        ("nightfall2019", foreign(.letterboxd, "Nightfall Harbor", 2019, line: 3)),
        ("orchardFilm", foreign(.letterboxd, "Glass Orchard", 2001, line: 4)),
        ("orchardUnknown", foreign(.imdb, "Glass Orchard", 2001, kind: .unknown, file: "list.csv", line: 2)),
        ("elan", foreign(.letterboxd, "Elan Vital", 2010, line: 5)),
        ("meridian", foreign(.letterboxd, "Quiet Meridian", 2015, line: 6)),
        ("cafe", foreign(.letterboxd, "Cafe Noir", 2008, line: 7)),
        ("lanterns", foreign(.letterboxd, "Paper Lanterns", 2013, line: 8)),
        ("orchardNoYear", foreign(.letterboxd, "Glass Orchard", nil, line: 9)),
        ("silver", foreign(.letterboxd, "Silver Tide", 2004, line: 10)),
        ("ashfall", foreign(.letterboxd, "Ashfall Chronicles", 2019, line: 11)),
        ("hollowIMDb", foreign(.imdb, "Hollow Crown Road", 1999, file: "ratings.csv", line: 2, imdb: "tt9000011")),
        ("hollowTrakt", foreign(.trakt, "Hollow Crown Road", 1999, file: "watched-movies.json", line: 1, imdb: "tt9000011")),
        ("keepersShow", foreign(.tvtime, "Lighthouse Keepers", nil, kind: .tvShow, file: "followed_tv_show.csv", line: 2, tvdb: 70003)),
        ("keepersEpisode", foreign(.tvtime, "Lighthouse Keepers S1 E1", nil, kind: .episode, file: "tracking-prod-records-v2.csv", line: 2,
                                   episode: EpisodeRef(showTitle: "Lighthouse Keepers", showIDs: ForeignIDs(tvdb: 70003), season: 1, number: 1))),
        ("keepersEpisodeOnly", foreign(.tvtime, "Lighthouse Keepers S1 E2", nil, kind: .episode, file: "tracking-prod-records-v2.csv", line: 3,
                                       tvdb: 80001, episode: EpisodeRef(showTitle: "Lighthouse Keepers", season: 1, number: 2))),
        ("traktTMDb", foreign(.trakt, "Somebody's Film", 2020, file: "watched-movies.json", line: 2, tmdb: 1012)),
        ("grandVoyage", foreign(.letterboxd, "Grand Voyage", 2004, line: 12)),
        ("fastLoose", foreign(.letterboxd, "Fast and Loose", 1988, line: 13)),
        ("windowSeat", foreign(.letterboxd, "Window Seat", 2020, line: 14)),
        ("redKite", foreign(.imdb, "Der rote Drachen", 1977, file: "list.csv", line: 3, original: "Le Cerf-Volant Rouge")),
        ("storm", foreign(.letterboxd, "Storm", 2003, line: 15)),
        ("nightfallAgain", foreign(.letterboxd, "Nightfall Harbor", 1995, file: "diary.csv", line: 2)),
        ("imdbEpisode", foreign(.imdb, "Pilot", 2011, kind: .episode, file: "ratings.csv", line: 3, imdb: "tt9500002")),
    ]
    static var all: [ForeignItem] { named.map(\.1) }
    static func index(_ name: String) -> Int { named.firstIndex { $0.0 == name }! }
}

extension MatchResult {
    /// The outcome of the trap item `name`.
    func outcome(_ name: String) -> MatchOutcome { items[TrapItems.index(name)].outcome }
}

/// Sanitizer runs stretch the client timeout (scripts/test-sanitize.sh sets MWKIT_TEST_TIME_SCALE):
/// a timed-out attempt would consume what the server was told to answer.
let matchTimeScale = max(1, Int(ProcessInfo.processInfo.environment["MWKIT_TEST_TIME_SCALE"] ?? "") ?? 1)

/// A client for the loopback server: fast retries, a generous rate, the given cache.
func matchClient(_ server: MatchingServer, cache: TMDbCache?, offline: Bool = false, key: String = MatchingServer.secret) async -> TMDbClient {
    TMDbClient(credentials: offline ? nil : .apiKey(key),
               options: TMDbClientOptions(baseURL: await server.baseURL, requestsPerSecond: 1000, maxConcurrent: 6, maxAttempts: 2,
                                          baseBackoff: 0.01, maxBackoff: 0.1, timeoutSeconds: 30 * matchTimeScale, cache: cache, offline: offline))
}

func expectMatched(_ o: MatchOutcome, _ id: Int64, _ type: MediaType, _ method: MatchMethod, sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .matched(let m) = o else {
        Issue.record("expected \(type.rawValue):\(id) by \(method), got \(o)", sourceLocation: sourceLocation)
        return
    }
    #expect(m.tmdbId == id && m.mediaType == type && m.method == method, "got \(m)", sourceLocation: sourceLocation)
}

/// The review entry of an outcome that must be in review (records an issue otherwise).
@discardableResult
func expectReview(_ o: MatchOutcome, _ reason: String? = nil, incomplete: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> ReviewEntry? {
    guard case .review(let r) = o else {
        Issue.record("expected review, got \(o)", sourceLocation: sourceLocation)
        return nil
    }
    if let reason { #expect(r.reason.contains(reason), "reason: \(r.reason)", sourceLocation: sourceLocation) }
    #expect(r.incomplete == incomplete, "incomplete: \(r.reason)", sourceLocation: sourceLocation)
    return r
}
