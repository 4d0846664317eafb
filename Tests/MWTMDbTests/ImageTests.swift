import Foundation
import MWCore
@testable import MWTMDb
import Testing

@Suite("Image download")
struct ImageTests {
    @Test func downloadsVerifiesAndSkipsPresentFiles() async throws {
        try await withFakeTMDb { fake in
            let dir = tempDir().appendingPathComponent("images")
            var lib = try sampleLibrary(movies: [550, 551], shows: [13], seasonsPerShow: [1])
            lib.preferences?.imageQuality = "w342"
            let refs = lib.imageReferences
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let r1 = try await Hydrator(client: client, options: .init(imagesDirectory: dir)).run(lib.stripped())
            #expect(r1.failures.isEmpty, "\(r1.failures)")
            #expect(r1.imagesDownloaded == refs.count)
            for ref in refs {
                let data = try Data(contentsOf: dir.appendingPathComponent(ref.fileName))
                #expect(ImageDownloader.looksLikeImage(data))
            }
            let got = await fake.received.filter { $0.path.hasPrefix("/t/p/") }.map(\.path)
            #expect(got.contains("/t/p/w342/p550.jpg"))        // poster at the preferred size
            #expect(got.contains("/t/p/w780/b550.jpg"))        // backdrops offer no w342: next larger
            #expect(got.contains { $0.hasPrefix("/t/p/original/st13_1_") })   // stills top out at w300
            #expect(await fake.count(path: "/configuration") == 1)

            let r2 = try await Hydrator(client: client, options: .init(imagesDirectory: dir)).run(r1.library)
            #expect(r2.imagesDownloaded == 0 && r2.imagesPresent == refs.count)
            #expect(await fake.received.filter { $0.path.hasPrefix("/t/p/") }.count == refs.count)
        }
    }

    @Test func badDownloadsAreReportedAndNotWritten() async throws {
        try await withFakeTMDb { fake in
            let dir = tempDir()
            let lib = try sampleLibrary(movies: [550], shows: [])
            await fake.inject("/t/p/w500/p550.jpg", [.notImage])
            await fake.inject("/t/p/w780/b550.jpg", [.status(404)])
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let r = try await Hydrator(client: client, options: .init(imagesDirectory: dir)).run(lib)
            #expect(r.failures.count == 2)
            #expect(r.imagesDownloaded == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
            #expect(r.library == lib)
        }
    }
}
