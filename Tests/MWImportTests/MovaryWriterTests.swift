import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// `--to movary`: the folder of three files Movary's importer reads, and the round trip through
/// our Movary reader for what Movary holds.
@Suite struct MovaryWriterTests {
    @Test func threeFilesWhatMovaryCannotHoldCountedAndTheRoundTrip() async throws {
        var heat = Lib.movie(1, "Heat", year: 1995, imdb: "tt0113277")
        heat.viewings = [Lib.viewing("2024-01-02"), Viewing(date: nil, precision: .day, rewatch: true, source: "movary")]
        heat.ratings = [Lib.rating("letterboxd", 4.5, of: 5, on: "2024-01-02")]
        var comment = Note(id: "N1", parentId: heat.id, parentType: .title, text: "Still great.", ownerOnly: true, dateCreated: Lib.added)
        comment.sources = [RecordSource(service: "movary", file: "history.csv", row: 1)]
        let privateNote = Note(id: "N2", parentId: heat.id, parentType: .title, text: "Mine only.", ownerOnly: true, dateCreated: Lib.added)
        let show = Lib.show(2, "Breaking Bad", year: 2008)
        let dune = Lib.movie(3, "Dune", year: 2021)
        let watchlist = MediaList(id: ImportIDs.list("watchlist"), name: "Watchlist", items: [ListItem(titleId: dune.id, orderIndex: 0, dateAdded: Lib.instant("2024-03-01T10:00:00Z"))])
        let lib = Library(lists: [watchlist], titles: [heat, show, dune], notes: [comment, privateNote])

        let fx = try Fixture()
        let out = fx.url("movary")
        let diagnostics = try write(lib, as: .movary, to: out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["history.csv", "ratings.csv", "watchlist.csv"])
        let history = try String(contentsOf: out.appendingPathComponent("history.csv"), encoding: .utf8)
        #expect(history == "title,year,tmdbId,imdbId,watchedAt,comment\nHeat,1995,1001,tt0113277,2024-01-02,Still great.\nHeat,1995,1001,tt0113277,,\n")
        #expect(try String(contentsOf: out.appendingPathComponent("ratings.csv"), encoding: .utf8) == "title,year,tmdbId,imdbId,userRating\nHeat,1995,1001,tt0113277,9\n")
        #expect(try String(contentsOf: out.appendingPathComponent("watchlist.csv"), encoding: .utf8) == "title,year,tmdbId,imdbId,addedAt\nDune,2021,1003,,2024-03-01 10:00:00\n")
        let dropped = diagnostics.filter { $0.code == DiagnosticCode.fieldDropped.rawValue }.map(\.message)
        #expect(dropped.contains { $0.contains("TV titles (Movary holds films): dropped from 1") } && dropped.contains { $0.contains("notes not from Movary: dropped from 1") })

        // Read back: the same plays (the undated one too), rating, watchlist entry and comment.
        let read = MWImport.read(sources: [out], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
        let back = try #require(read.items.first { $0.ids.tmdb == 1001 })
        #expect(back.watches.map { $0.date?.day } == ["2024-01-02", nil])
        #expect(back.ratings.map(\.value) == [9] && back.reviews.map(\.text) == ["Still great."])
        #expect(read.items.first { $0.ids.tmdb == 1003 }?.has(.watchlist) == true)
        #expect(throws: MWError.self) { try write(lib, as: .movary, to: nil) }  // three files: not to standard output
    }
}
