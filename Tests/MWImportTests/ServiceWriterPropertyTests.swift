import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import MWTestSupport
import Testing

/// Seeded random libraries through the Yamtrack and Trakt JSON writers, which hold every play:
/// the output keeps the rules of the service's importer (Yamtrack: its columns, statuses, a
/// parent row before each season and episode row) and, imported back, every film and episode
/// has the same plays — the same dated days and as many undated ones.
@Suite(.serialized) struct ServiceWriterPropertyTests {
    static func randomLibrary(_ g: inout SeededGenerator) -> Library {
        var titles: [Title] = [], episodes: [Episode] = [], watchlist: [ListItem] = []
        func day() -> Date { Lib.day(String(format: "2023-%02d-%02d", Int.random(in: 1...12, using: &g), Int.random(in: 1...28, using: &g))) }
        func plays(_ max: Int, instant: Bool) -> [Viewing] {
            (0..<Int.random(in: 0...max, using: &g)).map { k in
                let dated = Int.random(in: 0..<5, using: &g) > 0
                let d = dated ? day().addingTimeInterval(instant ? Double(Int.random(in: 0..<86_400, using: &g) / 60 * 60) - 43_200 : 0) : nil
                return Viewing(date: d, precision: instant ? .instant : .day, rewatch: k > 0, source: "test")
            }
        }
        let ratings = [(4.5, 5.0), (7.0, 10.0), (3.0, 5.0), (9.0, 10.0)]
        for n in 0..<Int.random(in: 1...6, using: &g) {
            var t = Lib.movie(n, "Film \(n)", year: 1990 + n)
            t.viewings = plays(3, instant: Bool.random(using: &g))
            t.watched = !t.viewings.isEmpty
            t.watchedDate = t.viewings.compactMap(\.date).max()
            if Bool.random(using: &g) { let r = ratings.randomElement(using: &g)!; t.ratings = [Lib.rating("letterboxd", r.0, of: r.1)] }
            if !t.watched && Bool.random(using: &g) { watchlist.append(ListItem(titleId: t.id, orderIndex: watchlist.count, dateAdded: day())) }
            titles.append(t)
        }
        for n in 10..<(10 + Int.random(in: 1...3, using: &g)) {
            var show = Lib.show(n, "Show \(n)")
            for e in 1...Int.random(in: 1...4, using: &g) {
                var ep = Episode(id: "E\(n)-\(e)", showId: show.id, seasonNumber: 1 + e / 3, episodeNumber: e, metadata: nil, watched: false)
                ep.viewings = plays(2, instant: true)
                ep.watched = !ep.viewings.isEmpty
                ep.watchedDate = ep.viewings.compactMap(\.date).max()
                episodes.append(ep)
            }
            show.watched = Bool.random(using: &g)
            show.watchedDate = show.watched ? episodes.filter { $0.showId == show.id }.compactMap(\.watchedDate).max() : nil
            titles.append(show)
        }
        return Library(lists: [MediaList(id: ImportIDs.list("watchlist"), name: "Watchlist", items: watchlist)], titles: titles, episodes: episodes)
    }

    /// Each record's plays: its dated days, sorted, and how many have no date.
    static func plays(_ lib: Library) -> [String: String] {
        let ids = Dictionary(uniqueKeysWithValues: lib.titles.map { ($0.id, $0.tmdbId) })
        func key(_ v: [Viewing]) -> String {
            v.compactMap { $0.date.map { String(DateCoding.formatRFC3339($0).prefix(10)) } }.sorted().joined(separator: " ") + " +\(v.filter { $0.date == nil }.count)"
        }
        var out: [String: String] = [:]
        for t in lib.titles where t.mediaType == .movie && !t.viewings.isEmpty { out["\(t.tmdbId)"] = key(t.viewings) }
        for e in lib.episodes where !e.viewings.isEmpty { out["\(ids[e.showId] ?? 0) \(e.episodeCode)"] = key(e.viewings) }
        return out
    }

    /// Yamtrack's importer (samples README): these columns must exist; statuses exact; season and
    /// episode rows need their parents.
    static func checkYamtrackRules(_ bytes: [UInt8], seed: UInt64) throws {
        let csv = try WrittenCSV(bytes)
        #expect(Set(["media_type", "season_number", "episode_number", "progress", "source", "media_id", "title", "image"]).isSubset(of: csv.header))
        var seen: Set<String> = []
        for r in csv.rows {
            let id = r["media_id"]!, type = r["media_type"]!
            #expect(["movie", "tv", "season", "episode"].contains(type) && ["Completed", "In progress", "Planning", "Paused", "Dropped"].contains(r["status"]!), "\(TestSeed.describe(seed)): \(r)")
            #expect(r["score"]!.isEmpty || r["score"]!.range(of: #"^(10|\d)\.\d$"#, options: .regularExpression) != nil, "\(TestSeed.describe(seed)): score \(r["score"]!)")
            if type == "season" { #expect(seen.contains("tv \(id)"), "\(TestSeed.describe(seed)): season before its show") }
            if type == "episode" { #expect(seen.contains("season \(id) \(r["season_number"]!)"), "\(TestSeed.describe(seed)): episode before its season") }
            seen.insert(type == "season" ? "season \(id) \(r["season_number"]!)" : "\(type) \(id)")
        }
    }

    @Test(arguments: [("yamtrack", "y.csv"), ("trakt-json", "t")])
    func randomLibrariesKeepEveryPlay(_ name: String, _ file: String) async throws {
        let format = try #require(FormatRegistry.standard.format(named: name))
        for n in UInt64(1)...12 {
            let seed = TestSeed.seed(n)
            var g = SeededGenerator(seed: seed)
            let lib = Self.randomLibrary(&g)
            let fx = try Fixture()
            _ = try write(lib, as: format, to: fx.url(file))
            if name == "yamtrack" { try Self.checkYamtrackRules(try bytes(fx.url(file)), seed: seed) }
            let back = try await ServiceWriterRoundTripTests.reimport(fx.url(file), fx: fx)
            let want = Self.plays(lib), got = Self.plays(back)
            #expect(got == want, "\(TestSeed.describe(seed)) \(name): \(got) for \(want)")
        }
    }
}
