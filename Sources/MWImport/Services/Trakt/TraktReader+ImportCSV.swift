import Foundation
import MWCore
import MWFoundation

/// Reads the CSV the Trakt web importer reads (Settings → Import → CSV; trakt-web
/// `TraktCsvParser`), as `--to trakt` and other tools write it: header names lower-cased and
/// trimmed; ids from `trakt`, `imdb`, `tmdb`, `tvdb` or the same with `_id`; `type` `movie`,
/// `show` (`series`, `tv series`) or `episode` (`season`, `episode` under the show's ids), any
/// other value a movie as Trakt reads it; `title` or `name`, `year`; `watched_at` or
/// `date_watched` (`unknown`: a play without a date), `listed_at` or `watchlisted_at`,
/// `rating` (a whole 1–10), `rated_at`; `action` `watchlist`, `rating`/`ratings` or anything
/// else history. Without `action` one row can give a play, a rating and a watchlist entry.
enum TraktImportCSV {
    static let idColumns = ["trakt", "imdb", "tmdb", "tvdb"]
    static let dateColumns: Set<String> = ["watched_at", "date_watched", "listed_at", "watchlisted_at", "rated_at"]

    /// The importer's CSV: a `type` column, an id column in Trakt's spelling (`tmdb_id`, or a
    /// bare `tmdb` beside `type`), and one of its own date columns (`watched_at`, …); those
    /// underscored names are what no other service's export has together.
    static func detect(_ parsed: ExportContent) -> FileStats.Kind? {
        guard parsed.csv != nil else { return nil }
        let keys = parsed.headerKeys
        guard keys.contains("type"), idColumns.contains(where: { keys.contains($0) || keys.contains($0 + "_id") }),
              !keys.isDisjoint(with: dateColumns) else { return nil }
        return .traktImportCSV
    }

    static func read(_ file: ExportFile, _ kind: FileStats.Kind, _ parsed: ExportContent, into c: ItemCollector) {
        guard let t = parsed.csv?.table else { return }
        c.beginFile(file.display, kind: kind)
        t.eachRow(.trakt, file, c) { row, src in readRow(row, t, file, src, c) }
    }

    static func readRow(_ row: CSVFile.Record, _ t: CSVTable, _ file: ExportFile, _ src: SourceRef, _ c: ItemCollector) {
        if row.isBlank { return c.ignore("blank row") }
        // The ids, as a Trakt JSON `ids` object, so the item is keyed as the JSON export's are.
        var ids: [String: Any] = [:]
        for k in idColumns { if let v = t.text(row, k + "_id", k) { ids[k] = v } }  // TraktReader.ids reads numbers in strings
        var media: [String: Any] = ["ids": ids]
        if let title = t.text(row, "title", "name") { media["title"] = title }
        if let y = t.text(row, "year").flatMap({ Int($0) }) { media["year"] = y }
        let raw = t.text(row, "type")?.lowercased() ?? ""
        let type = ["show", "series", "tv series"].contains(raw) ? "show" : raw == "episode" ? "episode" : "movie"
        var e: [String: Any] = ["type": type]
        if type == "episode" {
            guard let s = t.text(row, "season").flatMap({ Int($0) }), let n = t.text(row, "episode").flatMap({ Int($0) }) else {
                return c.malformed(src.position, "an episode row without season and episode numbers",
                                   t.diagnostic(.error, .importMalformedRow, "an episode row without season and episode numbers", row: row, column: "episode"))
            }
            e["episode"] = ["season": s, "number": n, "ids": [String: Any]()]
            e["show"] = media
        } else {
            e[type] = media
        }
        guard let (i, _) = TraktReader.subject(e, src, c) else {
            return c.malformed(src.position, "no id and no title", t.diagnostic(.error, .importMalformedRow, "a row with no id and no title", row: row, column: "type"))
        }
        let action = t.text(row, "action")?.lowercased()
        let watched = t.text(row, "watched_at", "date_watched")
        let listed = t.text(row, "watchlisted_at", "listed_at")
        let rating = t.text(row, "rating")
        // What the row gives, decided (and its bad values reported) before the item changes.
        var mark: ForeignMark?, rated: ForeignRating?, watch: WatchEvent?
        if action == "watchlist" || (action == nil && listed != nil) {
            mark = ForeignMark(.watchlist, date: listed.flatMap { date($0, row, t, "watchlisted_at", c) }, source: src)
        }
        if action == "rating" || action == "ratings" || (action == nil && rating != nil) {
            if let rating, let v = Int(rating), (1...10).contains(v) {
                rated = ForeignRating(value: Double(v), scale: .tenPoint, raw: rating,
                                      date: t.text(row, "rated_at").flatMap { date($0, row, t, "rated_at", c) }, source: src)
            } else {
                c.warn(t.diagnostic(.warning, .importBadValue, "rating \(quoted(rating ?? "")) is not a whole number from 1 to 10", row: row, column: "rating"))
            }
        }
        if action.map({ !["watchlist", "rating", "ratings"].contains($0) }) ?? (watched != nil) {
            watch = WatchEvent(date: watched.flatMap { $0.lowercased() == "unknown" ? nil : date($0, row, t, "watched_at", c) }, source: src)
        }
        c.update(i) { item in
            if let mark { item.marks.append(mark) }
            if let rated { item.ratings.append(rated) }
            if let watch { item.watches.append(watch) }
        }
    }

    /// A date cell: a day or an instant; an unreadable one warned about and no date kept.
    static func date(_ raw: String, _ row: CSVFile.Record, _ t: CSVTable, _ column: String, _ c: ItemCollector) -> ForeignDate? {
        if let d = ForeignDate.parse(raw) { return d }
        c.warn(t.diagnostic(.warning, .importBadValue, ForeignDate.unreadable(raw) ?? "date \(quoted(raw)) cannot be read", row: row, column: column))
        return nil
    }
}

extension FileStats.Kind {
    /// The CSV Trakt's web importer reads.
    public static let traktImportCSV: Self = "traktImportCSV"
}
