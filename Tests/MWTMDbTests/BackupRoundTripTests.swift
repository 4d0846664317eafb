import Foundation
import MWCore
@testable import MWTMDb
import Testing

/// strip → v2 bytes → read → hydrate → v2 bytes gives the original bytes back.
@Suite("Round trip through backup files")
struct BackupRoundTripTests {
    @Test func stripWriteReadHydrateWrite() async throws {
        try await withFakeTMDb { fake in
            let original = try sampleLibrary(movies: [550, 551, 30], shows: [13, 14])
            let originalBytes = try BackupIO.encode(original, as: .mediawatchV2).bytes

            let strippedBytes = try BackupIO.encode(original.stripped(), as: .mediawatchV2).bytes
            #expect(String(decoding: strippedBytes, as: UTF8.self).contains(#""stripped": true"#))
            let read = BackupIO.read(data: strippedBytes)
            #expect(read.isValid, "\(read.diagnostics)")
            let stripped = try #require(read.library)
            #expect(stripped.titles.allSatisfy { $0.isStripped } && stripped.episodes.allSatisfy { $0.isStripped })

            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(stripped)
            #expect(report.failures.isEmpty)
            let hydratedBytes = try BackupIO.encode(report.library, as: .mediawatchV2).bytes
            #expect(hydratedBytes == originalBytes)
            #expect(BackupIO.read(data: hydratedBytes).isValid)
            #expect(!String(decoding: hydratedBytes, as: UTF8.self).contains(fake.secret))
        }
    }

    @Test func strippedLibraryCannotBeV1() throws {
        let lib = try sampleLibrary(movies: [551], shows: []).stripped()
        #expect(throws: MWError.self) { _ = try BackupIO.encode(lib, as: .mediawatchV1) }
    }
}
