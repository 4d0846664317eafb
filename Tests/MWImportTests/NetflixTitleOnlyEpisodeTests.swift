import Foundation
import MWCore
@testable import MWImport
import MWFoundation
import MWJobs
import Testing

/// Netflix's episodes named only by their title (`Show: Season 2: Episode title`, no number):
/// kept by season and title with each viewing's day on their show (docs/IMPORT.md "Netflix",
/// docs/FORMAT.md#formatversion-5), never reduced to a date on the show. Our own fixture.
@Suite struct NetflixTitleOnlyEpisodeTests {
    /// A history (day-first dates: 14 and above tell the order) of one show: two episodes named
    /// only by title in season 2 (one watched on two days), one of a part that numbers no
    /// season, and a numbered one.
    static let history = """
    Title,Date
    "Dark: Season 2: Ghosts","14/03/2021"
    "Dark: Season 2: Ghosts","15/03/2021"
    "Dark: Season 2: The Travelers","16/03/2021"
    "Dark: Part 3: Deja-vu","17/03/2021"
    "Dark: Season 1: Secrets (Episode 1)","13/03/2021"

    """

    func options(_ fx: Fixture) throws -> ImportJobOptions {
        OfflineImport.options(fx, sources: [try fx.write("in/NetflixViewingHistory.csv", Self.history)])
    }

    @Test func theReaderKeepsSeasonAndTitle() throws {
        let fx = try Fixture()
        let read = NetflixTests.read(try fx.write("NetflixViewingHistory.csv", Self.history))
        read.expectBalanced()
        let ghosts = try #require(read.items.first { $0.episode?.episodeTitle == "Ghosts" })
        #expect(ghosts.episode?.season == 2 && ghosts.episode?.number == nil && ghosts.watches.map { $0.date?.day } == ["2021-03-14", "2021-03-15"])
    }

    @Test func decidedOfflineTheShowKeepsEachEpisodeWithItsDays() async throws {
        let fx = try Fixture()
        var o = try options(fx)
        let first = try await ImportJob.run(o, environment: [:])
        // Offline the summary counts them as episodes of one show (Ghosts once).
        #expect(first.report.read.episodes == 4 && first.report.read.shows == 1, "\(first.report.read)")
        let review = try String(contentsOf: fx.url("review.csv"), encoding: .utf8)
        let keys = review.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: ",").last.map(String.init) }.filter { $0.hasPrefix("netflix:") }
        #expect(Set(keys).count == 1, "\(keys)")
        o.overridesFile = try fx.write("decisions.csv", "key,decision\n\(try #require(keys.first)),tv:70523\n")
        let outcome = try await ImportJob.run(o, environment: [:])
        let dark = try #require(outcome.library.titles.first { $0.tmdbId == 70523 })
        #expect(dark.unnumberedEpisodes == ["2|2021-03-14,2021-03-15|Ghosts", "2|2021-03-16|The Travelers", "|2021-03-17|Part 3: Deja-vu"])
        // The numbered one is an episode record; the others' viewings stay the show's as well.
        #expect(outcome.library.episodes.map { [$0.seasonNumber, $0.episodeNumber] } == [[1, 1]])
        #expect(dark.viewings.count == 4, "\(dark.viewings)")
        #expect(outcome.report.library.episodes == 4, "one numbered, three named by title")
        // Written as formatVersion 5, valid, and read back the same.
        let back = BackupIO.read(data: [UInt8](try Data(contentsOf: fx.url("out.json"))))
        #expect(back.isValid && back.formatVersion == 5, "\(back.diagnostics)")
        #expect(back.library?.titles.first { $0.tmdbId == 70523 }?.unnumberedEpisodes == dark.unnumberedEpisodes)
        // A formatVersion 4 target says what it dropped.
        let v4 = try BackupIO.encode(outcome.library, as: .mediawatchV2, options: WriteOptions(formatVersion: 4))
        #expect(v4.diagnostics.contains { $0.message.contains("titles[].unnumberedEpisodes: 3 episode(s) named only by title dropped from 1 record(s)") })
    }

    /// Every service writer: no format of theirs holds an episode without its number, so each
    /// counts them as dropped, one per episode.
    @Test func serviceWritersCountThemAsDropped() throws {
        var lib = Library()
        var show = Title(id: ImportIDs.title(.tv, 70523), tmdbId: 70523, mediaType: .tv, metadata: TitleMetadata(title: "Dark", year: 2017), dateAdded: Date(timeIntervalSince1970: 1_600_000_000))
        show.unnumberedEpisodes = ["2|2021-03-14|Ghosts", "2|2021-03-16|The Travelers"]
        lib.titles = [show]
        let key = ServiceWriting.unnumberedKey
        let all: [(String, [Diagnostic])] = [
            ("trakt-csv", TraktCSVWriter.rows(lib).diagnostics), ("trakt-json", try TraktJSONWriter.files(lib).diagnostics),
            ("yamtrack", YamtrackCSVWriter.rows(lib).diagnostics), ("ryot", RyotWriter.export(lib).diagnostics),
            ("watcharr", WatcharrJSONWriter.entries(lib).diagnostics), ("letterboxd", LetterboxdCSVWriter.rows(lib).diagnostics),
            ("imdb", IMDbCSVWriter.rows(lib).diagnostics), ("movary", MovaryCSVWriter.files(lib).diagnostics),
        ]
        for (name, diagnostics) in all {
            #expect(diagnostics.contains { $0.message.hasSuffix("cannot hold \(key): dropped from 2 record(s)") }, "\(name): \(diagnostics.map(\.message))")
        }
    }
}
