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

    /// The provenance values of formatVersion 3 are user data: strip and hydrate keep them.
    @Test func stripAndHydrateKeepProvenance() async throws {
        try await withFakeTMDb { fake in
            var original = try sampleLibrary(movies: [550, 30], shows: [13])
            let day = try #require(DayDate.day(year: 2024, month: 5, day: 1))
            for i in original.titles.indices {
                original.titles[i].ratings = [OriginalRating(source: "letterboxd", value: 3.5, scale: 5, date: day, datePrecision: .day)]
                original.titles[i].viewings = [.onDay(day, source: "letterboxd"), Viewing(date: day.addingTimeInterval(3600), precision: .instant, rewatch: true)]
                original.titles[i].tags = ["t\(i)"]
                original.titles[i].sources = [RecordSource(service: "letterboxd", file: "diary.csv", row: i + 2)]
            }
            for i in original.episodes.indices {
                original.episodes[i].viewings = [Viewing(date: day, precision: .instant, source: "trakt")]
            }
            let originalBytes = try BackupIO.encode(original, as: .mediawatchV2).bytes
            let stripped = try #require(BackupIO.read(data: try BackupIO.encode(original.stripped(), as: .mediawatchV2).bytes).library)
            #expect(stripped.titles.map(\.viewings) == original.titles.map(\.viewings))
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(stripped)
            #expect(report.failures.isEmpty)
            #expect(try BackupIO.encode(report.library, as: .mediawatchV2).bytes == originalBytes)
        }
    }

    @Test func strippedLibraryCannotBeV1() throws {
        let lib = try sampleLibrary(movies: [551], shows: []).stripped()
        #expect(throws: MWError.self) { _ = try BackupIO.encode(lib, as: .mediawatchV1) }
    }
}
