import Foundation
import MWCore
@testable import MWTMDb
import Testing

@Suite("Response cache")
struct CacheTests {
    @Test func warmCacheAndOfflineNeedNoRequests() async throws {
        try await withFakeTMDb { fake in
            let dir = tempDir()
            let url = dir.appendingPathComponent("tmdb-cache.sqlite")
            let original = try sampleLibrary(movies: [550, 551], shows: [13])
            let first = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, cache: try TMDbCache(url: url)))
            _ = try await Hydrator(client: first).run(original.stripped())
            let sent = await fake.apiRequests
            #expect(sent == 3)

            // A new process (new client, reopened cache) repeats the run from the cache alone.
            let second = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, cache: try TMDbCache(url: url)))
            let again = try await Hydrator(client: second).run(original.stripped())
            #expect(again.library == original)
            #expect(await fake.apiRequests == sent)
            #expect(second.stats.cacheHits == 3 && second.stats.requests == 0)

            // Offline needs no credentials and no server.
            let offline = TMDbClient(credentials: nil, options: await testOptions(fake, cache: try TMDbCache(url: url), offline: true))
            let off = try await Hydrator(client: offline).run(original.stripped())
            #expect(off.library == original && off.failures.isEmpty)
            #expect(await fake.apiRequests == sent)
        }
    }

    @Test func offlineMissIsAPerRecordFailure() async throws {
        try await withFakeTMDb { fake in
            let cache = try TMDbCache(url: tempDir().appendingPathComponent("c.sqlite"))
            let lib = try sampleLibrary(movies: [550], shows: []).stripped()
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake, cache: cache, offline: true))
            let r = try await Hydrator(client: client).run(lib)
            #expect(r.failures.count == 1 && r.failures[0].reason.contains("offline"))
            #expect(r.library == lib)
            #expect(await fake.apiRequests == 0)
        }
    }

    @Test func expiredEntriesAreRefetched() async throws {
        try await withFakeTMDb { fake in
            let cache = try TMDbCache(url: tempDir().appendingPathComponent("c.sqlite"))
            var opts = await testOptions(fake, cache: cache)
            opts.cacheTTL = 3600
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: opts)
            _ = try await client.movie(550)
            let key = try #require(cache.allKeys().first)
            cache.store(cache.entry(for: key)!.body, for: key, at: Date().addingTimeInterval(-7200))
            _ = try await client.movie(550)
            #expect(await fake.count(path: "/movie/550") == 2)
            _ = try await client.movie(550)
            #expect(await fake.count(path: "/movie/550") == 2)
        }
    }

    @Test func corruptCacheIsRecreatedWithAWarning() throws {
        let dir = tempDir()
        let url = dir.appendingPathComponent("tmdb-cache.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: url)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: url.path + "-wal"))
        try Data("junk".utf8).write(to: URL(fileURLWithPath: url.path + "-shm"))
        let cache = try TMDbCache(url: url)
        #expect(cache.warnings.count == 1)
        #expect(cache.warnings.first?.contains("deleted and recreated") == true)
        cache.store(Data("{}".utf8), for: "k")
        #expect(cache.count() == 1)
        #expect(try TMDbCache(url: url).warnings.isEmpty)
    }

    @Test func schemaMismatchIsRecreated() throws {
        let url = tempDir().appendingPathComponent("tmdb-cache.sqlite")
        // An older/newer layout, written by the sqlite3 tool.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        p.arguments = [url.path, "CREATE TABLE response (key TEXT, payload TEXT); PRAGMA user_version = 99;"]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let cache = try TMDbCache(url: url)
        #expect(cache.warnings.first?.contains("schema version 99") == true)
        cache.store(Data("{}".utf8), for: "k")
        #expect(cache.entry(for: "k")?.body == Data("{}".utf8))
    }
}
