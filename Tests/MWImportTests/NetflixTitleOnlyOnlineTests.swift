import Foundation
import MWCore
import MWFoundation
import MWJobs
import Testing

/// An online import numbers Netflix's episodes named only by title (`Show: Season 2: Title`)
/// from TMDb's season, by the rule `hydrate` uses: only a name the season lists exactly once;
/// the rest stay named by title, never guessed (docs/IMPORT.md "Netflix"). A loopback TMDb
/// with our own invented show.
@Suite struct NetflixTitleOnlyOnlineTests {
    static let history = """
    Title,Date
    "Tidewater Lane: Season 2: Low Water","14/03/2021"
    "Tidewater Lane: Season 2: Low Water","15/03/2021"
    "Tidewater Lane: Season 2: The Crossing","16/03/2021"
    "Tidewater Lane: Season 2: Not On Any List","17/03/2021"
    "Tidewater Lane: Season 2: HIGH-TIDE!","18/03/2021"
    "Tidewater Lane: Season 1: Harbour Lights (Episode 1)","13/03/2021"

    """
    /// TMDb's season 2 names "The Crossing" twice: no number can be told for it.
    static let seasons: [Int64: [Int: [String]]] = [4101: [1: ["Harbour Lights"], 2: ["Low Water", "The Crossing", "High Tide", "The Crossing"]]]

    @Test func aNameTheSeasonGivesOnceIsNumbered() async throws {
        let fx = try Fixture()
        let sources = [try fx.write("in/NetflixViewingHistory.csv", Self.history)]
        try await withMatchingServer([TrapCatalogue.show(4101, "Tidewater Lane", "2019-02-02")], seasons: Self.seasons) { server in
            var o = await ImportFixture.options(sources, server: server, fx: fx)
            o.format = .mediawatchV2
            o.reviewFile = fx.url("review.csv")
            let r = try await ImportJob.run(o, environment: ImportFixture.env)
            #expect(r.report.exitCode == 0, "\(r.report.problems)")
            let lib = r.library
            let show = try #require(lib.titles.first { $0.tmdbId == 4101 && $0.mediaType == .tv })
            let codes = Dictionary(uniqueKeysWithValues: lib.episodes.map { ($0.episodeCode, $0) })
            #expect(Set(codes.keys) == ["S01E01", "S02E01", "S02E03"], "\(codes.keys.sorted())")
            #expect(codes["S02E01"]?.viewings.compactMap { $0.date.map(DayDate.day(of:)) } == ["2021-03-14", "2021-03-15"].compactMap(DayDate.parse))
            #expect(codes["S02E03"]?.viewings.count == 1 && codes["S02E03"]?.metadata?.name == "High Tide")
            // The twice-named one and the unknown one stay as the export named them, with their days.
            #expect(show.unnumberedEpisodes == ["2|2021-03-16|The Crossing", "2|2021-03-17|Not On Any List"])
            #expect(show.viewings.compactMap { $0.date.map(DayDate.day(of:)) }.sorted() == ["2021-03-16", "2021-03-17"].compactMap(DayDate.parse))
            #expect(r.report.episodesNumbered == 2 && r.report.library.episodes == 5, "\(r.report.library)")
            #expect(r.report.text().contains("numbered 2 episodes named only by title"), "\(r.report.text())")
            #expect(await server.count("/tv/4101") == 1)
            // Written and read back valid, the numbered episodes in it.
            let back = BackupIO.read(data: [UInt8](try Data(contentsOf: fx.url("out.json"))))
            #expect(back.isValid, "\(back.diagnostics)")
            #expect(back.library?.episodes.count == 3 && back.library?.titles.first?.unnumberedEpisodes == show.unnumberedEpisodes)
            // v1 needs metadata on every episode: a numbered one has TMDb's, and the file validates.
            o.format = .mediawatchV1
            o.output = fx.url("out-v1.json")
            let v1 = try await ImportJob.run(o, environment: ImportFixture.env)
            #expect(v1.report.exitCode == 0 && v1.report.episodesNumbered == 2, "\(v1.report.problems)")
            #expect(v1.library.episodes.allSatisfy { $0.metadata != nil })
            #expect(try BackupIO.read(url: fx.url("out-v1.json")).isValid)
        }
    }

    /// Offline nothing is numbered: the same file keeps all four names for `hydrate`.
    @Test func offlineTheyWaitForHydrate() async throws {
        let fx = try Fixture()
        var o = ImportJobOptions(sources: [try fx.write("in/NetflixViewingHistory.csv", Self.history)])
        o.output = fx.url("out.json")
        o.reviewFile = fx.url("review.csv")
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        let r = try await ImportJob.run(o, environment: [:])
        #expect(r.report.episodesNumbered == 0 && !r.report.text().contains("numbered"))
    }
}
