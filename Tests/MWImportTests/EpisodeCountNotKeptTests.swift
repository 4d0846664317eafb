import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// A show that comes with only a count of watched episodes — Trakt's `watched-shows` entry
/// without `seasons` (an exporter calling `/sync/watched/shows?extended=noseasons` writes them
/// so), TV Time's `nb_episodes_seen` without `seen_episode.csv` — is kept as watched, and the
/// count, which the library has no field for, is reported (docs/IMPORT.md "Viewings"). A show
/// whose episodes the import holds keeps its count through them: nothing to report.
@Suite struct EpisodeCountNotKeptTests {
    static func show(_ tmdb: Int, _ title: String, plays: Int, seasons: String?) -> String {
        let s = seasons.map { #", "seasons": \#($0)"# } ?? ""
        return #"{"plays": \#(plays), "last_watched_at": "2026-05-02T20:00:00.000Z", "show": {"title": "\#(title)", "year": 2019, "ids": {"trakt": \#(tmdb + 9000), "tmdb": \#(tmdb)}}\#(s)}"#
    }

    static func run(_ files: [(String, String)]) async throws -> (Library, [Diagnostic]) {
        try await OfflineImport.run(files.map { (name: $0.0, text: $0.1) })
    }

    static func said(_ d: [Diagnostic]) -> [Diagnostic] {
        d.filter { $0.code == DiagnosticCode.importNotKept.rawValue && $0.message.contains("count of watched episodes") }
    }

    @Test func aTraktShowWithoutSeasonsHasItsCountReported() async throws {
        let episodes = #"[{"number": 1, "episodes": [{"number": 1, "plays": 1, "last_watched_at": "2026-05-01T20:00:00.000Z"}, {"number": 2, "plays": 2, "last_watched_at": "2026-05-02T20:00:00.000Z"}]}]"#
        let (lib, d) = try await Self.run([("watched-shows.json", "[" + Self.show(501, "Counted Only", plays: 7, seasons: nil) + ", " + Self.show(502, "With Episodes", plays: 3, seasons: episodes) + "]")])
        let counted = try #require(lib.titles.first { $0.tmdbId == 501 })
        #expect(counted.watched && counted.viewings.isEmpty, "watched, with no invented viewing")
        #expect(lib.episodes.filter { $0.showId == lib.titles.first { $0.tmdbId == 502 }?.id }.count == 2)
        let warnings = Self.said(d)
        #expect(warnings.count == 1, "\(d.map(\.message))")
        #expect(warnings.first?.message.hasPrefix("1 show(s)") == true && warnings.first?.message.contains("7 in all") == true)
    }

    @Test func showsWhoseEpisodesAreImportedReportNothing() async throws {
        let episodes = #"[{"number": 2, "episodes": [{"number": 5, "plays": 4, "last_watched_at": "2026-05-02T20:00:00.000Z"}]}]"#
        let (_, d) = try await Self.run([("watched-shows.json", "[" + Self.show(503, "All Listed", plays: 4, seasons: episodes) + "]")])
        #expect(Self.said(d).isEmpty, "\(d.map(\.message))")
    }
}
