import Foundation
import MWCore
import MWFoundation

/// Reads Ryot's `CompleteExport` (Settings → Imports and Exports → Export: one JSON object, no
/// version field; docs/IMPORT.md "Ryot"). Two key generations: up to Dec 2024 the media are
/// under `media` and an item's `collections` are names; from 2025-02 under `metadata`, each
/// collection an object with `collection_name`. An item (`lot`, `source`, `identifier`,
/// `source_id`, `seen_history[]`, `reviews[]`, `collections[]`) is a film (`movie`) or a show
/// (`show`); other lots (books, anime, games, podcasts…) are counted as not imported with their
/// lot. `source` `tmdb` makes `identifier` a TMDb id, `tvdb` a TVDB id; any other source sends
/// the item through the search by `source_id` (Ryot's name for it). One seen entry per viewing
/// or per episode; ratings are 0–100 (kept as tenths of the 10-point scale: 85 → 8.5).
enum RyotReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let ryotExport: FileStats.Kind = "ryotExport"
    /// The service, declared once: its registry format is ``FormatDescriptor/ryot``.
    static let service = FilmServiceInfo(name: "ryot", displayName: "Ryot", fileKinds: [ryotExport], shapes: [.jsonObject],
        // Detection needs one of these keys (or an item's) in the first bytes.
        jsonObjectNeedles: ["\"metadata\"", "\"media\"", "\"seen_history\""],
        summary: "Ryot: the CompleteExport JSON (`metadata` and older `media`; films and shows, other lots counted) read and written",
        fileExtension: "json", write: RyotWriter.write,
        holds: FormatHolds(ratings: "0–100", dates: "instant", rewatches: true, episodes: true, lists: true, reviews: true, privateNotes: true, status: true))

    /// Top-level keys of every generation.
    static let topKeys: Set<String> = ["metadata", "metadata_groups", "media", "media_group", "media_groups", "people", "collections",
                                       "measurements", "workouts", "workout_templates", "exercises"]
    static let mediaKeys = ["metadata", "media"]

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        if let object = parsed.json as? [String: Any] {
            guard let key = mediaKeys.first(where: { object[$0] != nil }), let media = object[key] as? [Any] else { return nil }
            // A non-empty export names itself by its first item's shape (so a top-level key added
            // by a later Ryot does not hide it); an empty one only by its keys, all Ryot's.
            if let first = media.first as? [String: Any] {
                guard first["lot"] is String, first["identifier"] != nil, first["seen_history"] != nil else { return nil }
            } else if !media.isEmpty || object.count < 2 || !Set(object.keys).isSubset(of: topKeys) { return nil }
            return ryotExport
        }
        // Detection sees only the first 64 KiB of a large object, which does not parse: the
        // first key and an item's own keys in that text are Ryot's signature then.
        guard parsed.json == nil, let first = JSONPrefix.firstKey(file.bytes), topKeys.contains(first) else { return nil }
        let text = String(decoding: file.bytes.prefix(1 << 16), as: UTF8.self)
        guard text.contains("\"seen_history\""), text.contains("\"lot\""), text.contains("\"identifier\"") else { return nil }
        return ryotExport
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        for (file, kind, parsed) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            c.beginFile(file.display, kind: kind)
            guard let object = parsed.json as? [String: Any] else { continue }
            let key = mediaKeys.first { object[$0] != nil } ?? "metadata"
            let lists = readCollections(object["collections"], file, c)
            for (n, element) in (object[key] as? [Any] ?? []).enumerated() {
                defer { c.finishRow() }
                let src = SourceRef(service: service.name, file: file.inner, row: n + 1, shown: file.display)
                guard let e = element as? [String: Any], let lot = (e["lot"] as? String)?.lowercased() else {
                    c.malformed(src.position, "not a media item with a lot",
                                .error(.importMalformedRow, "\(file.display): /\(key)/\(n) is not a media item with a `lot`", pointer: "/\(key)/\(n)"))
                    continue
                }
                guard lot == "movie" || lot == "show" else { c.ignore("\(lot) (not a film or TV kind)"); continue }
                readItem(e, lot: lot, pointer: "/\(key)/\(n)", src, file, lists, c)
            }
            // What is not media (people, workouts, measurements…) is counted, not lost in silence.
            for k in topKeys.subtracting(mediaKeys + ["collections"]).sorted() {
                if let a = object[k] as? [Any], !a.isEmpty { c.ignoreRows(a.count, "\(k) (not films or TV)") }
            }
        }
    }

    /// The top-level collections (current generation: objects with `name`, `description`) as
    /// lists, by name; the watchlist and favourites are marks, not lists.
    static func readCollections(_ any: Any?, _ file: ExportFile, _ c: ItemCollector) -> [String: String] {
        var keys: [String: String] = [:]
        for (n, e) in (any as? [Any] ?? []).enumerated() {
            let o = e as? [String: Any]
            guard let name = Values.text(o?["name"] as? String ?? e as? String), mark(name) == nil else { continue }
            keys[name] = c.addList(ForeignList(key: c.listKey("collection-\(name)"), service: service.name, name: name,
                                               description: Values.text(o?["description"] as? String),
                                               source: SourceRef(service: service.name, file: file.inner, row: n + 1, shown: file.display)))
        }
        return keys
    }

    /// The marks Ryot's own collections stand for.
    static func mark(_ collection: String) -> ForeignMark.Kind? {
        switch collection.lowercased() {
        case "watchlist": return .watchlist
        case "favorites", "favourites": return .favorite
        case "in progress": return .followed
        case "completed": return .watched
        default: return nil
        }
    }

    /// The watch status Ryot's own collections stand for (`Watchlist`, `In Progress`, `Completed`).
    static func collectionStatus(_ collection: String) -> WatchStatus? {
        ["watchlist": .planned, "in progress": .watching, "completed": .completed][collection.lowercased()]
    }

    /// The watch status of a seen entry's `state` (`completed|dropped|on_a_hold|in_progress`).
    static func seenStatus(_ state: String) -> WatchStatus? {
        ["completed": .completed, "dropped": .dropped, "on_a_hold": .paused, "in_progress": .watching][state.lowercased()]
    }

    static func readItem(_ e: [String: Any], lot: String, pointer: String, _ src: SourceRef, _ file: ExportFile, _ lists: [String: String], _ c: ItemCollector) {
        let source = (e["source"] as? String)?.lowercased() ?? ""
        let identifier = Values.text(e["identifier"] as? String ?? (e["identifier"] as? NSNumber)?.stringValue)
        var ids = ForeignIDs()
        if source == "tmdb" { ids.tmdb = identifier.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
        if source == "tvdb" { ids.tvdb = identifier.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
        let title = Values.text(e["source_id"] as? String) ?? ""
        guard !ids.isEmpty || !title.isEmpty else {
            return c.malformed(src.position, "no TMDb/TVDB id or name",
                               .error(.importMalformedRow, "\(file.display): \(pointer) has neither a TMDb or TVDB identifier nor a name (`source_id`)", pointer: pointer))
        }
        let kind: ForeignKind = lot == "movie" ? .movie : .tvShow
        let showKey = ids.tmdb.map { "ryot:\(lot):tmdb:\($0)" } ?? ids.tvdb.map { "ryot:\(lot):tvdb:\($0)" } ?? "ryot:\(lot):title:" + Values.key(title)
        let i = c.item(keys: [showKey], source: src) {
            var item = ForeignItem(source: src, kind: kind, title: title)
            item.rawType = lot
            item.ids = ids
            return item
        }
        if source != "tmdb" && source != "tvdb", let identifier {
            c.update(i) { item in
                if let sid = ServiceID.make(source, identifier) { item.ids.others.append(sid) } else { item.extras.append(ForeignExtra(field: "\(source) id", value: identifier, source: src)) }
            }
        }
        for (n, s) in (e["seen_history"] as? [Any] ?? []).enumerated() {
            guard let s = s as? [String: Any] else {
                c.warn(.warning(.importBadValue, "\(file.display): \(pointer)/seen_history/\(n) is not a seen entry; skipped", pointer: "\(pointer)/seen_history/\(n)"))
                continue
            }
            readSeen(s, pointer: "\(pointer)/seen_history/\(n)", kind: kind, show: i, title: title, ids: ids, showKey: showKey, src, file, c)
        }
        for (n, r) in (e["reviews"] as? [Any] ?? []).enumerated() {
            guard let r = r as? [String: Any] else {
                c.warn(.warning(.importBadValue, "\(file.display): \(pointer)/reviews/\(n) is not a review; skipped", pointer: "\(pointer)/reviews/\(n)"))
                continue
            }
            readReview(r, pointer: "\(pointer)/reviews/\(n)", show: i, title: title, ids: ids, showKey: showKey, src, file, c)
        }
        for (n, entry) in (e["collections"] as? [Any] ?? []).enumerated() {
            let o = entry as? [String: Any]
            guard let name = Values.text(o?["collection_name"] as? String ?? entry as? String) else {
                c.warn(.warning(.importBadValue, "\(file.display): \(pointer)/collections/\(n) names no collection; skipped", pointer: "\(pointer)/collections/\(n)"))
                continue
            }
            let added = JSONValues.date(o?["created_on"], file, "\(pointer)/collections/\(n)/created_on", c)
            c.update(i) { item in
                // The user's own fields of a collection entry (Ryot's information template), kept as written.
                if let info = o?["information"], !(info is NSNull), JSONSerialization.isValidJSONObject(info),
                   let data = try? JSONSerialization.data(withJSONObject: info, options: [.sortedKeys]) {
                    item.extras.append(ForeignExtra(field: "collection \(name) information", value: String(decoding: data, as: UTF8.self), source: src))
                }
                if let m = mark(name) { item.marks.append(ForeignMark(m, date: added, detail: name, source: src, status: collectionStatus(name), statusWord: name)); return }
                let key = lists[name] ?? c.addList(ForeignList(key: c.listKey("collection-\(name)"), service: service.name, name: name, source: src))
                let rank = Values.int((o?["rank"] as? NSNumber)?.stringValue ?? o?["rank"] as? String)
                item.lists.append(ListMembership(listKey: key, listName: name, position: rank.flatMap { $0 > 0 ? $0 : nil }, addedAt: added, source: src))
            }
        }
    }

    /// One seen entry: a viewing when completed (by `state`, or, before states, a progress of
    /// 100 or none), else a status; a show's entry with episode numbers is that episode's.
    static func readSeen(_ s: [String: Any], pointer: String, kind: ForeignKind, show: Int, title: String, ids: ForeignIDs, showKey: String,
                         _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        let ended = JSONValues.date(s["ended_on"], file, "\(pointer)/ended_on", c), started = JSONValues.date(s["started_on"], file, "\(pointer)/started_on", c)
        let progress = JSONValues.number(s["progress"])
        let state = (s["state"] as? String)?.lowercased() ?? ((progress ?? 100) >= 100 ? "completed" : "in_progress")
        let providers = (s["providers_consumed_on"] as? [Any])?.compactMap { $0 as? String } ?? (s["provider_watched_on"] as? String).map { [$0] } ?? []
        let detail = providers.isEmpty ? nil : "provider: " + providers.joined(separator: ", ")
        let season = kind == .tvShow ? JSONValues.int(s["show_season_number"]) : nil, number = kind == .tvShow ? JSONValues.int(s["show_episode_number"]) : nil
        // A completed entry is a viewing of its episode (or film); any other state is a status of the title.
        if state == "completed" {
            var target = show
            if let season, let number { target = episode(season, number, title: title, ids: ids, showKey: showKey, src, c) }
            return c.update(target) { $0.watches.append(WatchEvent(date: ended, detail: detail, source: src)) }
        }
        let code = season.map { s in " S\(s)" + (number.map { "E\($0)" } ?? "") } ?? ""
        let what = state + code + (progress.map { " (progress \(ServiceCSV.number($0)))" } ?? "")
        // The state as Ryot wrote it is the status's word (none before states: it is derived).
        let word = (s["state"] as? String).flatMap(Values.text), own = seenStatus(state)
        c.update(show) { item in
            if state == "dropped" { item.marks.append(ForeignMark(.archived, date: ended ?? started, detail: what, source: src, status: own, statusWord: word)) } else {
                item.marks.append(ForeignMark(.followed, date: started ?? ended, detail: what, source: src, status: own, statusWord: word))
            }
        }
    }

    /// A review: its rating (0–100) and its text, on the item, a season of it or an episode.
    static func readReview(_ r: [String: Any], pointer: String, show: Int, title: String, ids: ForeignIDs, showKey: String, _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        let review = r["review"] as? [String: Any]
        let date = JSONValues.date(review?["date"], file, "\(pointer)/review/date", c)
        let season = JSONValues.int(r["show_season_number"]), episodeNumber = JSONValues.int(r["show_episode_number"])
        var target = show
        if let season, let episodeNumber { target = episode(season, episodeNumber, title: title, ids: ids, showKey: showKey, src, c) }
        let onSeason = target == show ? season : nil
        var rating: ForeignRating?
        if let raw = r["rating"], !(raw is NSNull) {
            if let v = JSONValues.number(raw), v >= 0, v <= 100 {
                rating = ForeignRating(value: v / 10, scale: .tenPoint, raw: "\(raw)", date: date, season: onSeason, source: src)
            } else {
                c.warn(.warning(.importBadValue, "\(file.display): \(pointer)/rating \(quoted("\(raw)")) is not 0–100; kept as an extra", pointer: "\(pointer)/rating"))
                c.update(target) { $0.extras.append(ForeignExtra(field: "rating", value: "\(raw)", source: src)) }
            }
        }
        let text = (review?["text"] as? String).flatMap { Values.text($0) == nil ? nil : $0 }
        c.update(target) { item in
            if let rating { item.ratings.append(rating) }
            if let text {
                item.reviews.append(ForeignReview(text: text, date: date, spoiler: review?["spoiler"] as? Bool, season: onSeason, kind: "review", source: src))
            }
        }
    }

    /// The item of episode `season`×`number` under its show.
    static func episode(_ season: Int, _ number: Int, title: String, ids: ForeignIDs, showKey: String, _ src: SourceRef, _ c: ItemCollector) -> Int {
        c.item(keys: ["\(showKey):\(season):\(number)"], source: src) {
            var item = ForeignItem(source: src, kind: .episode, title: title)
            item.episode = EpisodeRef(showTitle: title, showIDs: ids, season: season, number: number)
            return item
        }
    }
}

extension FormatDescriptor {
    /// Ryot's `CompleteExport` JSON (both key generations), read and written.
    public static let ryot = filmService(RyotReader.self)
}
