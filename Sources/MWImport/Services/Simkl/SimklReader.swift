import Foundation
import MWCore
import MWFoundation

/// Reads Simkl's two backups (docs/IMPORT.md "Simkl"; the format is second-hand, from
/// third-party importers' code: no sample file exists). The CSV backup, one row per title:
/// `SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB`
/// (Simkl's import layout, which other tools write, has `TVDB_ID`, `IMDB_ID`, `MAL_ID`: read
/// alike; `Watchlist` is the list status; `LastEpWatched` `S03E07` the last episode watched, not a
/// list of episodes). The JSON backup `SimklBackup.json`, shaped as the API's
/// `/sync/all-items`: `{movies:[…], shows:[…], anime:[…]}`, each entry with `status`
/// (`completed`, `watching`, `plantowatch`, `hold`, `dropped`, `notinteresting`), `user_rating`
/// 1–10 dated `user_rated_at`, `last_watched_at`, `added_to_watchlist_at`, the title under
/// `movie` or `show` with its `ids` (`simkl`, `tmdb`, `imdb`, `tvdb`…), and a show's watched
/// episodes under `seasons[].episodes[]` (`watched_at`). Titles are matched by their TMDb id
/// when the kind is known, else by IMDb or TVDB id through the matcher, else by title and year.
enum SimklReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let simklCSV: FileStats.Kind = "simklCSV", simklJSON: FileStats.Kind = "simklJSON"
    /// The service, declared once: its registry format is ``FormatDescriptor/simkl``.
    static let service = FilmServiceInfo(name: "simkl", displayName: "Simkl", fileKinds: [simklCSV, simklJSON], shapes: [.text, .jsonObject],
        // Detection needs one of these keys (or an item's) in the first bytes.
        jsonObjectNeedles: ["\"movies\"", "\"shows\"", "\"anime\""],
        csvSignatures: [CSVSignature(file: "Simkl CSV", needed: ["SIMKL_ID", "Title", "Type"], other: ["Year", "Watchlist", "LastEpWatched", "WatchedDate", "Rating"])],
        summary: "Simkl: the CSV backup and SimklBackup.json (statuses, 1–10 ratings, memos, episodes) read",
        holds: FormatHolds(ratings: "1–10", dates: "day (CSV) or instant (JSON)", episodes: true, reviews: true, status: true))

    /// Simkl's own column, present in every CSV backup and in no other service's export.
    static let csvSignature: Set<String> = ["simkl_id", "title", "type", "watchlist"]
    static let sections = ["movies", "shows", "anime"]

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        if parsed.csv != nil { return csvSignature.isSubset(of: parsed.headerKeys) ? simklCSV : nil }
        if let object = parsed.json as? [String: Any] {
            guard sections.contains(where: { object[$0] is [Any] }) else { return nil }
            // Every entry names its title under `movie` or `show`, with Simkl's own id among its
            // ids; an empty backup is known only by its keys, all Simkl's.
            let entries = sections.flatMap { object[$0] as? [Any] ?? [] }
            guard let first = entries.first as? [String: Any] else { return Set(object.keys).isSubset(of: Set(sections)) ? simklJSON : nil }
            let record = (first["movie"] ?? first["show"]) as? [String: Any]
            return (record?["ids"] as? [String: Any])?["simkl"] != nil ? simklJSON : nil
        }
        // A backup larger than detection's 64 KiB does not parse from its start: its first key
        // and Simkl's id key are its signature then.
        guard parsed.json == nil, let first = JSONPrefix.firstKey(file.bytes), sections.contains(first) else { return nil }
        let text = String(decoding: file.bytes.prefix(1 << 16), as: UTF8.self)
        return text.range(of: #""ids"\s*:\s*\{[^{}]*"simkl"\s*:"#, options: .regularExpression) != nil ? simklJSON : nil
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        for (file, kind, parsed) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            if kind == simklJSON {
                c.beginFile(file.display, kind: kind)
                if let object = parsed.json as? [String: Any] { readJSON(object, file, c) }
                continue
            }
            guard let t = parsed.csv?.table else { continue }
            c.beginFile(file.display, kind: kind)
            t.eachRow(service.name, file, c) { row, src in readRow(row, t, src, c) }
        }
    }

    /// The kind a Simkl type names: anime may be a film or a series, so it is left to the IDs.
    static func kindOf(_ type: String?) -> ForeignKind {
        switch type?.lowercased() {
        case "movie", "movies", "film": return .movie
        case "tv", "show", "shows", "series", "tv show": return .tvShow
        default: return .unknown
        }
    }

    /// A status word, as the CSV or the JSON writes it (`Plan to Watch`, `plantowatch`, `On Hold`).
    static func statusWord(_ s: String?) -> String? {
        guard let s = Values.text(s) else { return nil }
        let folded = s.lowercased().filter { $0.isLetter }
        return folded == "onhold" ? "hold" : folded
    }

    static func readRow(_ row: CSVFile.Record, _ t: CSVTable, _ src: SourceRef, _ c: ItemCollector) {
        let type = t.text(row, "type")
        let kind = kindOf(type)
        let title = t.text(row, "title") ?? ""
        // The backup writes `TVDB`, `IMDB`; Simkl's import layout (which other tools write) `TVDB_ID`, `IMDB_ID`.
        var ids = ForeignIDs(tmdb: t.text(row, "tmdb", "tmdb_id").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
                             imdb: Values.imdbID(t.text(row, "imdb", "imdb_id")),
                             tvdb: t.text(row, "tvdb", "tvdb_id").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
        if kind == .movie { ids.tvdb = nil }  // TVDB ids name series
        let simkl = t.text(row, "simkl_id")
        guard !ids.isEmpty || !title.isEmpty else {
            return c.malformed(src.position, "no id or title", t.diagnostic(.error, .importMalformedRow, "a row without a TMDb, IMDb or TVDB id or a title", row: row, column: "Title"))
        }
        // Simkl's id names the title; without one, its kind, title and year do.
        let key = simkl.map { "simkl:\(kind.rawValue):\($0)" } ?? "simkl:title:\(kind.rawValue):" + Values.key(title) + ":\(t.text(row, "year") ?? "")"
        let i = c.item(keys: [key], source: src) {
            var item = ForeignItem(source: src, kind: kind, title: title)
            item.rawType = type
            item.year = Values.year(t.text(row, "year"))
            item.ids = ids
            item.ids.serviceID = simkl.map { "simkl:\(kind.rawValue):\($0)" }
            return item
        }
        let watched = t.date(row, "watcheddate", c)
        var rating: ForeignRating?
        if let raw = t.text(row, "rating") {
            if let v = Double(raw), v >= 1, v <= 10 { rating = ForeignRating(value: v, scale: .tenPoint, raw: raw, date: nil, source: src) } else {
                c.warn(t.diagnostic(.warning, .importBadValue, "rating \(quoted(raw)) is not 1–10; kept as an extra", row: row, column: "Rating"))
            }
        }
        let memo = t.value(row, "memo").flatMap { Values.text($0) == nil ? nil : $0 }
        let word = t.text(row, "watchlist")
        c.update(i) { item in
            apply(statusWord(word), raw: word, to: &item, kind: kind, watched: watched, added: nil, src)
            if let rating { item.ratings.append(rating) } else if let raw = t.text(row, "rating") { item.extras.append(ForeignExtra(field: "Rating", value: raw, source: src)) }
            if let memo { item.reviews.append(ForeignReview(text: memo, date: nil, kind: "memo", source: src)) }
            if let last = t.text(row, "lastepwatched") { item.extras.append(ForeignExtra(field: "LastEpWatched", value: last, source: src)) }
            if let mal = t.text(row, "mal_id").flatMap({ ServiceID.make("myanimelist", "anime:\($0)") }) { item.ids.others.append(mal) }
        }
    }

    /// Simkl's statuses, folded by ``statusWord`` (`notinteresting` is none: the title is
    /// skipped unless rated, docs/IMPORT.md "Watch status").
    static func watchStatus(_ folded: String) -> WatchStatus? {
        ["completed": .completed, "watching": .watching, "hold": .paused, "plantowatch": .planned, "dropped": .dropped][folded]
    }

    /// A status on an item: completed is a watch of a film (dated when known) or a show's
    /// watched mark; watching and hold are followed, plan to watch the watchlist, dropped archived.
    static func apply(_ status: String?, raw: String?, to item: inout ForeignItem, kind: ForeignKind, watched: ForeignDate?, added: ForeignDate?, _ src: SourceRef) {
        let own = status.flatMap(watchStatus), word = raw.flatMap(Values.text)
        switch status {
        case "completed" where kind == .movie:
            item.watches.append(WatchEvent(date: watched, source: src))
            item.marks.append(ForeignMark(.status, date: watched, source: src, status: own, statusWord: word))
        case "completed": item.marks.append(ForeignMark(.watched, date: watched, detail: raw, source: src, status: own, statusWord: word))
        case "watching", "hold": item.marks.append(ForeignMark(.followed, date: watched ?? added, detail: raw, source: src, status: own, statusWord: word))
        case "plantowatch": item.marks.append(ForeignMark(.watchlist, date: added, detail: raw, source: src, status: own, statusWord: word))
        case "dropped": item.marks.append(ForeignMark(.archived, date: watched ?? added, detail: raw, source: src, status: own, statusWord: word))
        case nil: break
        default: item.extras.append(ForeignExtra(field: "status", value: raw ?? "", source: src))
        }
    }

    static func readJSON(_ object: [String: Any], _ file: ExportFile, _ c: ItemCollector) {
        var n = 0
        for section in sections {
            for (k, element) in (object[section] as? [Any] ?? []).enumerated() {
                n += 1
                defer { c.finishRow() }
                let pointer = "/\(section)/\(k)"
                let src = SourceRef(service: service.name, file: file.inner, row: n, shown: file.display)
                guard let e = element as? [String: Any], let record = (e["movie"] ?? e["show"]) as? [String: Any] else {
                    c.malformed(src.position, "not an entry with a movie or show",
                                .error(.importMalformedRow, "\(file.display): \(pointer) is not an entry with a `movie` or `show`", pointer: pointer))
                    continue
                }
                readEntry(e, record, section: section, pointer: pointer, src, file, c)
            }
        }
    }

    static func readEntry(_ e: [String: Any], _ record: [String: Any], section: String, pointer: String, _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        let animeType = (e["anime_type"] as? String)?.lowercased()
        let kind: ForeignKind = section == "movies" ? .movie : section == "shows" ? .tvShow : animeType == "movie" ? .movie : animeType == "tv" ? .tvShow : .unknown
        let rawIDs = record["ids"] as? [String: Any] ?? [:]
        func id(_ k: String) -> Int? { JSONValues.int(rawIDs[k]).flatMap { $0 > 0 ? $0 : nil } }
        let ids = ForeignIDs(tmdb: id("tmdb"), imdb: Values.imdbID(rawIDs["imdb"] as? String), tvdb: kind == .movie ? nil : id("tvdb"))
        let title = Values.text(record["title"] as? String) ?? ""
        let status = statusWord(e["status"] as? String)
        guard !ids.isEmpty || !title.isEmpty else {
            return c.malformed(src.position, "no id or title", .error(.importMalformedRow, "\(file.display): \(pointer) names no id or title", pointer: pointer))
        }
        if status == "notinteresting", e["user_rating"] == nil || e["user_rating"] is NSNull, e["seasons"] == nil { return c.ignore("not interesting (Simkl status)") }
        let simkl = id("simkl")
        // Simkl's id names the title within its section (films, shows and anime are numbered apart).
        let titleKey = simkl.map { "simkl:\(section):\($0)" } ?? "simkl:title:\(kind.rawValue):" + Values.key(title)
        let i = c.item(keys: [titleKey], source: src) {
            var item = ForeignItem(source: src, kind: kind, title: title)
            item.rawType = section == "anime" ? "anime" + (animeType.map { " (\($0))" } ?? "") : section
            item.year = JSONValues.int(record["year"])
            item.ids = ids
            return item
        }
        let lastWatched = JSONValues.date(e["last_watched_at"], file, "\(pointer)/last_watched_at", c)
        let added = JSONValues.date(e["added_to_watchlist_at"], file, "\(pointer)/added_to_watchlist_at", c)
        let rated = JSONValues.date(e["user_rated_at"], file, "\(pointer)/user_rated_at", c)
        c.update(i) { item in
            apply(status, raw: e["status"] as? String, to: &item, kind: kind, watched: lastWatched, added: added, src)
            if let r = JSONValues.number(e["user_rating"]) {
                if r >= 1 && r <= 10 {
                    item.ratings.append(ForeignRating(value: r, scale: .tenPoint, raw: ServiceCSV.number(r), date: rated, source: src))
                } else {
                    c.warn(.warning(.importBadValue, "\(file.display): \(pointer)/user_rating \(ServiceCSV.number(r)) is not 1–10; kept as an extra", pointer: "\(pointer)/user_rating"))
                    item.extras.append(ForeignExtra(field: "user_rating", value: ServiceCSV.number(r), source: src))
                }
            }
            for k in ["last_watched", "next_to_watch", "watched_episodes_count", "total_episodes_count", "not_aired_episodes_count", "memo"] {
                if let v = e[k], !(v is NSNull), let s = (v as? String) ?? (v as? NSNumber)?.stringValue, Values.text(s) != nil {
                    if k == "memo" { item.reviews.append(ForeignReview(text: s, date: nil, kind: "memo", source: src)) } else { item.extras.append(ForeignExtra(field: k, value: s, source: src)) }
                }
            }
            if let s = simkl, let sid = ServiceID.make("simkl", "\(kind.rawValue):\(s)") { item.ids.others.append(sid) }
        }
        // Watched episodes, each under its show.
        for (m, season) in (e["seasons"] as? [[String: Any]] ?? []).enumerated() {
            guard let s = JSONValues.int(season["number"]) else {
                c.warn(.warning(.importBadValue, "\(file.display): \(pointer)/seasons/\(m) has no season number; its episodes are skipped", pointer: "\(pointer)/seasons/\(m)"))
                continue
            }
            for (k, ep) in (season["episodes"] as? [[String: Any]] ?? []).enumerated() {
                let at = "\(pointer)/seasons/\(m)/episodes/\(k)"
                guard let number = JSONValues.int(ep["number"]) else {
                    c.warn(.warning(.importBadValue, "\(file.display): \(at) has no episode number; skipped", pointer: at))
                    continue
                }
                let watched = JSONValues.date(ep["watched_at"], file, "\(at)/watched_at", c)
                let key = titleKey + ":\(s):\(number)"
                let j = c.item(keys: [key], source: src) {
                    var item = ForeignItem(source: src, kind: .episode, title: title)
                    item.episode = EpisodeRef(showTitle: title, showIDs: ids, season: s, number: number)
                    item.episode?.showYear = JSONValues.int(record["year"])
                    return item
                }
                c.update(j) { $0.watches.append(WatchEvent(date: watched, source: src)) }
            }
        }
    }
}

extension FormatDescriptor {
    /// Simkl's CSV backup and `SimklBackup.json`, read.
    public static let simkl = filmService(SimklReader.self)
}
