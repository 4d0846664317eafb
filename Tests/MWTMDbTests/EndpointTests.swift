import Foundation
@testable import MWTMDb
import Testing

@Suite("Every endpoint against the loopback server")
struct EndpointTests {
    @Test(arguments: [false, true])
    func allEndpointsDecode(bearer: Bool) async throws {
        try await withFakeTMDb { fake in
            let client = TMDbClient(credentials: bearer ? .bearer(fake.secret) : .apiKey(fake.secret), options: await testOptions(fake))
            let config = try await client.configuration()
            #expect(config.images.secureBaseURL == (await fake.imageBase))
            #expect(try await client.movie(551).title == "Movie 551")
            let show = try await client.show(13, append: ["external_ids", "season/0", "season/2"])
            #expect(show.appendedSeasons.keys.sorted() == [0, 2])
            #expect(show.seasons?.first?.seasonNumber == 0)
            let season = try await client.season(show: 13, number: 2)
            #expect(season.episodes?.count == FakeTMDbData.episodesPerSeason)
            let movies = try await client.searchMovies("heat")
            #expect(movies.results.map(\.title) == ["Movie about heat"])
            let tv = try await client.searchTV("heat")
            #expect(tv.results.map(\.name) == ["Show about heat"])
            let multi = try await client.searchMulti("a b&c")
            #expect(multi.results.compactMap(\.mediaType) == ["movie", "tv", "person"])
            #expect(multi.results.first?.title == "Movie about a b&c")   // query text encoded and decoded intact
            let empty = try await client.searchMulti("x", page: 2)
            #expect(empty.results.isEmpty && empty.page == 2)
            let found = try await client.find(imdbID: "tt0000550")
            #expect(found.movieResults.map(\.id) == [550] && found.tvResults.isEmpty)
            #expect(try await client.movieGenres().genres.compactMap(\.name) == ["Action", "Drama"])
            #expect(try await client.tvGenres().genres.count == 1)
            #expect(await fake.apiRequests == 11)
            #expect(client.stats.retries == 0 && client.stats.requests == 11)
        }
    }

    @Test func tooManyAppendedItemsThrowInsteadOfTrapping() async throws {
        let items = (1...(TMDbClient.maxAppend + 1)).map { "season/\($0)" }
        let expected = TMDbError.invalidRequest("append_to_response takes at most 20 items, got 21")
        #expect(throws: expected) { try TMDbClient.showRequest(13, append: items) }
        #expect(throws: expected) { try TMDbClient.movieRequest(550, append: items) }
        #expect(try TMDbClient.showRequest(13, append: Array(items.prefix(TMDbClient.maxAppend))).query.count == 1)
        // Thrown before anything is sent (no credentials, no server needed) and not fatal to a run.
        let client = TMDbClient(credentials: nil)
        await #expect(throws: expected) { try await client.show(13, append: items) }
        await #expect(throws: expected) { try await client.movie(550, append: items) }
        #expect(!expected.isFatal && client.stats.requests == 0)
    }
}
