import Foundation
import MWCore
import MWImport
import MWJobs
import Testing

/// Movary's three personal-data CSVs, our own fixtures written from the format facts
/// (docs/IMPORT.md "Movary"): one history row per play, empty dates, 1–10 ratings, a watchlist.
@Suite struct MovaryTests {
    static let history = "title,year,tmdbId,imdbId,watchedAt,comment,location\n"
        + "Heat,1995,949,tt0113277,2024-01-02,Still great.,Cinema\n"
        + "Heat,1995,949,tt0113277,2024-03-04,,\n"
        + "Heat,1995,949,tt0113277,,,\n"
        + "Alien,1979,348,,2023-05-06,,\n"
    static let ratings = "title,year,tmdbId,imdbId,userRating\nHeat,1995,949,tt0113277,9\nAlien,1979,348,,11\n"
    static let watchlist = "title,year,tmdbId,imdbId,addedAt\nDune,2021,438631,tt1160419,2024-02-01 10:00:00\n"

    func export(_ fx: Fixture) throws -> URL {
        try fx.write("movary/history.csv", Self.history)
        try fx.write("movary/ratings.csv", Self.ratings)
        try fx.write("movary/watchlist.csv", Self.watchlist)
        return fx.url("movary")
    }

    @Test func everyPlayRatingAndWatchlistItemIsRead() throws {
        let fx = try Fixture()
        let read = MWImport.read(sources: [try export(fx)], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
        #expect(read.files.map(\.kind) == ["movaryHistory", "movaryRatings", "movaryWatchlist"])
        #expect(read.files.allSatisfy { $0.isBalanced })
        let heat = try #require(read.items.first { $0.ids.tmdb == 949 })
        // Three rows, three plays; the third has no date and is kept undated, not dropped.
        #expect(heat.watches.map { $0.date?.day } == ["2024-01-02", "2024-03-04", nil])
        #expect(heat.ratings.map(\.value) == [9] && heat.ratings.first?.scale == .tenPoint)
        #expect(heat.reviews.map(\.text) == ["Still great."] && heat.extras.map(\.value) == ["Cinema"])
        // A rating off the scale is a warning with its place, kept as an extra.
        let alien = try #require(read.items.first { $0.ids.tmdb == 348 })
        #expect(alien.ratings.isEmpty && alien.extras.contains { $0.field == "userRating" && $0.value == "11" })
        #expect(read.diagnostics.contains { $0.code == "import-bad-value" && $0.line == 3 && $0.field == "userRating" })
        #expect(read.items.first { $0.ids.tmdb == 438631 }?.has(.watchlist) == true)
    }

    @Test func importedByTheirTMDbIDsWithEveryViewing() async throws {
        let fx = try Fixture()
        var o = ImportJobOptions(sources: [try export(fx)])
        o.output = fx.url("out.json")
        o.format = .mediawatchV2
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        let outcome = try await ImportJob.run(o, environment: [:])
        #expect(outcome.report.exitCode == 0, "\(outcome.report.problems)")
        let heat = try #require(outcome.library.titles.first { $0.tmdbId == 949 })
        #expect(heat.viewings.count == 3 && heat.viewings.filter { $0.date == nil }.count == 1)
        #expect(heat.ratings.map(\.value) == [9])
        #expect(outcome.library.titles.map(\.tmdbId).sorted() == [348, 949, 438631])
        #expect(try BackupIO.read(url: fx.url("out.json")).isValid)
    }

    @Test func aTMDbIDThatIsNoneIsReportedAndTheRowMatchedByItsTitle() throws {
        let fx = try Fixture()
        let url = try fx.write("movary/history.csv", "title,year,tmdbId,imdbId,watchedAt,comment,location\n"
            + "Heat,1995,x12,,2024-01-02,,\nAlien,1979,0,,2023-05-06,,\nDune,2021,438631,,2024-02-01,,\n")
        let read = MWImport.read(sources: [url], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
        #expect(read.files.map(\.kind) == ["movaryHistory"])
        let bad = read.diagnostics.filter { $0.code == "import-bad-value" }
        #expect(bad.map { "\($0.line ?? 0):\($0.field ?? "")" } == ["2:tmdbId", "3:tmdbId"])
        #expect(bad.first?.message.contains("tmdbId \"x12\" is not a TMDb ID") == true, "\(bad.map(\.message))")
        // Both rows are kept, without an ID, for the matcher to find by title and year.
        #expect(read.items.map { "\($0.title):\($0.ids.tmdb ?? -1):\($0.watches.count)" }.sorted() == ["Alien:-1:1", "Dune:438631:1", "Heat:-1:1"])
    }

    @Test func aLetterboxdImportFileIsNotMovarys() throws {
        let fx = try Fixture()
        let lb = try fx.write("import.csv", "tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review\n949,tt0113277,Heat,1995,4,2024-01-02,,,\n")
        let read = MWImport.read(sources: [lb], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
        #expect(read.files.map(\.service) == [.letterboxd])
    }
}
