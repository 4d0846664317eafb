import Foundation
import MWCore
@testable import MWTMDb
import Testing

@Suite("The credential never leaks")
struct SecretTests {
    /// Every file under `dir`, concatenated (cache database with its WAL, images…).
    func bytes(under dir: URL) throws -> Data {
        var all = Data()
        let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)!
        for case let u as URL in e where (try? u.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            all += try Data(contentsOf: u)
        }
        return all
    }

    @Test func notInCacheLogsErrorsOrOutput() async throws {
        try await withFakeTMDb { fake in
            let dir = tempDir()
            let cache = try TMDbCache(url: dir.appendingPathComponent("tmdb-cache.sqlite"))
            let log = LogCapture()
            var lib = try sampleLibrary(movies: [550, 551], shows: [13]).stripped()
            lib.titles.append(Title(id: "gone", tmdbId: 999_999_999, mediaType: .tv, metadata: nil, dateAdded: t0))
            await fake.inject("/movie/551", Array(repeating: .status(500), count: 5))
            await fake.inject("/movie/550", [.status(429), .malformed])
            let client = TMDbClient(credentials: .apiKey(fake.secret),
                                    options: await testOptions(fake, cache: cache, attempts: 3), logger: log.logger)
            let report = try await Hydrator(client: client, options: .init(imagesDirectory: dir.appendingPathComponent("img"))).run(lib)
            #expect(report.failures.count >= 3)
            // The key did travel (the server checked it) …
            #expect(await fake.received.contains { $0.query["api_key"] == fake.secret })
            // … but appears nowhere we produce.
            let secret = fake.secret
            #expect(!log.all.isEmpty)
            #expect(!log.all.contains(secret))
            #expect(!report.failures.map(\.description).joined().contains(secret))
            #expect(!"\(report.library)".contains(secret))
            #expect(!cache.allKeys().joined().contains(secret))
            #expect(!cache.allKeys().isEmpty)
            let files = try bytes(under: dir)
            #expect(files.range(of: Data(secret.utf8)) == nil)
            #expect(!"\(TMDbCredentials.apiKey(secret))".contains(secret))
        }
    }

    @Test func imageRequestsCarryNoCredential() async throws {
        try await withFakeTMDb { fake in
            let lib = try sampleLibrary(movies: [550], shows: [])
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            _ = try await Hydrator(client: client, options: .init(imagesDirectory: tempDir())).run(lib)
            let images = await fake.received.filter { $0.path.hasPrefix("/t/p/") }
            #expect(images.count == 2)
            #expect(images.allSatisfy { $0.query["api_key"] == nil && $0.authorization == nil })
        }
    }
}
