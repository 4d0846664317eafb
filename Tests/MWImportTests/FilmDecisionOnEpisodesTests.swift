import Foundation
@testable import MWImport
@testable import MWMatching
import MWCore
import MWFoundation
import MWTMDb
import Testing

/// A review decision naming a film, written on a row that holds a show's episodes, is not
/// applied: a film has no episodes, and applying it would fold every episode of the row — for
/// Netflix, several films its structure grouped under a shared prefix — into one film with
/// their viewings (docs/IMPORT.md "Decisions"). Found on a real Netflix export of the corpus.
@Suite struct FilmDecisionOnEpisodesTests {
    static let offline = TMDbClient(credentials: nil, options: TMDbClientOptions(offline: true))

    /// An episode the file's structure made (`Saga: Part One` watched on its own day).
    static func grouped(_ rest: String, row: Int) -> ForeignItem {
        var item = ForeignItem(source: SourceRef(service: NetflixReader.service.name, file: "ViewingActivity.csv", line: row + 1, row: row), kind: .episode, title: "Saga")
        var ref = EpisodeRef(showTitle: "Saga")
        ref.episodeTitle = rest
        ref.wholeTitle = "Saga: \(rest)"
        item.episode = ref
        return item
    }

    static let items = [grouped("Part One", row: 1), grouped("Part Two", row: 2), grouped("Part Three", row: 3),
                        ForeignItem(source: SourceRef(service: NetflixReader.service.name, file: "ViewingActivity.csv", line: 5, row: 4), kind: .unknown, title: "Lone Film")]

    @Test func aFilmDecisionOnEpisodesIsRefusedAndSaid() async throws {
        let first = try await TMDbMatcher(client: Self.offline).match(Self.items)
        let groupKey = first.items[0].key
        #expect(first.items[1].key == groupKey && first.items[2].key == groupKey, "the three episodes share one review row")
        let filmKey = first.items[3].key
        #expect(filmKey != groupKey)

        let overrides = MatchOverrides([groupKey: .match(tmdbId: 5001, mediaType: .movie), filmKey: .match(tmdbId: 5002, mediaType: .movie)])
        let r = try await TMDbMatcher(client: Self.offline).match(Self.items, overrides: overrides)
        for i in 0..<3 {
            if case .matched(let m) = r.items[i].outcome { Issue.record("episode \(i) matched to \(m.mediaType.rawValue):\(m.tmdbId) by a film decision") }
        }
        // The film row's own decision still applies.
        guard case .matched(let m) = r.items[3].outcome else { Issue.record("the film's decision was not applied: \(r.items[3].outcome)"); return }
        #expect(m.tmdbId == 5002 && m.mediaType == .movie && m.method == .override)
        let said = r.diagnostics.filter { $0.code == DiagnosticCode.importReviewDecision.rawValue && $0.message.contains("movie:5001") }
        #expect(said.count == 1, "one warning for the refused row: \(r.diagnostics.map(\.message))")
        #expect(said.first?.message.contains("3 episode(s)") == true)
        #expect(said.first?.message.contains(groupKey) == true)
    }

    @Test func aShowDecisionOnTheSameRowApplies() async throws {
        let first = try await TMDbMatcher(client: Self.offline).match(Self.items)
        let groupKey = first.items[0].key
        let r = try await TMDbMatcher(client: Self.offline).match(Self.items, overrides: MatchOverrides([groupKey: .match(tmdbId: 7001, mediaType: .tv)]))
        for i in 0..<3 {
            guard case .matched(let m) = r.items[i].outcome else { Issue.record("episode \(i): \(r.items[i].outcome)"); continue }
            #expect(m.tmdbId == 7001 && m.mediaType == .tv)
        }
        #expect(!r.diagnostics.contains { $0.message.contains("names a film") })
    }
}
