import Foundation
import MWCore
@testable import MWTMDb
import Testing

struct MapperTests {
    @Test func datesAreUTCMidnight() throws {
        let d = try #require(TMDbMapper.date("1999-10-15"))
        #expect(d.timeIntervalSince1970 == 939_945_600)
        #expect(TMDbMapper.date("1970-01-01")?.timeIntervalSince1970 == 0)
        #expect(TMDbMapper.date("2024-02-29")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(TMDbMapper.date("") == nil)
        #expect(TMDbMapper.date(nil) == nil)
        #expect(TMDbMapper.date("2024-13-01") == nil)
        #expect(TMDbMapper.date("soon") == nil)
    }

    @Test func movieMapping() throws {
        let m = try Expected.movie(551)
        #expect(m.title == "Movie 551")
        #expect(m.originalTitle == "Original 551")
        #expect(m.imdbId == "tt0000551")
        #expect(m.year == 1999)
        #expect(m.releaseDate == TMDbMapper.date("1999-10-15"))
        #expect(m.backdropPath == "/b551.jpg")
        #expect(m.runtime == 139)
        #expect(m.numberOfSeasons == nil)
        // imdb_id null in details: taken from external_ids.
        #expect((try Expected.movie(4)).imdbId == "tt9000004")
        // "" release date → no date, year 0; null runtime → 0; null backdrop → nil.
        let blank = try Expected.movie(30)
        #expect(blank.releaseDate == nil && blank.year == 0 && blank.runtime == 0 && blank.backdropPath == nil)
    }

    @Test func showMapping() throws {
        let s = try Expected.show(13)
        #expect(s.title == "Show 13" && s.originalTitle == "Original Show 13")
        #expect(s.runtime == 45)
        #expect(s.numberOfSeasons == 3 && s.numberOfEpisodes == 12)
        #expect(s.imdbId == "tt0000013")
        #expect(s.lastAirDate == TMDbMapper.date("2013-09-29"))
        #expect((try Expected.show(14)).runtime == 56)   // empty episode_run_time: the latest episode's
        let e = try Expected.episode(13, 1, 3)
        #expect(e.name == "S1E3 of 13" && e.runtime == nil && e.stillPath == "/st13_1_3.jpg")
        #expect((try Expected.episode(13, 1, 4)).airDate == nil)
    }

    @Test func stripKeepsIdsAndUserData() throws {
        let lib = try sampleLibrary(movies: [550, 551], shows: [13])
        let s = lib.stripped()
        #expect(s.titles.allSatisfy { $0.isStripped })
        #expect(s.episodes.allSatisfy { $0.isStripped })
        #expect(s.strippedCounts.titles == 3 && s.strippedCounts.episodes == lib.episodes.count)
        for (a, b) in zip(lib.titles, s.titles) {
            #expect(a.id == b.id && a.tmdbId == b.tmdbId && a.mediaType == b.mediaType)
            #expect(a.watched == b.watched && a.watchedDate == b.watchedDate && a.likedStatus == b.likedStatus)
            #expect(a.dateAdded == b.dateAdded && a.dateModified == b.dateModified && a.localPosterPath == b.localPosterPath)
        }
        for (a, b) in zip(lib.episodes, s.episodes) {
            #expect(a.tmdbId == b.tmdbId && a.seasonNumber == b.seasonNumber && a.episodeNumber == b.episodeNumber)
            #expect(a.watched == b.watched && a.showId == b.showId)
        }
        #expect(s.lists == lib.lists && s.notes == lib.notes && s.preferences == lib.preferences)
        #expect(s.stripped() == s)
    }

    @Test func imageSizeChoice() {
        #expect(ImageDownloader.size("w500", offered: ["w92", "w500", "original"]) == "w500")
        #expect(ImageDownloader.size("w500", offered: ["w92", "w185", "w300", "original"]) == "original")
        #expect(ImageDownloader.size("w200", offered: ["w92", "w185", "w300", "original"]) == "w300")
        #expect(ImageDownloader.size("w500", offered: nil) == "w500")
    }

    @Test func retryAfterParsing() {
        #expect(Backoff.retryAfter("3") == 3)
        #expect(Backoff.retryAfter(nil) == nil)
        #expect(Backoff.retryAfter("soon") == nil)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(Backoff.retryAfter("Tue, 14 Nov 2023 22:13:30 GMT", now: now) == 10)
        let b = Backoff(base: 1, cap: 4)
        for attempt in 1...6 {
            let d = b.delay(attempt: attempt)
            let full = min(4, pow(2, Double(attempt - 1)))
            #expect(d >= full / 2 && d <= full)
        }
    }
}

/// Most shows on TMDb have an empty `episode_run_time`: the runtime comes from the episodes.
struct ShowRuntimeTests {
    func show(_ json: [String: Any]) throws -> TMDbShow {
        var j = json
        j["id"] = 7
        return try JSONDecoder().decode(TMDbShow.self, from: JSONSerialization.data(withJSONObject: j))
    }

    @Test func fromTheListWhenItHasOne() throws {
        #expect(TMDbMapper.runtime(show: try show(["episode_run_time": [30, 45]])) == 30)
    }

    @Test func elseTheLatestEpisode() throws {
        #expect(TMDbMapper.runtime(show: try show(["episode_run_time": [Int](), "last_episode_to_air": ["id": 7, "runtime": 56]])) == 56)
    }

    @Test func elseTheMedianOfTheAppendedEpisodesThenZero() throws {
        let s = try show(["episode_run_time": [Int](),
                          "season/1": ["episodes": [["id": 1, "runtime": 42], ["id": 2, "runtime": 60], ["id": 3, "runtime": NSNull()], ["id": 4, "runtime": 0]]],
                          "season/2": ["episodes": [["id": 5, "runtime": 45], ["id": 6, "runtime": 44]]],
                          "last_episode_to_air": ["id": 7, "runtime": NSNull()]])
        #expect(TMDbMapper.runtime(show: s) == 44)   // 42, 44, 45, 60: the lower middle
        #expect(TMDbMapper.runtime(show: try show(["episode_run_time": [Int]()])) == 0)
    }
}
