import Foundation
@testable import MWImport
@testable import MWMatching
import MWCore
import MWTMDb
import Testing

/// The matcher against a real HTTP server on 127.0.0.1 serving our trap catalogue.
@Suite struct MatchingTests {
    @Test func autoMatchesClearWinnersAndSendsTrapsToReview() async throws {
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles, episodes: TrapCatalogue.episodes) { server in
            let cache = try TMDbCache(url: fx.url("cache.sqlite"))
            let r = try await TMDbMatcher(client: await matchClient(server, cache: cache)).match(TrapItems.all)

            // Clear winners.
            expectMatched(r.outcome("nightfall1995"), 1001, .movie, .search)
            expectMatched(r.outcome("nightfall2019"), 1002, .movie, .search)
            expectMatched(r.outcome("nightfallAgain"), 1001, .movie, .search)
            expectMatched(r.outcome("orchardFilm"), 1003, .movie, .search)
            expectMatched(r.outcome("elan"), 1004, .movie, .search)
            expectMatched(r.outcome("meridian"), 1005, .movie, .search)
            expectMatched(r.outcome("fastLoose"), 1014, .movie, .search)
            expectMatched(r.outcome("ashfall"), 2002, .tv, .search)
            expectMatched(r.outcome("redKite"), 1016, .movie, .search)
            expectMatched(r.outcome("storm"), 1200, .movie, .search)
            // By ID.
            expectMatched(r.outcome("hollowIMDb"), 1011, .movie, .imdb)
            expectMatched(r.outcome("hollowTrakt"), 1011, .movie, .imdb)
            expectMatched(r.outcome("keepersShow"), 2003, .tv, .tvdb)
            expectMatched(r.outcome("keepersEpisode"), 2003, .tv, .tvdb)
            expectMatched(r.outcome("keepersEpisodeOnly"), 2003, .tv, .tvdb)
            expectMatched(r.outcome("imdbEpisode"), 2003, .tv, .imdb)
            expectMatched(r.outcome("traktTMDb"), 1012, .movie, .fileId)

            // Traps: never auto-accepted.
            let orchard = expectReview(r.outcome("orchardUnknown"), "2 candidates have this title and year")
            #expect(Set(orchard?.candidates.prefix(2).map(\.reference) ?? []) == ["movie:1003", "tv:2001"])
            let cafe = expectReview(r.outcome("cafe"), "2 candidates have this title and year")
            #expect(Set(cafe?.candidates.prefix(2).map(\.tmdbId) ?? []) == [1006, 1007])
            let lanterns = expectReview(r.outcome("lanterns"), "year off by one")
            #expect(lanterns?.candidates.first?.tmdbId == 1008)
            #expect((lanterns?.candidates.first?.score ?? 100) < 100)
            expectReview(r.outcome("orchardNoYear"), "no year in the file")
            expectReview(r.outcome("silver"), "another candidate could be this title")
            let voyage = expectReview(r.outcome("grandVoyage"), "only a title with another leading article: movie:1013 Le Grand Voyage (2004)")
            #expect(voyage?.candidates.first?.tmdbId == 1013)
            expectReview(r.outcome("windowSeat"), "no candidate of this title from 2020")

            #expect(r.stats.items == TrapItems.all.count)
            #expect(r.stats.byFileId == 1 && r.stats.byIMDb == 3 && r.stats.byTVDB == 3)
            #expect(r.stats.bySearch == 10)
            #expect(r.stats.review == 7 && r.stats.unmatched == 0)
            #expect(r.stats.matched + r.stats.review == r.stats.items)
            #expect(r.statsByFile["diary.csv"]?.bySearch == 1)
        }
    }

    @Test func oneRequestPerDistinctKeyAndNoneOnAWarmRerun() async throws {
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles, episodes: TrapCatalogue.episodes) { server in
            let cache = try TMDbCache(url: fx.url("cache.sqlite"))
            let first = try await TMDbMatcher(client: await matchClient(server, cache: cache)).match(TrapItems.all)
            let received = await server.received
            // No request was sent twice: items sharing a key (and lookups sharing a search) asked once.
            #expect(Set(received).count == received.count, "duplicates: \(received.sorted())")
            #expect(first.stats.requests == received.count)
            #expect(received.filter { $0.hasPrefix("/search/movie?page=1&query=Nightfall") }.count == 1)
            #expect(received.filter { $0.hasPrefix("/find/tt9000011") }.count == 1)
            #expect(received.filter { $0.hasPrefix("/find/70003") }.count == 1)
            // 24 items, 21 distinct keys: the two Nightfall 1995 rows, the two rows with one
            // IMDb ID, and the show with its episode each share one.
            #expect(first.stats.distinctKeys == 21)
            #expect(!received.contains { $0.contains("1012") })
            // A Letterboxd film looks at shows only when that could still give a clear winner:
            // "Ashfall Chronicles" (no film of that name) yes, "Cafe Noir" (two films) no; and a
            // film without a year that is the one film of its name ("Glass Orchard" on line 9)
            // yes — the show of that name is what keeps it in review.
            #expect(received.contains { $0.hasPrefix("/search/tv?page=1&query=Ashfall") })
            #expect(!received.contains { $0.hasPrefix("/search/tv?page=1&query=Cafe") })
            #expect(received.filter { $0.hasPrefix("/search/tv?page=1&query=Glass") }.count == 1)

            // A second run over the warm cache, with a fresh client: nothing sent, same answers.
            let second = try await TMDbMatcher(client: await matchClient(server, cache: cache)).match(TrapItems.all)
            #expect(await server.received.count == received.count)
            #expect(second.stats.requests == 0)
            #expect(second.stats.cacheHits > 0)
            #expect(second.items == first.items)
        }
    }

    @Test func offlineMatchesOnlyFileIDsCacheAndOverrides() async throws {
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles, episodes: TrapCatalogue.episodes) { server in
            // Cold cache, offline: the TMDb ID in the file and an override; the rest to review, incomplete.
            let cold = try TMDbCache(url: fx.url("cold.sqlite"))
            let overrides = MatchOverrides(["letterboxd:title:film:cafe noir:2008": .match(tmdbId: 1007, mediaType: .movie)])
            let r = try await TMDbMatcher(client: await matchClient(server, cache: cold, offline: true)).match(TrapItems.all, overrides: overrides)
            expectMatched(r.outcome("traktTMDb"), 1012, .movie, .fileId)
            expectMatched(r.outcome("cafe"), 1007, .movie, .override)
            expectReview(r.outcome("nightfall1995"), "offline and not in the TMDb cache", incomplete: true)
            expectReview(r.outcome("hollowIMDb"), "offline and not in the TMDb cache", incomplete: true)
            expectReview(r.outcome("keepersEpisode"), "offline", incomplete: true)
            #expect(r.stats.unmatched == r.stats.review)
            #expect(r.stats.requests == 0)
            #expect(await server.received.isEmpty)
            #expect(r.diagnostics.contains { $0.code == DiagnosticCode.importMatchIncomplete.rawValue })

            // Warmed by an online run, offline gives the online answers without a request.
            let warm = try TMDbCache(url: fx.url("warm.sqlite"))
            let online = try await TMDbMatcher(client: await matchClient(server, cache: warm)).match(TrapItems.all)
            let sent = await server.received.count
            let offline = try await TMDbMatcher(client: await matchClient(server, cache: warm, offline: true)).match(TrapItems.all)
            #expect(offline.items == online.items)
            #expect(await server.received.count == sent)
        }
    }

    @Test func overridesWinOverEverything() async throws {
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles, episodes: TrapCatalogue.episodes) { server in
            let cache = try TMDbCache(url: fx.url("cache.sqlite"))
            let overrides = MatchOverrides([
                "trakt:tmdb:movie:1012": .ignore,                                   // over a TMDb ID in the file
                "imdb:imdb:tt9000011": .match(tmdbId: 77, mediaType: .movie),       // over /find
                "letterboxd:title:film:nightfall harbor:1995": .match(tmdbId: 1002, mediaType: .movie),  // over a clear winner
            ])
            let r = try await TMDbMatcher(client: await matchClient(server, cache: cache)).match(TrapItems.all, overrides: overrides)
            #expect(r.outcome("traktTMDb") == .ignored)
            expectMatched(r.outcome("hollowIMDb"), 77, .movie, .override)
            expectMatched(r.outcome("hollowTrakt"), 1011, .movie, .imdb)   // another service: its own key
            expectMatched(r.outcome("nightfall1995"), 1002, .movie, .override)
            expectMatched(r.outcome("nightfallAgain"), 1002, .movie, .override)
            #expect(r.stats.byOverride == 3 && r.stats.ignored == 1)
        }
    }

    /// A title without a year (Netflix, MyAnimeList) is accepted only when it is the one title of
    /// its name among every result TMDb has for it (one page); namesakes, or a second page that
    /// might hold one, send it to review.
    @Test func aTitleWithoutAYearIsAcceptedOnlyAsTheOneOfItsName() async throws {
        let fx = try Fixture()
        // "Lone Beacon" and 21 titles holding its words: a second page, where a namesake could be.
        let crowded = [TrapCatalogue.movie(3000, "Lone Beacon", "2016-06-06")]
            + (0..<21).map { TrapCatalogue.movie(3100 + Int64($0), "Lone Beacon \($0 + 2)", "20\(10 + $0 % 10)-01-01") }
        try await withMatchingServer(TrapCatalogue.titles + crowded) { server in
            let cache = try TMDbCache(url: fx.url("cache.sqlite"))
            let items = [foreign(NetflixReader.service.name, "The Quiet Meridian", nil, kind: .unknown, file: "NetflixViewingHistory.csv", line: 2),
                         foreign(NetflixReader.service.name, "Ashfall Chronicles", nil, kind: .tvShow, file: "NetflixViewingHistory.csv", line: 3),
                         foreign(NetflixReader.service.name, "Glass Orchard", nil, kind: .unknown, file: "NetflixViewingHistory.csv", line: 4),
                         foreign(NetflixReader.service.name, "Nightfall Harbor", nil, kind: .movie, file: "NetflixViewingHistory.csv", line: 5),
                         foreign(NetflixReader.service.name, "Lone Beacon", nil, kind: .movie, file: "NetflixViewingHistory.csv", line: 6)]
            let r = try await TMDbMatcher(client: await matchClient(server, cache: cache)).match(items)
            expectMatched(r.items[0].outcome, 1005, .movie, .search)
            expectMatched(r.items[1].outcome, 2002, .tv, .search)
            expectReview(r.items[2].outcome, "no year in the file (2 candidate(s) with this title)")   // a film and a show
            expectReview(r.items[3].outcome, "no year in the file (2 candidate(s) with this title)")   // a remake
            expectReview(r.items[4].outcome, "a namesake may be unseen")                              // only page 1 of 2 seen
        }
    }

    @Test func refusedCredentialsStopTheRun() async throws {
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles) { server in
            let client = await matchClient(server, cache: try TMDbCache(url: fx.url("c.sqlite")), key: "wrong-key")
            await #expect(throws: TMDbError.self) {
                _ = try await TMDbMatcher(client: client).match([foreign(.letterboxd, "Storm", 2003, line: 2)])
            }
        }
    }
}
