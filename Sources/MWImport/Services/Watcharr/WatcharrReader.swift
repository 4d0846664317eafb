import Foundation
import MWCore
import MWFoundation

/// Reads Watcharr's export (Profile → Export: `JSON.stringify` of the user's watched list, an
/// array with no version field). Each element: `status` (`FINISHED`, `WATCHING`, `PLANNED`,
/// `HOLD`, `DROPPED`), `rating` 0–10 with one decimal (0: not rated), `thoughts`, `pinned`,
/// `tags`, `content` (Watcharr's copy of the TMDb record: `tmdbId`, `title`, `type` movie|tv,
/// `release_date`, `imdb_id`), `activity` (the history of changes; `customDate`, set by the
/// user, wins over `createdAt`) and, for shows, `watchedEpisodes` (`seasonNumber`,
/// `episodeNumber`, `status`, `rating`). Titles are matched by the embedded TMDb ID. Timestamps
/// are RFC 3339 with a varying number of fraction digits.
enum WatcharrReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let watcharrWatched: FileStats.Kind = "watcharrWatched"
    /// The service, declared once: its registry format is ``FormatDescriptor/watcharr``.
    static let service = FilmServiceInfo(name: "watcharr", displayName: "Watcharr", fileKinds: [watcharrWatched], shapes: [.jsonArray],
        summary: "Watcharr: the JSON export (statuses, 0–10 ratings, thoughts, tags, episodes) read and written", capabilities: [.streamable], fileExtension: "json",
        write: WatcharrJSONWriter.write, holds: FormatHolds(ratings: "0.5–10 in halves (0: unrated)", dates: "instant", episodes: true, tags: true, reviews: true, status: true))

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        guard let array = parsed.json as? [Any], let first = array.first as? [String: Any],
              let content = first["content"] as? [String: Any], content["tmdbId"] != nil,
              first["status"] != nil, first["rating"] != nil, first["thoughts"] != nil || first["activity"] != nil
        else { return nil }
        return watcharrWatched
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        for (file, kind, parsed) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            c.beginFile(file.display, kind: kind)
            guard let array = parsed.json as? [Any] else { continue }
            for (n, element) in array.enumerated() {
                defer { c.finishRow() }
                let src = SourceRef(service: service.name, file: file.inner, row: n + 1)
                guard let e = element as? [String: Any], let content = e["content"] as? [String: Any] else {
                    c.malformed(src.position, "not a watched entry with content",
                                .error(.importMalformedRow, "\(file.display): element \(n) is not a watched entry with content", pointer: "/\(n)"))
                    continue
                }
                if e["deletedAt"] is String { c.ignore("deleted in Watcharr"); continue }
                readEntry(e, content, n, src, file, c)
            }
        }
    }

    /// Watcharr's status words (`server/watched.go`), upper case.
    static func watchStatus(_ word: String) -> WatchStatus? {
        ["FINISHED": .completed, "WATCHING": .watching, "PLANNED": .planned, "HOLD": .paused, "DROPPED": .dropped][word]
    }

    static func readEntry(_ e: [String: Any], _ content: [String: Any], _ n: Int, _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        let tmdb = int(content["tmdbId"]).flatMap { $0 > 0 ? $0 : nil }
        let type = (content["type"] as? String)?.lowercased()
        let title = Values.text(content["title"] as? String) ?? ""
        guard tmdb != nil || !title.isEmpty else {
            return c.malformed(src.position, "no TMDb ID or title", .error(.importMalformedRow, "\(file.display): element \(n) names no title", pointer: "/\(n)/content"))
        }
        let kind: ForeignKind = type == "tv" ? .tvShow : type == "movie" ? .movie : .unknown
        let ids = ForeignIDs(tmdb: tmdb, imdb: Values.imdbID(content["imdb_id"] as? String))
        let key = tmdb.map { "watcharr:\(type ?? "?"):\($0)" } ?? "watcharr:title:" + Values.key(title)
        let i = c.item(keys: [key], source: src) {
            var item = ForeignItem(source: src, kind: kind, title: title)
            item.rawType = type
            item.year = Values.year((content["release_date"] as? String).map { String($0.prefix(4)) })
            item.ids = ids
            return item
        }
        let activity = (e["activity"] as? [[String: Any]] ?? []).sorted { (date($0) ?? .distant) < (date($1) ?? .distant) }
        /// The latest activity of one of `types`, for the date a status or rating was set.
        func latest(_ types: Set<String>) -> ForeignDate? { activity.last { types.contains($0["type"] as? String ?? "") }.flatMap(date) }
        let updated = ForeignDate.parse(e["updatedAt"] as? String)
        c.update(i) { item in
            let word = (e["status"] as? String).flatMap(Values.text)
            let status = word?.uppercased() ?? ""
            let statusDate = latest(["STATUS_CHANGED", "ADDED_WATCHED", "IMPORTED_WATCHED", "IMPORTED_ADDED_WATCHED"]) ?? updated
            // When the entry was made: the date added of an entry no other date dates.
            if item.addedAt == nil { item.addedAt = ForeignDate.parse(e["createdAt"] as? String) }
            let own = watchStatus(status)
            switch status {
            case "FINISHED": item.marks.append(ForeignMark(.watched, date: statusDate, detail: status, source: src, status: own, statusWord: word))
            case "PLANNED": item.marks.append(ForeignMark(.watchlist, date: statusDate, detail: status, source: src, status: own, statusWord: word))
            case "WATCHING", "HOLD": item.marks.append(ForeignMark(.followed, date: statusDate, detail: status, source: src, status: own, statusWord: word))
            case "DROPPED": item.marks.append(ForeignMark(.archived, date: statusDate, detail: status, source: src, status: own, statusWord: word))
            case "": break
            default: item.extras.append(ForeignExtra(field: "status", value: status, source: src))
            }
            if let r = number(e["rating"]), r > 0 {
                item.ratings.append(ForeignRating(value: r, scale: .tenPoint, raw: Self.raw(r), date: latest(["RATING_CHANGED"]) ?? updated, source: src))
            }
            if let text = e["thoughts"] as? String, Values.text(text) != nil {
                item.reviews.append(ForeignReview(text: text, date: updated, kind: "thoughts", source: src))
            }
            for t in e["tags"] as? [[String: Any]] ?? [] { if let name = Values.text(t["name"] as? String), !item.tags.contains(name) { item.tags.append(name) } }
            if e["pinned"] as? Bool == true { item.extras.append(ForeignExtra(field: "pinned", value: "true", source: src)) }
            // The history of changes beyond status and rating, kept as written.
            for a in activity {
                let type = a["type"] as? String ?? "?"
                let data = (a["data"] as? String).flatMap(Values.text).map { " " + $0 } ?? ""
                item.extras.append(ForeignExtra(field: "activity", value: "\(type) \(date(a)?.raw ?? "")\(data)", source: src))
            }
        }
        for ep in e["watchedEpisodes"] as? [[String: Any]] ?? [] { readEpisode(ep, title, ids, src, c) }
    }

    /// An episode of a show: a watch when finished, its rating; keyed under the show.
    static func readEpisode(_ ep: [String: Any], _ show: String, _ showIDs: ForeignIDs, _ src: SourceRef, _ c: ItemCollector) {
        guard let season = int(ep["seasonNumber"]), let number = int(ep["episodeNumber"]) else { return }
        let key = "watcharr:ep:\(showIDs.tmdb.map(String.init) ?? Values.key(show)):\(season):\(number)"
        let i = c.item(keys: [key], source: src) {
            var item = ForeignItem(source: src, kind: .episode, title: show)
            item.episode = EpisodeRef(showTitle: show, showIDs: showIDs, season: season, number: number)
            return item
        }
        let when = ForeignDate.parse(ep["createdAt"] as? String)
        c.update(i) { item in
            if (ep["status"] as? String)?.uppercased() == "FINISHED" { item.watches.append(WatchEvent(date: when, source: src)) }
            if let r = Self.number(ep["rating"]), r > 0 { item.ratings.append(ForeignRating(value: r, scale: .tenPoint, raw: raw(r), date: when, source: src)) }
        }
    }

    static func date(_ a: [String: Any]) -> ForeignDate? {
        ForeignDate.parse(a["customDate"] as? String) ?? ForeignDate.parse(a["createdAt"] as? String)
    }

    static func int(_ any: Any?) -> Int? {
        if let n = any as? NSNumber { return n.intValue }
        return (any as? String).flatMap { Int($0) }
    }

    static func number(_ any: Any?) -> Double? {
        if let n = any as? NSNumber { return n.doubleValue }
        return (any as? String).flatMap { Double($0) }
    }

    static func raw(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

extension ForeignDate {
    /// Sorts undated entries first.
    static let distant = ForeignDate(raw: "", precision: .instant, date: .distantPast)
}

extension FormatDescriptor {
    /// Watcharr's JSON export, read and written (`--to watcharr`, ``WatcharrJSONWriter``).
    public static let watcharr = filmService(WatcharrReader.self)
}
