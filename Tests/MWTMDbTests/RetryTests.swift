import Foundation
import MWCore
@testable import MWTMDb
import Testing

@Suite("Retries, backoff and rate limiting")
struct RetryTests {
    @Test func honoursRetryAfterOn429() async throws {
        try await withFakeTMDb { fake in
            await fake.inject("/movie/550", [.status(429, retryAfter: "1")])
            let log = LogCapture()
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake), logger: log.logger)
            let m = try await client.movie(550)
            #expect(m.title == "Movie 550")
            // The wait the client chose, as it logged it: the full Retry-After, not the 20 ms
            // backoff. Read from what the client decided, not from a stopwatch.
            #expect(log.all.contains("TMDb HTTP 429, retrying"))
            #expect(log.all.contains("\"delay\": 1.0") || log.all.contains("delay: 1.0"), "\(log.all)")
            #expect(await fake.count(path: "/movie/550") == 2)
            #expect(client.stats.retries == 1)
        }
    }

    @Test func backsOffOn429WithoutRetryAfterAnd5xx() async throws {
        try await withFakeTMDb { fake in
            await fake.inject("/movie/1", [.status(429), .status(500)])
            await fake.inject("/tv/2", [.status(502), .status(503)])
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, attempts: 3))
            let movie = try await client.movie(1)
            let show = try await client.show(2)
            #expect(movie.id == 1 && show.id == 2)
            #expect(await fake.count(path: "/movie/1") == 3)
            #expect(await fake.count(path: "/tv/2") == 3)
            #expect(client.stats.retries == 4)
        }
    }

    @Test func otherClientErrorsAreNotRetried() async throws {
        try await withFakeTMDb { fake in
            await fake.inject("/movie/1", [.status(422)])
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            await #expect(throws: TMDbError.http(status: 422, path: "/3/movie/1?append_to_response=external_ids", message: "Internal error.")) {
                _ = try await client.movie(1)
            }
            #expect(await fake.count(path: "/movie/1") == 1)
        }
    }

    @Test func slowResponseTimesOutAndIsRetried() async throws {
        try await withFakeTMDb { fake in
            // The first answer never comes (the fake holds it until the test ends), so only the
            // client's time-out can end that attempt; the retried answer is immediate. Nothing
            // here is timed: a busy machine may need more attempts (a retry that itself timed
            // out), so the test asserts what was retried, not how many times or how fast.
            await fake.inject("/movie/7", [.hang])
            let log = LogCapture()
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, attempts: 5, timeout: 2),
                                    logger: log.logger)
            let m = try await client.movie(7)
            #expect(m.id == 7)
            #expect(await fake.hung == 1)                                   // the held request was sent…
            let stats = client.stats
            #expect(stats.retries >= 1)                                     // …given up on…
            #expect(log.all.contains("timed out"), "\(log.all)")          // …because it timed out…
            #expect(stats.requests == stats.retries + 1)                    // …and retried until answered
            #expect(await fake.count(path: "/movie/7") == stats.requests)
        }
    }

    @Test func networkErrorsAreRetriedThenReported() async throws {
        // Nothing listens on this port once the server is stopped.
        let fake = FakeTMDb()
        try await fake.start()
        let options = await testOptions(fake, attempts: 2)
        await fake.stop()
        let client = TMDbClient(credentials: .apiKey("k"), options: options)
        do {
            _ = try await client.movie(1)
            Issue.record("expected a network error")
        } catch let e as TMDbError {
            guard case .network = e else { Issue.record("unexpected \(e)"); return }
        }
        #expect(client.stats.requests == 2)
    }

    @Test func rateLimitAndConcurrencyAreRespected() async throws {
        try await withFakeTMDb { fake in
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, rate: 25))
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { g in
                for i in 1...26 { g.addTask { _ = try await client.movie(Int64(i)) } }
                try await g.waitForAll()
            }
            let elapsed = (ContinuousClock.now - start) / .seconds(1)
            // 26 starts spaced 40 ms apart span at least 1 s. Only the limit is tested, as lower
            // bounds on time (a slower machine only makes them easier to meet): how close the
            // client gets to it is a speed, which bench/tmdb.sh measures (a timed lower bound on
            // speed here failed on a loaded machine).
            #expect(elapsed >= 0.98)
            let rate = try #require(client.stats.achievedRate)
            #expect(rate <= 25.5)
            #expect(await fake.maxInFlight <= 6)
        }
    }

    @Test func slowServerNeverSeesMoreThanSixConnections() async throws {
        try await withFakeTMDb { fake in
            // Each answer is held until two requests are in flight (or all twelve have arrived):
            // a client that sends one at a time gets no answer (it fails), one that sends more
            // than six shows it in maxInFlight. No delays, nothing timed.
            for i in 1...12 { await fake.inject("/movie/\(i)", [.holdUntilInFlight(2, total: 12)]) }
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            try await withThrowingTaskGroup(of: Void.self) { g in
                for i in 1...12 { g.addTask { _ = try await client.movie(Int64(i)) } }
                try await g.waitForAll()
            }
            #expect(await fake.maxInFlight <= 6)
            #expect(await fake.maxInFlight >= 2)
            #expect(client.stats.retries == 0)
        }
    }
}
