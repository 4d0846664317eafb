import Foundation
import MWCore
import MWReport
import MWTestSupport
import Testing

/// The report's streaming road (a reader's record sink into FilmTally, no library built: what
/// `mwkit report` takes for film backups) gives the same page as the library road, for every
/// valid film sample and period.
@Suite("Report streaming")
struct StreamingTests {
    @Test("streamed and built libraries give the same bytes", arguments: ["mediawatch-v1.json", "mediawatch-v2.json", "mediawatch-v3.json", "mediawatch-v4.json", "mediawatch-v5.json"])
    func sameBytes(sample: String) throws {
        let url = MWKitBinary.root.appendingPathComponent("Samples").appendingPathComponent(sample)
        let library = try #require(try BackupIO.read(url: url).library, "\(sample) reads")
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        for period in [ReportPeriod.allTime, .year(2024), .year(1999)] {
            let tally = FilmTally(period: period)
            var options = ReadOptions(buildLibrary: false)
            options.recordSink = tally
            let streamed = try BackupIO.read(url: url, options: options)
            #expect(streamed.library == nil && streamed.isValid)
            let a = ReportPage.render(filmFigures: tally.figures(), books: nil, period: period, inputs: [sample], now: now)
            let b = ReportPage.render(films: library, books: nil, period: period, inputs: [sample], now: now)
            #expect(a == b, "\(sample) \(period)")
        }
    }
}
