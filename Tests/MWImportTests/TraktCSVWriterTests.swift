import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import Testing

/// `--to trakt`: the CSV the Trakt web importer reads (trakt-web `TraktCsvParser`, as the
/// format facts describe it): one row per history item, rating and watchlist item, each with
/// its action; what Trakt's CSV cannot hold reported with a count.
@Suite struct TraktCSVWriterTests {
    @Test func historyRatingsWatchlistAndWhatIsLeftOut() throws {
        var heat = Lib.movie(1, "Heat", year: 1995, imdb: "tt0113277")
        heat.viewings = [Lib.viewing("2024-01-02"), Viewing(date: nil, precision: .day, rewatch: true, source: "movary")]
        heat.ratings = [Lib.rating("letterboxd", 4.5, of: 5, on: "2024-01-02")]
        heat.tags = ["noir"]
        var show = Lib.show(2, "Breaking Bad", year: 2008)
        show.likedStatus = 1
        var ep = Episode(id: "E1", showId: show.id, seasonNumber: 1, episodeNumber: 2, metadata: nil, watched: true)
        ep.viewings = [Viewing(date: Lib.instant("2024-02-01T21:00:00Z"), precision: .instant, rewatch: false, source: "trakt")]
        let dune = Lib.movie(3, "Dune", year: 2021)
        let watchlist = MediaList(id: ImportIDs.list("watchlist"), name: "Watchlist", items: [ListItem(titleId: dune.id, orderIndex: 0, dateAdded: Lib.day("2024-03-01"))])
        let faves = MediaList(id: "L2", name: "Faves", items: [ListItem(titleId: heat.id, orderIndex: 0)])
        let lib = Library(lists: [watchlist, faves], titles: [heat, show, dune], episodes: [ep], notes: [Lib.review("N1", on: heat, "Great.", written: "2024-01-02")])

        let fx = try Fixture()
        let diagnostics = try write(lib, as: .trakt, to: fx.url("trakt.csv"))
        let text = try String(contentsOf: fx.url("trakt.csv"), encoding: .utf8)
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines[0] == TraktCSVWriter.columns.joined(separator: ","))
        #expect(lines.contains("1001,tt0113277,,movie,Heat,1995,,,2024-01-02T12:00:00Z,,,,history"))
        #expect(lines.contains("1001,tt0113277,,movie,Heat,1995,,,unknown,,,,history"))  // an undated play is kept
        #expect(lines.contains("1001,tt0113277,,movie,Heat,1995,,,,,9,2024-01-02T12:00:00Z,rating"))  // 4.5 of 5 is 9 of 10
        #expect(lines.contains("5002,,,episode,Breaking Bad,2008,1,2,2024-02-01T21:00:00Z,,,,history"))
        #expect(lines.contains("1003,,,movie,Dune,2021,,,,2024-03-01T12:00:00Z,,,watchlist"))
        // What Trakt's CSV cannot hold: counted, never silent.
        let dropped = diagnostics.filter { $0.code == DiagnosticCode.fieldDropped.rawValue }.map(\.message)
        #expect(dropped.contains { $0.contains("tags") } && dropped.contains { $0.contains("lists other than the watchlist") })
        #expect(dropped.contains { $0.contains("notes and reviews: dropped from 1") } && dropped.contains { $0.contains("liked status without a rating") })
        // --rating-from-liked turns the liked show into 8 points.
        _ = try write(lib, as: .trakt, to: fx.url("liked.csv"), switches: [.ratingFromLiked])
        #expect(try String(contentsOf: fx.url("liked.csv"), encoding: .utf8).contains("5002,,,show,Breaking Bad,2008,,,,,8,,rating"))
    }
}
