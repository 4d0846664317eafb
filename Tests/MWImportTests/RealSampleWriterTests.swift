import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// The real Yamtrack, Watcharr and Trakt samples in `../shared/samples/third-party` (read in
/// place, never copied), imported offline (their titles carry TMDb ids), written by that
/// service's writer and imported again: every title comes back with its rating, watched state,
/// watched day and watchlist place, as far as the service holds them.
@Suite(.serialized) struct RealSampleWriterTests {
    static let root = ConformanceTests.root
    static let present = ConformanceTests.present

    static func importLibrary(_ sources: [URL], fx: Fixture, name: String) async throws -> Library {
        var o = ImportJobOptions(sources: sources)
        o.output = fx.url("\(name).json")
        o.format = .mediawatchV2
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        return try await ImportJob.run(o, environment: [:]).library
    }

    static func day(_ d: Date?) -> String? { d.map { String(DateCoding.formatRFC3339($0).prefix(10)) } }

    /// What a user checks of each title, as far as `writer` holds it.
    static func facts(_ lib: Library, _ writer: String) -> [String] {
        let listed = Set(lib.lists.filter(Watchlist.contains).flatMap(\.items).map(\.titleId))
        return lib.titles.map { t in
            let k = ServiceWriting.current(t.ratings, service: ForeignService(rawValue: writer)) { _ in true }
            let points = k.map { ServiceCSV.number((t.ratings[$0].value * 10 / t.ratings[$0].scale * 10).rounded() / 10) } ?? "-"
            // Watcharr keeps a watched title's finish, not its watchlist place.
            let onList = listed.contains(t.id) && !(writer == "watcharr" && t.watched)
            return "\(t.mediaType) \(t.tmdbId) rating \(points) watched \(t.watched) \(t.mediaType == .movie ? day(t.watchedDate) ?? "-" : "") watchlist \(onList)"
        }.sorted()
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; not checked"),
          arguments: [("yamtrack/FuzzyGrim-Yamtrack-2024/import_yamtrack.csv", "yamtrack", "out.csv"),
                      ("yamtrack/FuzzyGrim-Yamtrack-2025/import_yamtrack.csv", "yamtrack", "out.csv"),
                      ("watcharr/LAUGHINGCATMEME-My_Anime_WatchOrder/watcharr-export.json", "watcharr", "out.json"),
                      ("trakt/FuzzyGrim-Yamtrack/trakt_export", "trakt-json", "out")])
    func aRealExportThroughItsServicesWriter(_ sample: String, _ writer: String, _ out: String) async throws {
        let fx = try Fixture()
        let source = try await Self.importLibrary([Self.root.appendingPathComponent(sample)], fx: fx, name: "source")
        #expect(!source.titles.isEmpty, "\(sample)")
        let format = try #require(FormatRegistry.standard.format(named: writer))
        let done = try LibraryWriter.write(source, version: Migrator.latestVersion, as: format, to: fx.url(out))
        #expect(!done.diagnostics.contains { $0.severity == .error })
        let back = try await Self.importLibrary([fx.url(out)], fx: fx, name: "back")
        let want = Self.facts(source, writer), got = Self.facts(back, writer)
        #expect(got == want, "\(sample): \(Set(want).subtracting(got).sorted()) became \(Set(got).subtracting(want).sorted())")
    }
}
