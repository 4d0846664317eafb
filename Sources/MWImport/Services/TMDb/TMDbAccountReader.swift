import Foundation
import MWCore
import MWFoundation

/// Reads the CSV exports of a TMDb account (Settings → Import/Export): ratings, watchlist and
/// favourites share one header, `TMDb ID,IMDb ID,Type,Name,Release Date,Season Number,Episode
/// Number,Rating,Your Rating,Date Rated`. `Type` is `movie` or `tv`; an episode rating is a `tv`
/// row with season and episode numbers whose `TMDb ID` and `IMDb ID` are the EPISODE's own
/// (`Friends S1E1`, 85987), so the show is found by the episode's IMDb ID or by the show's name
/// before ` S1E1`, never by that id. `Rating` is TMDb's average (catalogue data, not kept);
/// `Your Rating` 1–10; on the watchlist and favourites `Date Rated` is when the title was added.
/// Which file is which: its name inside the export says favourites or watchlist (a rating
/// filled in there is kept as well, undated); else a file with any `Your Rating` holds ratings
/// (TMDb writes one header for all three).
enum TMDbAccountReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let tmdbRatings: FileStats.Kind = "tmdbRatings", tmdbWatchlist: FileStats.Kind = "tmdbWatchlist", tmdbFavorites: FileStats.Kind = "tmdbFavorites"
    /// The service, declared once: its registry format is ``FormatDescriptor/tmdb``.
    static let service = FilmServiceInfo(name: "tmdb", displayName: "TMDb", fileKinds: [tmdbRatings, tmdbWatchlist, tmdbFavorites], shapes: [.text],
        csvSignatures: [CSVSignature(file: "TMDb ratings/watchlist CSV", needed: ["TMDb ID", "Type", "Name"], other: ["IMDb ID", "Release Date", "Your Rating", "Date Rated"])],
        summary: "TMDb: the account's CSV exports (ratings incl. episodes, watchlist, favourites) read",
        holds: FormatHolds(ratings: "1–10", dates: "instant", episodes: true, status: true))

    static let signature: Set<String> = ["tmdb id", "type", "name", "your rating", "date rated"]

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        guard let csv = parsed.csv, signature.isSubset(of: parsed.headerKeys) else { return nil }
        // The name inside the export first: a favourites file is the Favorites list whether
        // or not its rating column is filled (issue 30 §4).
        let name = (file.components.last ?? "").lowercased()
        if name.contains("favo") { return tmdbFavorites }
        if name.contains("watchlist") { return tmdbWatchlist }
        if let t = csv.table, t.rows.contains(where: { t.text($0, "Your Rating") != nil }) { return tmdbRatings }
        return tmdbWatchlist
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        eachCSVRow(files, c) { row, src, t, _, kind in
            readRow(row, t, src, kind, c)
        }
    }

    static func readRow(_ row: CSVFile.Record, _ t: CSVTable, _ src: SourceRef, _ kind: FileStats.Kind, _ c: ItemCollector) {
        let type = t.text(row, "Type")?.lowercased()
        let id = t.text(row, "TMDb ID").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let imdb = Values.imdbID(t.value(row, "IMDb ID"))
        let name = t.text(row, "Name") ?? ""
        guard type == "movie" || type == "tv", id != nil || !name.isEmpty else {
            let why = type == nil || (type != "movie" && type != "tv") ? "Type \(quoted(type ?? "")) is neither movie nor tv" : "no TMDb ID or name"
            return c.malformed(src.position, why, t.diagnostic(.error, .importMalformedRow, why, row: row, column: "Type"))
        }
        let season = Values.int(t.value(row, "Season Number")), number = Values.int(t.value(row, "Episode Number"))
        let year = Values.year(t.text(row, "Release Date").map { String($0.prefix(4)) })
        let i: Int
        if type == "tv", let season, let number {
            // The show's name is the row's name before ` S1E1`.
            let show = name.replacingOccurrences(of: #"\s+S\d+E\d+$"#, with: "", options: .regularExpression)
            i = c.item(keys: ["tmdb:episode:\(id.map(String.init) ?? name)"], source: src) {
                var item = ForeignItem(source: src, kind: .episode, title: name)
                item.episode = EpisodeRef(showTitle: show, season: season, number: number)
                item.ids.imdb = imdb
                return item
            }
            if let id { c.update(i) { $0.extras.append(ForeignExtra(field: "TMDb episode ID", value: String(id), source: src)) } }
        } else {
            let k: ForeignKind = type == "movie" ? .movie : .tvShow
            i = c.item(keys: ["tmdb:\(type!):\(id.map(String.init) ?? Values.key(name))"], source: src) {
                var item = ForeignItem(source: src, kind: k, title: name)
                item.rawType = type
                item.year = year
                item.ids = ForeignIDs(tmdb: id, imdb: imdb)
                return item
            }
        }
        let dated = t.date(row, "Date Rated", c)
        c.update(i) { item in
            switch kind {
            case tmdbRatings:
                guard let raw = t.text(row, "Your Rating") else { return }
                if let v = Double(raw), v >= 0.5, v <= 10 {
                    item.ratings.append(ForeignRating(value: v, scale: .tenPoint, raw: raw, date: dated, source: src))
                } else {
                    c.warn(t.diagnostic(.warning, .importBadValue, "Your Rating \(quoted(raw)) is not 1–10; kept as extra", row: row, column: "Your Rating"))
                    item.extras.append(ForeignExtra(field: "Your Rating", value: raw, source: src))
                }
            case tmdbFavorites: if !item.has(.favorite) { item.marks.append(ForeignMark(.favorite, date: dated, source: src)) }
            default: if !item.has(.watchlist) { item.marks.append(ForeignMark(.watchlist, date: dated, source: src)) }
            }
            // A rating on a favourites or watchlist row is kept too; there `Date Rated` is when
            // the title was added, so the rating keeps no date.
            if kind != tmdbRatings, let raw = t.text(row, "Your Rating") {
                if let v = Double(raw), v >= 0.5, v <= 10 {
                    item.ratings.append(ForeignRating(value: v, scale: .tenPoint, raw: raw, date: nil, source: src))
                } else {
                    item.extras.append(ForeignExtra(field: "Your Rating", value: raw, source: src))
                }
            }
        }
    }
}

extension FormatDescriptor {
    /// A TMDb account's CSV exports (ratings, watchlist, favourites), read.
    public static let tmdb = filmService(TMDbAccountReader.self)
}
