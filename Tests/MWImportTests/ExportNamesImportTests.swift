import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// Offline, the export's own names and the services' ids stay (docs/IMPORT.md "Metadata",
/// "Service ids"; issue 30 §1, §4): a title imported without TMDb's answer is a stripped record
/// that keeps the title and year its export gave, and every id the export gave; writers use
/// them; each writer's output read back gives them again. Fixtures are our own.
@Suite(.serialized) struct ExportNamesImportTests {
    /// Two films in Trakt's CSV import shape, each with its ids, title, year, a play and a rating.
    static let films: [(tmdb: Int, imdb: String, title: String, year: Int)] = [
        (2001, "tt0113277", "Heat, Reconsidered", 1995), (2002, "tt0120737", "A Film \"Quoted\"", 2001),
    ]
    static func traktCSV() -> String {
        var out = TraktCSVWriter.columns.joined(separator: ",") + "\n"
        for (n, f) in films.enumerated() {
            let q = "\"" + f.title.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            out += "\(f.tmdb),\(f.imdb),,movie,\(q),\(f.year),,,2024-0\(n + 1)-02T20:00:00.000Z,,,,history\n"
            out += "\(f.tmdb),\(f.imdb),,movie,\(q),\(f.year),,,,,\(n + 7),2024-0\(n + 1)-03T08:00:00.000Z,rating\n"
        }
        return out
    }

    static func importTrakt(_ fx: Fixture) async throws -> Library {
        try await WatchStatusTests.importLibrary([try fx.write("trakt.csv", traktCSV())], fx: fx)
    }

    @Test func anOfflineTraktImportKeepsTheExportsNamesYearsAndIds() async throws {
        let fx = try Fixture()
        let lib = try await Self.importTrakt(fx)
        for f in Self.films {
            let t = try #require(lib.titles.first { $0.tmdbId == Int64(f.tmdb) })
            #expect(t.isStripped, "offline: no TMDb metadata is pretended")
            #expect(t.exportTitle == f.title && t.exportYear == f.year)
            #expect(t.serviceIds.contains("imdb:\(f.imdb)"), "\(t.serviceIds)")
        }
    }

    /// The rows of a CSV written by `format`, by header.
    static func csvRows(_ url: URL) throws -> [[String: String]] {
        let table = try #require(try CSVFile(bytes: Array(try Data(contentsOf: url)), name: url.lastPathComponent).table)
        let names = table.header.fields
        return table.rows.map { row in
            Dictionary(names.enumerated().map { ($1, $0 < row.fields.count ? row.fields[$0] : "") }, uniquingKeysWith: { a, _ in a })
        }
    }

    @Test func anOfflineImportThenLetterboxdHasNamesAndYears() async throws {
        let fx = try Fixture()
        let lib = try await Self.importTrakt(fx)
        let format = try #require(FormatRegistry.standard.format(named: "letterboxd"))
        _ = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url("lb.csv"))
        let rows = try Self.csvRows(fx.url("lb.csv"))
        for f in Self.films {
            let mine = rows.filter { $0["tmdbID"] == String(f.tmdb) }
            #expect(!mine.isEmpty && mine.allSatisfy { $0["Title"] == f.title && $0["Year"] == String(f.year) && $0["imdbID"] == f.imdb }, "\(mine)")
        }
    }

    @Test func anOfflineYamtrackImportThenLetterboxdAndYamtrackHaveNames() async throws {
        let fx = try Fixture()
        let words: [(String, WatchStatus)] = [("Completed", .completed), ("Completed", .completed)]
        let lib = try await WatchStatusTests.importLibrary([try fx.write("yamtrack.csv", WatchStatusTests.yamtrackCSV(words))], fx: fx)
        #expect(lib.titles.allSatisfy { $0.isStripped && $0.exportTitle?.hasPrefix("Title ") == true })
        let films = lib.titles.filter { $0.mediaType == .movie }
        #expect(!films.isEmpty)
        let lb = try #require(FormatRegistry.standard.format(named: "letterboxd"))
        _ = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: lb, to: fx.url("lb.csv"))
        let rows = try Self.csvRows(fx.url("lb.csv"))
        for t in films { #expect(rows.contains { $0["tmdbID"] == String(t.tmdbId) && $0["Title"] == t.exportTitle }, "\(t.tmdbId): \(rows)") }
        let yt = try #require(FormatRegistry.standard.format(named: "yamtrack"))
        _ = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: yt, to: fx.url("yt.csv"))
        let back = try Self.csvRows(fx.url("yt.csv"))
        for t in lib.titles { #expect(back.contains { $0["media_id"] == String(t.tmdbId) && $0["title"] == t.exportTitle }, "\(t.tmdbId)") }
    }

    /// Each film writer's output of the offline import, read back offline: the names come
    /// back, the years where the format holds one, the IMDb ids where it holds them. (Letterboxd's
    /// file is matched by TMDb's answer, so offline it waits in review: its columns are checked
    /// above.)
    @Test(arguments: [("trakt", "out.csv", true, true), ("trakt-json", "out", true, true),
                      ("movary", "out", true, true), ("yamtrack", "out.csv", false, false), ("watcharr", "out.json", false, false),
                      ("ryot", "out.json", false, false)])
    func everyWriterGivesTheNamesBack(_ name: String, _ file: String, _ holdsYear: Bool, _ holdsIMDb: Bool) async throws {
        let fx = try Fixture()
        let lib = try await Self.importTrakt(fx)
        let format = try #require(FormatRegistry.standard.format(named: name))
        _ = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url(file))
        let back = try await WatchStatusTests.importLibrary([fx.url(file)], fx: fx)
        for f in Self.films {
            let t = try #require(back.titles.first { $0.tmdbId == Int64(f.tmdb) }, "\(name): \(f.tmdb)")
            #expect(t.knownName == f.title, "\(name): \(t.knownName ?? "nil")")
            if holdsYear { #expect(t.knownYear == f.year, "\(name)") }
            if holdsIMDb { #expect(t.serviceIds.contains("imdb:\(f.imdb)") || t.metadata?.imdbId == f.imdb, "\(name): \(t.serviceIds)") }
        }
    }

    @Test func simklAndMyAnimeListIdsReachTheTitleNotTheNotKeptCount() async throws {
        let fx = try Fixture()
        let csv = "SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB,MAL_ID\n"
            + "53536,Cowboy Bebop,tv,1998,completed,,2024-01-02,9,,76885,30991,tt0213338,1\n"
        let lib = try await WatchStatusTests.importLibrary([try fx.write("simkl.csv", csv)], fx: fx)
        let t = try #require(lib.titles.first { $0.tmdbId == 30991 })
        #expect(t.serviceIds.contains("myanimelist:anime:1") && t.serviceIds.contains { $0.hasPrefix("simkl:") } && t.serviceIds.contains("imdb:tt0213338"), "\(t.serviceIds)")
    }
}
