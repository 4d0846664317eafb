import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import Testing

/// Issue 30 §3 and §1 on hand-built values: a watched mark without a viewing that came from
/// another service is written undated by every writer that writes plays (its `watchedDate` is
/// the day the service was told "watched"); records with different ids of one service never
/// share a review key or a searched TMDb title.
@Suite struct UndatedWatchTests {
    static func imported(_ n: Int, _ title: String) -> Title {
        var t = Lib.movie(n, title)
        t.watched = true
        t.watchedDate = Lib.day("2021-03-04")
        t.sources = [RecordSource(service: "letterboxd", file: "watched.csv", row: n)]
        return t
    }

    @Test func anImportedWatchedMarkIsAnUndatedPlayAndAMediaWatchOneKeepsItsDate() {
        let imported = Self.imported(1, "Heat")
        var own = Lib.movie(2, "Ronin")
        own.watched = true
        own.watchedDate = Lib.day("2022-01-02")
        #expect(ServiceWriting.plays(imported.viewings, watched: true, watchedDate: imported.watchedDate, sources: imported.sources).map(\.date) == [nil])
        #expect(ServiceWriting.plays(own.viewings, watched: true, watchedDate: own.watchedDate, sources: own.sources).map(\.date) == [own.watchedDate])

        var lib = Library()
        lib.titles = [imported, own]
        let trakt = TraktCSVWriter.rows(lib).rows
        let heat = trakt.filter { $0.contains("Heat") && $0.contains("history") }
        #expect(heat.count == 1 && heat[0].contains("unknown"), "\(heat)")
        #expect(trakt.contains { $0.contains("Ronin") && $0.contains { $0.hasPrefix("2022-01-02") } })
        let yam = YamtrackCSVWriter.rows(lib).rows
        #expect(!yam.filter { $0.contains("Heat") }.flatMap { $0 }.contains { $0.hasPrefix("2021-03-04") }, "\(yam)")
    }

    @Test func differentIdsOfOneServiceAreNeverOneReviewKey() {
        func mal(_ id: Int, _ title: String) -> ForeignItem {
            var i = ForeignItem(source: SourceRef(service: MyAnimeListReader.service.name, file: "animelist.xml", row: id), kind: .tvShow, title: title)
            i.ids.serviceID = "myanimelist:anime:\(id)"
            return i
        }
        // Titles that normalise alike (an apostrophe, a full stop, a degree sign).
        let items = [mal(918, "Gintama"), mal(9969, "Gintama'"), mal(34096, "Gintama."), mal(28977, "Gintama°")]
        let plain = items.map { MatchSubject($0)?.key }
        #expect(Set(plain.compactMap { $0 }).count == 1, "the titles alone share one key")
        let keys = IdentityRule.split(plain, items)
        #expect(Set(keys.compactMap { $0 }).count == 4, "\(keys)")
        // Without a conflict the key is left as it was (earlier review decisions still apply).
        #expect(IdentityRule.split([plain[0]], [items[0]]) == [plain[0]])

        // A search giving two of them one TMDb title is no answer for either.
        var outcomes: [MatchOutcome?] = items.map { _ in .matched(TMDbMatch(tmdbId: 57911, mediaType: .tv, method: .search)) }
        IdentityRule.unshare(&outcomes, items)
        #expect(outcomes.allSatisfy { if case .review? = $0 { true } else { false } })
        // One record matched by search keeps its match.
        var one: [MatchOutcome?] = [.matched(TMDbMatch(tmdbId: 57911, mediaType: .tv, method: .search))]
        IdentityRule.unshare(&one, [items[0]])
        #expect(one == [.matched(TMDbMatch(tmdbId: 57911, mediaType: .tv, method: .search))])
    }

    @Test func twoRatingsOfOneDayWithDifferentValuesAreBothKeptAndWritten() throws {
        let ratings = [ForeignRating(value: 4.5, scale: .halfStars5, raw: "4.5", date: day("2014-12-21"), source: ref(.letterboxd, "diary.csv", 9)),
                       ForeignRating(value: 4.5, scale: .halfStars5, raw: "4.5", date: day("2014-12-21"), source: ref(.letterboxd, "diary.csv", 10)),
                       ForeignRating(value: 5, scale: .halfStars5, raw: "5", date: day("2014-12-21"), source: ref(.letterboxd, "ratings.csv", 230))]
        let kept = RecordValues.ratings(ratings)
        #expect(kept.map(\.value) == [4.5, 5] && kept.map(\.source) == ["letterboxd:earlier", "letterboxd"], "\(kept)")
        // The last read stays the current one for every writer.
        #expect(ServiceCSV.current(kept, isPreferred: { _ in false }).map { kept[$0].value } == 5)

        var t = Lib.movie(1, "Short Term 12", year: 2013)
        t.ratings = kept
        t.viewings = [Lib.viewing("2014-12-21")]
        t.watched = true
        t.sources = [RecordSource(service: "letterboxd", file: "diary.csv", row: 8)]
        var lib = Library()
        lib.titles = [t]
        let rows = LetterboxdCSVWriter.rows(lib).rows
        #expect(Set(rows.map { $0[4] }) == ["4.5", "5"], "\(rows)")
        #expect(rows.filter { !$0[5].isEmpty }.count == 1, "one diary entry, no invented viewing: \(rows)")
    }
}
