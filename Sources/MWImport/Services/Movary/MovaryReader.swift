import Foundation
import MWCore
import MWFoundation

/// Reads Movary's personal-data export (Settings → Account → Personal data; films only):
/// `history.csv` (`title,year,tmdbId,imdbId,watchedAt,comment[,location]`, one row per play —
/// three plays on a day are three rows; `watchedAt` a day or empty for a play without a date),
/// `ratings.csv` (`title,year,tmdbId,imdbId,userRating`, 1–10) and `watchlist.csv`
/// (`title,year,tmdbId,imdbId[,addedAt]`). Movary serves them without file names, so each is
/// told by its header, and a file is Movary's only when every column is one of Movary's: other
/// trackers' CSVs share `title` and id columns. Every row names its film by TMDb ID, which the
/// matcher takes as it is.
enum MovaryReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let movaryHistory: FileStats.Kind = "movaryHistory", movaryRatings: FileStats.Kind = "movaryRatings", movaryWatchlist: FileStats.Kind = "movaryWatchlist"
    /// The service, declared once: its registry format is ``FormatDescriptor/movary``.
    static let service = FilmServiceInfo(name: "movary", displayName: "Movary", fileKinds: [movaryHistory, movaryRatings, movaryWatchlist], shapes: [.text],
        csvSignatures: [CSVSignature(file: "Movary history.csv", needed: ["title", "tmdbId", "imdbId", "watchedAt"], other: ["year", "comment", "location"])],
        summary: "Movary: the personal-data export (history.csv, ratings.csv, watchlist.csv) read; the same three files written as a folder",
        capabilities: [.folderOutput], write: MovaryCSVWriter.write, holds: FormatHolds(ratings: "1–10", dates: "day", rewatches: true, reviews: true, status: true))

    /// Every column Movary's three files use, lower case.
    static let columns: Set<String> = ["title", "year", "tmdbid", "imdbid", "watchedat", "comment", "location", "userrating", "addedat"]

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        guard parsed.csv != nil else { return nil }
        let h = parsed.headerKeys
        guard h.contains("title"), h.contains("tmdbid"), h.isSubset(of: columns) else { return nil }
        if h.contains("watchedat") { return movaryHistory }
        if h.contains("userrating") { return movaryRatings }
        return movaryWatchlist
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        eachCSVRow(files, c) { row, src, t, _, kind in
            let tmdb = t.tmdbID(row, "tmdbId", c)
            let imdb = Values.imdbID(t.value(row, "imdbId"))
            let title = t.text(row, "title") ?? ""
            guard !title.isEmpty || tmdb != nil || imdb != nil else {
                c.malformed(src.position, "no title or ID", t.diagnostic(.error, .importMalformedRow, "a row without a title or ID", row: row, column: "title"))
                return
            }
            let year = Values.year(t.value(row, "year"))
            let keys = [tmdb.map { "movary:tmdb:\($0)" }, imdb.map { "movary:imdb:" + $0 }].compactMap { $0 }
            let i = c.item(keys: keys.isEmpty ? ["movary:title:" + Values.key(title) + "|" + (year.map(String.init) ?? "")] : keys, source: src) {
                var item = ForeignItem(source: src, kind: .movie, title: title)
                item.rawType = "movie"
                item.year = year
                item.ids = ForeignIDs(tmdb: tmdb, imdb: imdb)
                return item
            }
            switch kind {
            case movaryHistory: history(row, t, src, i, c)
            case movaryRatings: rating(row, t, src, i, c)
            default:
                let added = t.date(row, "addedAt", c)
                c.update(i) { if !$0.has(.watchlist) { $0.marks.append(ForeignMark(.watchlist, date: added, source: src)) } }
            }
        }
    }

    /// One play: a watch (undated when `watchedAt` is empty), the play's comment as a note,
    /// its location kept as an extra.
    static func history(_ row: CSVFile.Record, _ t: CSVTable, _ src: SourceRef, _ i: Int, _ c: ItemCollector) {
        let watched = t.date(row, "watchedAt", c)
        let comment = t.value(row, "comment").flatMap { Values.text($0) == nil ? nil : $0 }
        let location = t.text(row, "location")
        c.update(i) { item in
            item.watches.append(WatchEvent(date: watched, source: src))
            if let comment { item.reviews.append(ForeignReview(text: comment, date: nil, watchedDate: watched, kind: "comment", source: src)) }
            if let location { item.extras.append(ForeignExtra(field: "location", value: location, source: src)) }
        }
    }

    /// `userRating`, 1–10.
    static func rating(_ row: CSVFile.Record, _ t: CSVTable, _ src: SourceRef, _ i: Int, _ c: ItemCollector) {
        guard let raw = t.text(row, "userRating") else { return c.ignore("no rating") }
        guard let rating = t.rating(row, "userRating", .tenPoint, c, src: src, what: "userRating", range: "1–10", accepts: { $0 >= 1 && $0 <= 10 }) else {
            return c.update(i) { $0.extras.append(ForeignExtra(field: "userRating", value: raw, source: src)) }
        }
        c.update(i) { $0.ratings.append(rating) }
    }
}

extension FormatDescriptor {
    /// Movary: its personal-data export read; the three CSVs its importer reads written as a
    /// folder (`--to movary -o FOLDER`).
    public static let movary = filmService(MovaryReader.self)
}
