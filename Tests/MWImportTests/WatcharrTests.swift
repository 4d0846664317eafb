import Foundation
import MWCore
import MWImport
import MWJobs
import Testing

/// Watcharr's JSON export, our own fixture written from the format facts (docs/IMPORT.md
/// "Watcharr"): statuses, 0 = unrated, a user-set activity date winning, episodes of a show.
@Suite struct WatcharrTests {
    static let export = """
    [
      {"id": 1, "createdAt": "2025-01-02T10:00:00.123456789Z", "updatedAt": "2025-03-04T10:00:00.5Z", "deletedAt": null,
       "status": "FINISHED", "rating": 8.5, "thoughts": "Loved it.", "pinned": true, "tags": [{"id": 1, "name": "noir"}],
       "content": {"id": 10, "tmdbId": 949, "title": "Heat", "type": "movie", "release_date": "1995-12-15T00:00:00Z", "imdb_id": "tt0113277"},
       "activity": [{"id": 1, "type": "RATING_CHANGED", "data": "8.5", "createdAt": "2025-03-04T10:00:00Z", "customDate": "2024-12-31T00:00:00Z"}]},
      {"id": 2, "createdAt": "2025-01-02T10:00:00Z", "updatedAt": "2025-01-02T10:00:00Z", "status": "PLANNED", "rating": 0, "thoughts": "",
       "content": {"id": 11, "tmdbId": 438631, "title": "Dune", "type": "movie"}, "activity": []},
      {"id": 3, "createdAt": "2025-01-02T10:00:00Z", "updatedAt": "2025-01-05T10:00:00Z", "status": "WATCHING", "rating": 0, "thoughts": "",
       "content": {"id": 12, "tmdbId": 1396, "title": "Breaking Bad", "type": "tv"},
       "watchedEpisodes": [{"seasonNumber": 1, "episodeNumber": 1, "status": "FINISHED", "rating": 9, "createdAt": "2025-01-03T21:00:00Z"}]},
      "not an entry"
    ]
    """

    @Test func statusesRatingsThoughtsAndEpisodes() throws {
        let fx = try Fixture()
        let file = try fx.write("watcharr-export.json", Self.export)
        let read = MWImport.read(sources: [file], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
        #expect(read.files.map(\.kind) == ["watcharrWatched"] && read.files.first?.isBalanced == true)
        #expect(read.files.first?.malformed.count == 1)
        let heat = try #require(read.items.first { $0.ids.tmdb == 949 })
        #expect(heat.ratings.map(\.value) == [8.5] && heat.ratings.first?.date?.day == "2024-12-31")  // customDate wins
        #expect(heat.has(.watched) && heat.reviews.map(\.text) == ["Loved it."] && heat.tags == ["noir"])
        let dune = try #require(read.items.first { $0.ids.tmdb == 438631 })
        #expect(dune.ratings.isEmpty && dune.has(.watchlist))  // 0 is unrated
        let episode = try #require(read.items.first { $0.kind == .episode })
        #expect(episode.episode?.showIDs.tmdb == 1396 && episode.episode?.season == 1 && episode.watches.count == 1)
        #expect(episode.ratings.map(\.value) == [9])
    }
}
