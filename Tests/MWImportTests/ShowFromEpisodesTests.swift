import Foundation
@testable import MWImport
import MWCore
import MWFoundation
import Testing

/// A show known only from its numbered episodes takes from them, in the order they were placed:
/// the earliest date as dateAdded, every tag (of the item and of its watches) in first-met order,
/// the first episode row as its source, the show's name, year and ids at other services as the
/// export gives them (``EpisodeSummary``: gathered as each item is placed, not kept twice).
@Suite struct ShowFromEpisodesTests {
    func episode(_ n: Int, line: Int, date: String, tags: [String], watchTags: [String] = [], title: String?, year: Int?, imdb: String?) -> ForeignItem {
        var e = ForeignItem(source: SourceRef(service: .trakt, file: "history.json", row: line), kind: .episode, title: "Ep \(n)")
        e.episode = EpisodeRef(showTitle: title, showIDs: ForeignIDs(tmdb: 4004, imdb: imdb), season: 1, number: n)
        e.episode?.showYear = year
        e.tags = tags
        e.watches = [WatchEvent(date: ForeignDate.parse(date), tags: watchTags, source: e.source)]
        return e
    }

    @Test func theShowTakesDatesTagsSourceNameAndIdsFromItsEpisodes() throws {
        var c = BuildCase()
        let tv = MatchOutcome.matched(TMDbMatch(tmdbId: 4004, mediaType: .tv, method: .fileId))
        c.add(episode(3, line: 7, date: "2024-03-05", tags: ["binge"], watchTags: ["sofa"], title: nil, year: nil, imdb: nil), tv)
        c.add(episode(1, line: 2, date: "2022-11-01", tags: ["sofa", "rainy"], title: "Harbour Lights", year: 2019, imdb: "tt0000042"), tv)
        c.add(episode(2, line: 4, date: "2023-06-30", tags: ["binge", "late"], title: "Harbour Lights (US)", year: 2020, imdb: "tt0000077"), tv)
        let lib = c.build().library
        let show = try #require(lib.titles.first)
        #expect(lib.titles.count == 1 && lib.episodes.count == 3)
        #expect(show.dateAdded == ImportDates.date(ForeignDate.parse("2022-11-01")))
        #expect(show.tags == ["binge", "sofa", "rainy", "late"])
        #expect(show.sources.count == 1 && show.sources.first?.row == 7, "\(show.sources)")
        #expect(show.exportTitle == "Harbour Lights" && show.exportYear == 2019)
        #expect(show.serviceIds == ["imdb:tt0000042", "imdb:tt0000077"], "\(show.serviceIds)")
    }
}
