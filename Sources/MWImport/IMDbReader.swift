import Foundation
import MWCore
import MWFoundation

/// Reads IMDb's CSV exports: ratings, the watchlist and other lists. Three header generations,
/// told apart by the header (columns are found by name, so all three read the same way):
/// - gen 1 (≤ 2017): every field quoted, lower-case `position,const,created,…`, `Title type`
///   values like `Feature Film`, the user's rating in `You rated`, `created` like
///   `Sat Apr 23 08:36:35 2011`, Year `????` when unknown;
/// - gen 2: `Const,Your Rating,Date Rated,…` / `Position,Const,Created,…` with camelCase
///   `Title Type` (`movie`, `tvSeries`, `tvMiniSeries`, `tvEpisode`, `videoGame`…);
/// - gen 3 (mid-2024+): adds `Original Title`, display types (`TV Mini Series`, `Podcast Episode`).
/// A file with `Position` is a list (the watchlist when its name says so — IMDb writes the same
/// header for both); without, a ratings file. Decoding is UTF-8 first, Windows-1252 after
/// (``TextDecoding``). Video games and podcasts are skipped with a count; a Const without `tt`
/// is normalised; rows repeating a Const fold into one item.
public enum IMDbReader {
    /// The role of an IMDb export file from its header; nil when it is not one.
    public static func detect(bytes: [UInt8], name: String) -> FileStats.Kind? {
        let f = ExportFile(container: "", inner: name, display: name, bytes: bytes)
        return detect(f, ExportContent(f))
    }

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        let h = parsed.headerKeys
        guard h.contains("const"), h.contains("title") else { return nil }
        if h.contains("position") { return .imdbList }
        if h.contains("your rating") || h.contains("you rated") { return .imdbRatings }
        return nil
    }

    /// What an IMDb title type is, and whether it is imported at all.
    static func kind(_ raw: String?) -> (ForeignKind, skip: String?) {
        let t = (raw ?? "").lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "")
        switch t {
        case "videogame": return (.unknown, "video game (not imported)")
        case "podcastseries", "podcastepisode", "podcast": return (.unknown, "podcast (not imported)")
        case "tvseries", "tvminiseries", "miniseries", "series": return (.tvShow, nil)
        case "tvepisode", "episode": return (.episode, nil)
        case "movie", "featurefilm", "tvmovie", "tvspecial", "short", "tvshort", "video", "musicvideo", "documentary": return (.movie, nil)
        default: return (.unknown, nil)
        }
    }

    /// Columns read into the item, and IMDb's own catalogue data (not typed by the user).
    private static let known: Set<String> = [
        "position", "const", "created", "modified", "description", "title", "original title", "url", "title type",
        "imdb rating", "runtime (mins)", "year", "genres", "num votes", "num. votes", "release date",
        "release date (month/day/year)", "directors", "your rating", "you rated", "date rated",
    ]

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector) {
        for (file, kind, parsed) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            guard let csv = parsed.csv, let t = csv.table(headerWhere: { !($0.count == 1 && $0[0].isEmpty) }) else { continue }
            c.beginFile(file.display, kind: kind)
            let base = (file.baseName as NSString).deletingPathExtension
            let isWatchlist = base.lowercased().contains("watchlist")
            var listKey: String?
            if kind == .imdbList && !isWatchlist {
                listKey = c.addList(ForeignList(key: c.listKey(file.inner), service: .imdb, name: base,
                                                source: SourceRef(service: .imdb, file: file.inner)))
            }
            let ragged = Set(t.raggedRows.map { $0.line })
            for row in t.rows {
                defer { c.finishRow() }
                let url = t.text(row, "URL")
                let src = t.ref(.imdb, file, row, uri: url)
                if ragged.contains(row.line) {
                    let d = t.diagnostic(.error, .importMalformedRow, "\(row.fields.count) field(s) where the header has \(t.header.fields.count); row skipped", row: row)
                    c.malformed(src.position, "\(row.fields.count) fields, header has \(t.header.fields.count)", d)
                    continue
                }
                let rawType = t.text(row, "Title Type", "Title type")
                let (k, skip) = self.kind(rawType)
                if let skip { c.ignore(skip); continue }
                let constRaw = t.text(row, "Const")
                let imdb = Values.imdbID(constRaw) ?? Values.imdbID(url)
                guard let title = t.text(row, "Title") else {
                    c.malformed(src.position, "no title", t.diagnostic(.error, .importMalformedRow, "a row without a title", row: row, column: "Title"))
                    continue
                }
                if let constRaw, Values.imdbID(constRaw) == nil {
                    c.warn(t.diagnostic(.warning, .importBadValue, "Const \(quoted(constRaw)) is not an IMDb ID", row: row, column: "Const"))
                }
                let year = Values.year(t.value(row, "Year"))
                let i = c.item(keys: [imdb.map { "imdb:" + $0 } ?? "title:" + Values.key(title) + "|" + (year.map(String.init) ?? "")], source: src) {
                    var item = ForeignItem(source: src, kind: k, title: title)
                    item.rawType = rawType
                    item.year = year
                    item.ids.imdb = imdb
                    return item
                }
                let rating = self.rating(t, row, src, c)
                let created = ForeignDate.parse(t.value(row, "Created"))
                let note = t.value(row, "Description").flatMap { Values.text($0) == nil ? nil : $0 }
                let position = Values.int(t.value(row, "Position"))
                c.update(i) { item in
                    if item.originalTitle == nil, let o = t.text(row, "Original Title"), o != title { item.originalTitle = o }
                    if item.directors.isEmpty { item.directors = Values.tags(t.value(row, "Directors")) }
                    if let rating, !item.ratings.contains(where: { $0.value == rating.value && $0.date == rating.date }) { item.ratings.append(rating) }
                    if kind == .imdbList {
                        if isWatchlist {
                            if !item.has(.watchlist) { item.marks.append(ForeignMark(.watchlist, date: created, detail: note, source: src)) }
                        } else if let listKey, !item.lists.contains(where: { $0.listKey == listKey && $0.position == position }) {
                            item.lists.append(ListMembership(listKey: listKey, listName: base, position: position, note: note, addedAt: created, source: src))
                        }
                    }
                    item.extras += t.extras(row, known: known, source: src)
                    if rating == nil, let raw = t.text(row, "Your Rating", "You rated") { item.extras.append(ForeignExtra(field: "Your Rating", value: raw, source: src)) }
                }
            }
        }
    }

    /// `Your Rating` / `You rated`, 1–10, dated by `Date Rated` when present.
    static func rating(_ t: CSVTable, _ row: CSVFile.Record, _ src: SourceRef, _ c: ItemCollector) -> ForeignRating? {
        let column = t.has("Your Rating") ? "Your Rating" : "You rated"
        guard let raw = t.text(row, column) else { return nil }
        guard let v = Double(raw), v >= 1, v <= 10 else {
            c.warn(t.diagnostic(.warning, .importBadValue, "rating \(quoted(raw)) is not 1–10", row: row, column: column))
            return nil
        }
        return ForeignRating(value: v, scale: .tenPoint, raw: raw, date: ForeignDate.parse(t.value(row, "Date Rated")), source: src)
    }
}

/// The service as the registry knows it (its descriptor is in the same file).
struct IMDbService: FilmServiceReader {
    var name: String { "imdb" }
    var displayName: String { "IMDb" }
    func role(of file: ExportFile, _ content: ExportContent) -> String? { IMDbReader.detect(file, content)?.rawValue }
    func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options: ImportOptions) {
        IMDbReader.read(files, into: c)
    }
}

extension FormatDescriptor {
    /// IMDb: ratings and list exports read; an IMDb-style list CSV written (`--to imdb`, or by
    /// its older name `imdb-csv`), which Trakt, Letterboxd and others import.
    public static let imdb = FormatDescriptor.filmService(
        IMDbService(),
        summary: "IMDb: ratings and list exports read; an IMDb-style list CSV (Const, Your Rating…) written, which Trakt, Letterboxd and others import",
        aliases: ["imdb-csv"], capabilities: [.streamable], modelVersion: Migrator.latestVersion,
        write: IMDbCSVWriter.write, writeSwitches: [.ratingFromLiked])
        .holding(FormatHolds(ratings: "1–10", dates: "day", episodes: true, lists: true, reviews: true, status: true))
}
