import Foundation
import MWCore
@testable import MWTMDb
import Testing

/// `hydrate` numbers a show's episodes named only by title (formatVersion 5's
/// `unnumberedEpisodes`) from TMDb's season when exactly one of its episodes has that name;
/// the rest stay title-only (docs/FORMAT.md#formatversion-5). A loopback TMDb.
@Suite("Hydrate numbers episodes named only by title")
struct HydrateUnnumberedTests {
    static let day10 = DayDate.day(year: 2021, month: 3, day: 10)!
    static let day11 = DayDate.day(year: 2021, month: 3, day: 11)!

    /// Show 13, stripped, with one numbered episode already (S1E1) and three title-only ones:
    /// one TMDb names (written in another case), one it does not, one of a part without season.
    static func library() -> Library {
        var lib = Library()
        var show = Title(id: uid("S13"), tmdbId: 13, mediaType: .tv, metadata: nil, watched: true, dateAdded: t0)
        show.viewings = [Viewing(date: day10.addingTimeInterval(20 * 3600), precision: .instant, source: "netflix"),
                         Viewing(date: day11, precision: .day, source: "netflix")]
        show.unnumberedEpisodes = ["2|2021-03-10|s2e3 OF 13", "2|2021-03-11|No such name", "|2021-03-12|Part 1: S1E1 of 13"].sorted()
        lib.titles = [show]
        lib.episodes = [Episode(id: uid("E1"), showId: show.id, seasonNumber: 1, episodeNumber: 1, metadata: nil)]
        lib.lists = [MediaList(id: uid("L1"), name: "Watchlist", sortOrder: 0, isDefault: true, dateCreated: t0)]
        lib.lists[0].items = [ListItem(id: uid("LI13"), titleId: show.id, orderIndex: 0, dateAdded: t0)]
        return lib
    }

    @Test func aNameTMDbGivesOnceBecomesThatEpisode() async throws {
        try await withFakeTMDb { fake in
            let client = TMDbClient(credentials: .apiKey(fake.secret), options: await testOptions(fake))
            let report = try await Hydrator(client: client).run(Self.library())
            #expect(report.failures.isEmpty, "\(report.failures)")
            #expect(report.episodesNumbered == 1)
            let lib = report.library
            let ep = try #require(lib.episodes.first { $0.seasonNumber == 2 && $0.episodeNumber == 3 })
            #expect(ep.showId == uid("S13") && ep.metadata?.name == "S2E3 of 13" && ep.tmdbId == FakeTMDbData.episodeId(13, 2, 3))
            // The show's viewing of that day moved to the episode, its time and source kept.
            #expect(ep.viewings == [Viewing(date: Self.day10.addingTimeInterval(20 * 3600), precision: .instant, source: "netflix")])
            #expect(ep.watched && ep.watchedDate == Self.day10.addingTimeInterval(20 * 3600))
            #expect(lib.titles[0].viewings == [Viewing(date: Self.day11, precision: .day, source: "netflix")])
            // No name match, or no season: left as they were; nothing guessed.
            #expect(lib.titles[0].unnumberedEpisodes == ["2|2021-03-11|No such name", "|2021-03-12|Part 1: S1E1 of 13"])
            #expect(Validator.validate(lib).isEmpty, "\(Validator.validate(lib))")
            let showRequest = try #require(await fake.received.first { $0.path == "/tv/13" })
            #expect(showRequest.query["append_to_response"] == "external_ids,season/1,season/2")
        }
    }

    @Test func twoEpisodesOfOneNameAreNotGuessed() {
        var lib = Self.library()
        let touched = lib.numberUnnumberedEpisodes(ofTitle: 0, seasons: [2: [(3, "S2E3 of 13"), (4, "s2e3 of 13")]])
        #expect(touched.isEmpty && lib == Self.library())
    }
}
