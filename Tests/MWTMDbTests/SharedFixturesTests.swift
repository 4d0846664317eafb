import Foundation
import MWCore
@testable import MWTMDb
import Testing

/// Real TMDb bodies recorded by public projects, read in place (never copied into the repo).
let sharedFixtures: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/tmdb-fixtures").standardizedFileURL

let sharedFixturesPresent = FileManager.default.fileExists(atPath: sharedFixtures.appendingPathComponent("README.md").path)

@Suite("Real TMDb response shapes", .enabled(if: sharedFixturesPresent, "../shared/tmdb-fixtures is not present"))
struct SharedFixturesTests {
    func load(_ name: String) throws -> Data { try Data(contentsOf: sharedFixtures.appendingPathComponent(name)) }

    /// Decodes one file with the type its name says it holds; returns a short fingerprint.
    func decode(_ name: String) throws -> String { try Self.decode(name, try load(name)) }

    /// Decodes `d` with the type the file name `name` says it holds, as mwkit reads such a
    /// body (details mapped to the model's metadata); returns a short fingerprint.
    static func decode(_ name: String, _ d: Data) throws -> String {
        let j = JSONDecoder()
        if name.contains("error-") {
            let e = try j.decode(TMDbErrorBody.self, from: d)
            return "error \(e.statusCode ?? -1)"
        }
        if name.hasPrefix("configuration") { return try j.decode(TMDbConfiguration.self, from: d).images.secureBaseURL ?? "?" }
        if name.hasPrefix("genre-") { return "\(try j.decode(TMDbGenreList.self, from: d).genres.count) genres" }
        if name.hasPrefix("find-") {
            let f = try j.decode(TMDbFindResult.self, from: d)
            return "\(f.movieResults.count)/\(f.tvResults.count)/\(f.tvEpisodeResults.count)"
        }
        if name.hasPrefix("search-") { return "\(try j.decode(TMDbSearchPage.self, from: d).results.count) results" }
        if name.hasSuffix("external_ids.json") { return try j.decode(TMDbExternalIDs.self, from: d).imdbID ?? "-" }
        if name.contains("episode") { return try j.decode(TMDbEpisode.self, from: d).name ?? "" }
        if name.contains("season") { return "\(try j.decode(TMDbSeason.self, from: d).seasonNumber ?? -1)" }
        if name.hasPrefix("movie-") || name.hasPrefix("curated-movie") { return TMDbMapper.metadata(movie: try j.decode(TMDbMovie.self, from: d)).title }
        if name.hasPrefix("tv-") || name.hasPrefix("curated-tv") { return TMDbMapper.metadata(show: try j.decode(TMDbShow.self, from: d)).title }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no decoder for \(name)"])
    }

    @Test func decodesEveryFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: sharedFixtures.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 40)
        var decoded = 0
        for f in files {
            do {
                let fp = try decode(f)
                #expect(!fp.isEmpty, "\(f)")
                decoded += 1
            } catch {
                Issue.record("\(f): \(error)")
            }
        }
        #expect(decoded == files.count)
    }

    @Test func movieDetailsMapAsExpected() throws {
        let m = try JSONDecoder().decode(TMDbMovie.self, from: load("movie-550.json"))
        let md = TMDbMapper.metadata(movie: m)
        #expect(md.title == "Fight Club")
        #expect(md.imdbId == "tt0137523")
        #expect(md.year == 1999)
        #expect(md.runtime == 139)
        #expect(md.genres == ["Drama", "Thriller"])
        #expect(md.releaseDate == TMDbMapper.date("1999-10-15"))
        let appended = try JSONDecoder().decode(TMDbMovie.self, from: load("movie-550-append-credits+release_dates+external_ids+keywords+images.json"))
        #expect(appended.details.externalIDs?.imdbID == "tt0137523")
    }

    @Test func blankDatesAndEmptyRunTimes() throws {
        let blank = TMDbMapper.metadata(movie: try JSONDecoder().decode(TMDbMovie.self, from: load("curated-movie-blank-homepage-release-date.json")))
        #expect(blank.releaseDate == nil)
        #expect(blank.year == 0)
        let show = try JSONDecoder().decode(TMDbShow.self, from: load("tv-1396.json"))
        #expect(show.episodeRunTime == [])
        // Breaking Bad has no episode_run_time today: the runtime comes from its latest episode.
        let last = try #require(show.lastEpisodeToAir?.runtime)
        #expect(last > 0 && TMDbMapper.metadata(show: show).runtime == last)
        #expect(show.seasons?.contains { $0.seasonNumber == 0 } == true)
        let blankShow = TMDbMapper.metadata(show: try JSONDecoder().decode(TMDbShow.self, from: load("curated-tv-blank-homepage-first-air-date.json")))
        #expect(blankShow.firstAirDate == nil)
        let ep = try JSONDecoder().decode(TMDbEpisode.self, from: load("curated-tv-episode-empty-air-date.json"))
        #expect(TMDbMapper.metadata(episode: ep).airDate == nil)
        #expect(ep.id == 63056)
        let search = try JSONDecoder().decode(TMDbSearchPage.self, from: load("search-movie-inception.json"))
        #expect(search.results.contains { $0.releaseDate == "" })
    }

    @Test func seasonEpisodesAndMixedSearch() throws {
        let season = try JSONDecoder().decode(TMDbSeason.self, from: load("tv-1399-season-1.json"))
        #expect(season.seasonNumber == 1)
        #expect((season.episodes ?? []).count == 10)
        let first = try #require(season.episodes?.first)
        #expect(TMDbMapper.metadata(episode: first).name == "Winter Is Coming")
        let multi = try JSONDecoder().decode(TMDbSearchPage.self, from: load("search-multi-arrow.json"))
        #expect(Set(multi.results.compactMap(\.mediaType)).isSuperset(of: ["movie", "tv"]))
        let unauthorized = try JSONDecoder().decode(TMDbErrorBody.self, from: load("curated-error-401-invalid-key.json"))
        #expect(unauthorized.statusCode == 7)
    }
}
