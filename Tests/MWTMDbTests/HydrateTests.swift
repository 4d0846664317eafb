import Foundation
import MWCore
@testable import MWTMDb
import Testing

@Suite("Hydrate against a loopback TMDb")
struct HydrateTests {
    @Test func roundTripStripThenHydrate() async throws {
        try await withFakeTMDb { fake in
            let original = try sampleLibrary(movies: [550, 551, 30, 4], shows: [13, 14, 7])
            let stripped = original.stripped()
            #expect(stripped != original)
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(stripped)
            #expect(report.failures.isEmpty, "\(report.failures)")
            #expect(report.library == original)
            #expect(report.titlesHydrated == 7)
            #expect(report.episodesHydrated == original.episodes.count)
            // One request per title: movie + external_ids; show + external_ids + its seasons.
            #expect(await fake.apiRequests == 7)
            #expect(client.stats.requests == 7)
            let showRequest = try #require(await fake.received.first { $0.path == "/tv/13" })
            #expect(showRequest.query["append_to_response"] == "external_ids,season/1,season/2,season/3")
        }
    }

    @Test func bearerTokenWorksToo() async throws {
        try await withFakeTMDb { fake in
            let original = try sampleLibrary(movies: [550], shows: [])
            let client = TMDbClient(credentials: .bearer(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(original.stripped())
            #expect(report.library == original)
            let r = try #require(await fake.received.first)
            #expect(r.authorization == "Bearer \(fake.secret)")
            #expect(r.query["api_key"] == nil)
        }
    }

    @Test func onlyStrippedRecordsUnlessRefresh() async throws {
        try await withFakeTMDb { fake in
            let original = try sampleLibrary(movies: [550, 551], shows: [13])
            var input = original
            input.titles[0].metadata = nil                        // one stripped movie
            input.titles[1].metadata?.title = "Locally edited"    // not stripped: must stay
            input.episodes[5].metadata = nil                      // one stripped episode of show 13
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(input)
            #expect(report.failures.isEmpty)
            #expect(report.library.titles[0] == original.titles[0])
            #expect(report.library.titles[1].metadata?.title == "Locally edited")
            #expect(report.library.titles[2] == original.titles[2])      // show itself untouched
            #expect(report.library.episodes == original.episodes)
            #expect(report.titlesHydrated == 1 && report.episodesHydrated == 1)
            let showRequest = try #require(await fake.received.first { $0.path == "/tv/13" })
            #expect(showRequest.query["append_to_response"] == "external_ids,season/\(input.episodes[5].seasonNumber)")

            let refreshed = try await Hydrator(client: client, options: .init(refresh: true)).run(input)
            #expect(refreshed.library == original)
            #expect(refreshed.titlesHydrated == 3)
        }
    }

    @Test func manySeasonsAreBatchedTwentyPerCall() async throws {
        try await withFakeTMDb { fake in
            // 25 seasons needed: first call external_ids + 19 seasons, second call 6 seasons.
            var lib = Library()
            lib.titles = [Title(id: "S", tmdbId: 3, mediaType: .tv, metadata: nil, dateAdded: t0)]
            let n = FakeTMDbData.seasonCount(3)
            for k in 0..<25 {
                lib.episodes.append(Episode(id: "E\(k)", showId: "S", seasonNumber: k, episodeNumber: 1, metadata: nil))
            }
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(lib)
            let calls = await fake.received.filter { $0.path == "/tv/3" }
            #expect(calls.count == 2)
            let appended = calls.map { ($0.query["append_to_response"] ?? "").split(separator: ",").count }
            #expect(appended.sorted() == [6, 20])
            // Seasons the fake show lacks are reported per episode; the others are filled.
            #expect(report.episodesHydrated == n + 1)
            #expect(report.failures.count == 25 - (n + 1))
            #expect(report.failures.allSatisfy { $0.entity == .episode })
            #expect(report.library.titles[0].metadata?.title == "Show 3")
        }
    }

    @Test func notFoundIsReportedAndLeftAsIs() async throws {
        try await withFakeTMDb { fake in
            var lib = try sampleLibrary(movies: [550], shows: []).stripped()
            lib.titles.append(Title(id: "gone", tmdbId: 999_999_999, mediaType: .movie, metadata: nil, watched: true, dateAdded: t0))
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(lib)
            #expect(report.failures.count == 1)
            let f = try #require(report.failures.first)
            #expect(f.recordId == "gone" && f.reason.contains("404"))
            #expect(report.library.titles[1] == lib.titles[1])
            #expect(report.library.titles[0].metadata != nil)
            #expect(await fake.count(path: "/movie/999999999") == 1)   // 404 is never retried
        }
    }

    @Test func persistentServerErrorFailsOneRecordOnly() async throws {
        try await withFakeTMDb { fake in
            let original = try sampleLibrary(movies: [550, 551], shows: [])
            await fake.inject("/movie/551", Array(repeating: .status(503), count: 10))
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, attempts: 3))
            let report = try await Hydrator(client: client).run(original.stripped())
            #expect(report.failures.map(\.recordId) == [uid("M551")])
            #expect(try #require(report.failures.first).reason.contains("503"))   // #require: a missing failure fails, not crashes
            #expect(report.library.titles[0] == original.titles[0])
            #expect(report.library.titles[1].isStripped)
            #expect(await fake.count(path: "/movie/551") == 3)   // bounded retries
        }
    }

    @Test func malformedJSONFailsTheRecordAndIsNotCached() async throws {
        try await withFakeTMDb { fake in
            let dir = tempDir()
            let cache = try TMDbCache(url: dir.appendingPathComponent("c.sqlite"))
            let original = try sampleLibrary(movies: [550, 551], shows: [])
            await fake.inject("/movie/550", [.malformed])
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, cache: cache))
            let report = try await Hydrator(client: client).run(original.stripped())
            #expect(report.failures.map(\.recordId) == [uid("M550")])
            #expect(try #require(report.failures.first).reason.contains("unexpected TMDb response"))
            #expect(cache.count() == 1)
            // The next run fetches it again and completes.
            let again = try await Hydrator(client: client).run(report.library)
            #expect(again.failures.isEmpty && again.library == original)
        }
    }

    @Test func unauthorizedStopsTheRun() async throws {
        try await withFakeTMDb { fake in
            let lib = try sampleLibrary(movies: Array(1...20).map { Int64($0) }, shows: []).stripped()
            let log = LogCapture()
            let client = TMDbClient(credentials: .apiKey("wrong-key-abcdef"), options: await testOptions(fake), logger: log.logger)
            var caught: TMDbError?
            do {
                _ = try await Hydrator(client: client).run(lib)
            } catch let e as TMDbError {
                caught = e
            }
            let e = try #require(caught)
            #expect(e.isFatal)
            #expect(e.description.contains("401"))
            #expect(!e.description.contains("wrong-key-abcdef"))
            // Stopped at once: at most the requests already in flight (6), never retried.
            #expect(await fake.apiRequests <= 6)
            #expect(!log.all.contains("wrong-key-abcdef"))
        }
    }
}
