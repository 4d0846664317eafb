import Foundation
import MWCore
import MWFoundation

/// Reads Yamtrack's CSV export (every field quoted, CRLF; columns read by name, their order
/// free). Two header generations: 2024 with `repeats` and `watch_date` (an episode's date),
/// 2025 on with `end_date` for it and `progressed_at`; a rewatch is then one more row. One row
/// per tracked object: `movie`, `tv`, `season` (`season_number`), `episode` (`season_number`,
/// `episode_number`, under its show's `media_id` and `title`), and kinds mwkit's film library
/// does not hold (`anime` from MyAnimeList, `manga`, `game`, `book`, `comic`, `boardgame`), which
/// are counted as not imported with their kind. `source` says whose id `media_id` is (`tmdb`
/// for films and TV); a row without one is matched through the search by its title. `status`:
/// `Completed`, `In progress`, `Planning`, `Paused`, `Dropped`; `score` 0–10 with one decimal;
/// `notes` the user's own.
enum YamtrackReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let yamtrackItems: FileStats.Kind = "yamtrackItems"
    /// The service, declared once: its registry format is ``FormatDescriptor/yamtrack``.
    static let service = FilmServiceInfo(name: "yamtrack", displayName: "Yamtrack", fileKinds: [yamtrackItems], shapes: [.text],
        csvSignatures: [CSVSignature(file: "Yamtrack CSV", needed: ["media_id", "source", "media_type", "title", "season_number", "episode_number"],
                                     other: ["score", "status", "progress"])],
        summary: "Yamtrack: the CSV export (both header generations; films and TV, other kinds counted) read; the current generation written",
        capabilities: [.streamable], write: YamtrackCSVWriter.write,
        holds: FormatHolds(ratings: "0–10, one decimal", dates: "day or instant", rewatches: true, episodes: true, reviews: true, status: true))

    /// Columns every generation has, lower case; a file is Yamtrack's when it has all of them.
    static let signature: Set<String> = ["media_id", "source", "media_type", "title", "season_number", "episode_number", "status"]
    /// The kinds that are films or TV.
    static let filmKinds: Set<String> = ["movie", "tv", "season", "episode"]

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        parsed.csv != nil && signature.isSubset(of: parsed.headerKeys) ? yamtrackItems : nil
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        eachCSVRow(files, c) { row, _, t, file, _ in
            readRow(row, t, file, c)
        }
    }

    static func readRow(_ row: CSVFile.Record, _ t: CSVTable, _ file: ExportFile, _ c: ItemCollector) {
        let src = t.ref(service.name, file, row)
        let type = t.text(row, "media_type")?.lowercased() ?? ""
        guard filmKinds.contains(type) else { return c.ignore(type.isEmpty ? "no media_type" : "\(type) (not a film or TV kind)") }
        let source = t.text(row, "source")?.lowercased()
        let id = t.text(row, "media_id")
        let tmdb = source == "tmdb" ? id.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } : nil
        let title = t.text(row, "title") ?? ""
        guard tmdb != nil || !title.isEmpty else {
            return c.malformed(src.position, "no TMDb id or title", t.diagnostic(.error, .importMalformedRow, "a row without a TMDb id or a title", row: row, column: "media_id"))
        }
        let season = Values.int(t.value(row, "season_number")), number = Values.int(t.value(row, "episode_number"))
        let showKind: ForeignKind = type == "movie" ? .movie : .tvShow
        let showKey = tmdb.map { "yamtrack:\(showKind == .movie ? "movie" : "tv"):\($0)" } ?? "yamtrack:title:\(type == "movie" ? "movie" : "tv"):" + Values.key(title)
        let ids = ForeignIDs(tmdb: tmdb)
        let status = t.text(row, "status")
        let score = rating(row, t, src, c)
        let start = t.date(row, "start_date", c), end = t.date(row, "end_date", c) ?? t.date(row, "watch_date", c)
        let notes = t.value(row, "notes").flatMap { Values.text($0) == nil ? nil : $0 }
        if type == "episode" {
            guard let season, let number else {
                return c.malformed(src.position, "an episode row without season and episode numbers",
                                   t.diagnostic(.error, .importMalformedRow, "an episode row without season and episode numbers", row: row, column: "episode_number"))
            }
            let i = c.item(keys: [showKey + ":\(season):\(number)"], source: src) {
                var item = ForeignItem(source: src, kind: .episode, title: title)
                item.episode = EpisodeRef(showTitle: title, showIDs: ids, season: season, number: number)
                return item
            }
            return c.update(i) { item in
                // An episode row is a watch; its date is when it was watched, or when it was logged.
                item.watches.append(WatchEvent(date: end ?? t.date(row, "progressed_at", c), source: src))
                if let score { item.ratings.append(score) }
                if let notes { item.reviews.append(ForeignReview(text: notes, date: nil, kind: "notes", source: src)) }
            }
        }
        let i = c.item(keys: [showKey], source: src) {
            var item = ForeignItem(source: src, kind: showKind, title: title)
            item.rawType = type
            item.ids = ids
            return item
        }
        c.update(i) { item in
            if item.title.isEmpty, !title.isEmpty { item.title = title }
            var rated = score
            rated?.season = type == "season" ? season : nil
            if let rated { item.ratings.append(rated) }
            if let notes { item.reviews.append(ForeignReview(text: notes, date: nil, season: type == "season" ? season : nil, kind: "notes", source: src)) }
            let detail = type == "season" ? "season \(season.map(String.init) ?? "?"): \(status ?? "")" : status
            // The status of the film or show itself (a season's is kept in its mark's detail).
            let own = type == "season" ? nil : status.flatMap(watchStatus)
            // When the status was set: the row's own dates for what it says, else when it was last changed.
            let changed = t.date(row, "progressed_at", c) ?? t.date(row, "created_at", c)
            switch status?.lowercased() {
            case "completed" where type == "movie":
                item.watches.append(WatchEvent(date: end, source: src))
                for _ in 0..<max(0, Values.int(t.value(row, "repeats")) ?? 0) { item.watches.append(WatchEvent(date: nil, rewatch: true, source: src)) }
                item.marks.append(ForeignMark(.status, date: end ?? changed, source: src, status: own, statusWord: status))
            case "completed": item.marks.append(ForeignMark(.watched, date: end, detail: detail, source: src, status: own, statusWord: status))
            case "planning": item.marks.append(ForeignMark(.watchlist, date: start ?? t.date(row, "created_at", c), detail: detail, source: src, status: own, statusWord: status))
            case "in progress", "paused": item.marks.append(ForeignMark(.followed, date: start ?? changed, detail: detail, source: src, status: own, statusWord: status))
            case "dropped": item.marks.append(ForeignMark(.archived, date: end ?? start ?? changed, detail: detail, source: src, status: own, statusWord: status))
            case nil: break
            default: item.extras.append(ForeignExtra(field: "status", value: status!, source: src))
            }
            if let p = t.text(row, "progress") { item.extras.append(ForeignExtra(field: type == "season" ? "progress (season \(season ?? 0))" : "progress", value: p, source: src)) }
        }
    }

    /// Yamtrack's status words (`Completed`, `In progress`, `Planning`, `Paused`, `Dropped`, any case).
    static func watchStatus(_ word: String) -> WatchStatus? {
        switch word.lowercased() {
        case "completed": return .completed
        case "in progress": return .watching
        case "planning": return .planned
        case "paused": return .paused
        case "dropped": return .dropped
        default: return nil
        }
    }

    /// `score`, 0–10; empty is unrated.
    static func rating(_ row: CSVFile.Record, _ t: CSVTable, _ src: SourceRef, _ c: ItemCollector) -> ForeignRating? {
        t.rating(row, "score", .tenPoint, c, src: src, what: "score", range: "0–10") { $0 >= 0 && $0 <= 10 }
    }
}

extension FormatDescriptor {
    /// Yamtrack's CSV export (both header generations), read; the current generation written
    /// (`--to yamtrack`, ``YamtrackCSVWriter``).
    public static let yamtrack = filmService(YamtrackReader.self)
}
