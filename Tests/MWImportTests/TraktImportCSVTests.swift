import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// The Trakt web importer's CSV read back (trakt-web `TraktCsvParser`'s rules, from the samples'
/// README): what our writer makes and what other tools make, and detection that claims no other
/// service's file.
@Suite struct TraktImportCSVTests {
    static func read(_ text: String, name: String = "trakt.csv") throws -> ForeignExport {
        let fx = try Fixture()
        let url = try fx.write(name, text)
        return MWImport.read(sources: [url], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
    }

    @Test func theGuidesColumnsWithoutActionGiveEveryRoleOfARow() throws {
        // The guide's example header; no `action`: one row is a play, a rating and a watchlist entry.
        let rows = [("tt0113277", "movie", "2024-01-02T20:00:00Z", "2024-01-01T09:00:00Z", "9", "2024-01-03T10:00:00Z"),
                    ("tt0903747", "series", "unknown", "", "", ""),
                    ("tt0078748", "movie", "", "2023-05-06", "", "")]
        let text = "imdb_id,type,watched_at,watchlisted_at,rating,rated_at\n" + rows.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5].joined(separator: ",") }.joined(separator: "\n") + "\n"
        let out = try Self.read(text)
        #expect(out.files.map(\.kind) == [.traktImportCSV] && out.diagnostics.isEmpty, "\(out.diagnostics)")
        for r in rows {
            let item = try #require(out.items.first { $0.ids.imdb == r.0 })
            #expect(item.kind == (r.1 == "movie" ? .movie : .tvShow))
            #expect(item.watches.map { $0.date?.raw } == (r.2.isEmpty ? [] : [r.2 == "unknown" ? nil : r.2]))  // `unknown`: a play without a date
            #expect(item.ratings.map(\.value) == (r.4.isEmpty ? [] : [Double(r.4)!]) && item.ratings.first?.date?.raw == (r.5.isEmpty ? nil : r.5))
            #expect(item.marks.filter { $0.kind == .watchlist }.map { $0.date?.raw } == (r.3.isEmpty ? [] : [r.3]))
        }
    }

    @Test func actionsEpisodesAndBadRowsWithTheirPlace() throws {
        let text = "tmdb_id,type,title,year,season,episode,watched_at,rating,action\n"
            + "1396,episode,Breaking Bad,2008,1,2,2024-02-01T21:00:00Z,,history\n"
            + "1396,episode,Breaking Bad,2008,,3,2024-02-02T21:00:00Z,,history\n"
            + "949,movie,Heat,1995,,,2024-01-02T20:00:00Z,9,rating\n"
            + "949,movie,Heat,1995,,,,11,rating\n"
        let out = try Self.read(text)
        let ep = try #require(out.items.first { $0.kind == .episode })
        #expect(ep.episode?.season == 1 && ep.episode?.number == 2 && ep.episode?.showIDs.tmdb == 1396 && ep.watches.count == 1)
        // `action` rating: the row's watched_at is not a play.
        let heat = try #require(out.items.first { $0.ids.tmdb == 949 })
        #expect(heat.watches.isEmpty && heat.ratings.map(\.value) == [9])
        let malformed = try #require(out.diagnostics.first { $0.code == DiagnosticCode.importMalformedRow.rawValue })
        #expect(malformed.line == 3 && malformed.column == 6, "\(malformed)")
        let bad = try #require(out.diagnostics.first { $0.code == DiagnosticCode.importBadValue.rawValue })
        #expect(bad.line == 5 && bad.message.contains("\"11\""), "\(bad)")
    }

    @Test func detectionClaimsOnlyTheImportersShape() throws {
        let trakt = "tmdb_id,imdb_id,tvdb_id,type,title,year,season,episode,watched_at,watchlisted_at,rating,rated_at,action\n949,,,movie,Heat,1995,,,,,9,,rating\n"
        #expect(TraktReader.detect(bytes: Array(trakt.utf8), name: "x.csv") == .traktImportCSV)
        let others = [
            // Simkl's CSV backup: ids and a type, but its own date column.
            "SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB\n1,Heat,movie,1995,completed,,2024-01-02,4,,,949,tt0113277\n",
            // Letterboxd's import format, TMDb's account export, Movary, Yamtrack.
            "tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review\n949,tt0113277,Heat,1995,4,2024-01-02,,,\n",
            "TMDb ID,IMDb ID,Type,Name,Release Date,Season Number,Episode Number,Rating,Your Rating,Date Rated\n949,,movie,Heat,1995-12-15T00:00:00Z,,,7.9,9,2024-01-02T10:00:00Z\n",
            "title,year,tmdbId,imdbId,watchedAt,comment\nHeat,1995,949,,2024-01-02,\n",
            YamtrackCSVWriter.columns.joined(separator: ",") + "\n949,tmdb,movie,Heat,,,,9.0,Completed,,,2024-01-02,1,,\n",
            // A type and a date column but no id column in Trakt's spelling.
            "type,title,watched_at\nmovie,Heat,2024-01-02\n",
        ]
        for text in others { #expect(TraktReader.detect(bytes: Array(text.utf8), name: "x.csv") == nil, "\(text.prefix(40))") }
    }
}
