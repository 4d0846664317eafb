import Foundation
import MWCore
import MWFoundation

/// Reads TV Time exports, every column by name (columns move and vanish between exports):
/// - the GDPR export (a ZIP of ~70 CSVs): `tracking-prod-records-v2.csv` (rows told apart by
///   their `key`: `watch-episode-…`/`rewatch-episode-…` episodes with TVDB ids `s_id`/`ep_id`,
///   `user-series-…` follow/for-later/archived state), `tracking-prod-records.csv` (older
///   twin: movies and episodes by `entity_type`/`type`), `followed_tv_show.csv`,
///   `user_tv_show_data.csv`, `tv_show_rate.csv` (1–5), `ratings-*`/`emotions-*` vote files and
///   `episode_emotion.csv` (kept raw: TV Time's vote ids are undocumented), `episode_comment.csv`,
///   `lists-prod-lists.csv` (its `objects` column is a Go map dump, see ``GoMapDump``), and the
///   2020 file set (`seen_episode.csv`, `rewatched_episode.csv`);
/// - the 2026 in-app export: `tvtime-series.csv`, `tvtime-movies.csv`,
///   `tvtime-series-episodes.csv`, `tvtime-lists.csv` (and the same as JSON).
/// Timestamps have no zone and are kept as local times; `0001-01-01` means unknown; booleans
/// are `true/false` or `0/1`; season and episode numbers are TVDB's. Other GDPR tables (a
/// `user_id` column, nothing to import) are counted as not imported. Credential files are never
/// opened (see ``WithheldFiles``).
public enum TVTimeReader {
    /// The role of a TV Time export file from its header or JSON shape; nil when it is not one.
    public static func detect(bytes: [UInt8], name: String) -> FileStats.Kind? {
        let f = ExportFile(container: "", inner: name, display: name, bytes: bytes)
        return detect(f, ExportContent(f))
    }

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        if let json = parsed.json {
            guard let first = (json as? [[String: Any]])?.first, let id = first["id"] as? [String: Any], id["tvdb"] != nil || id.keys.contains("tvdb") else { return nil }
            return first["seasons"] != nil || first["status"] != nil ? .tvtimeSeries : .tvtimeMovies
        }
        let h = parsed.headerKeys
        guard !h.isEmpty else { return nil }
        if h.contains("key") && (h.contains("s_id") || h.contains("ep_id") || h.contains("series_name") || h.contains("gsi")) { return .tvtimeTrackingV2 }
        if h.contains("entity_type") && h.contains("type") { return .tvtimeTrackingV1 }
        if h.contains("objects") && h.contains("name") && (h.contains("s_key") || h.contains("is_public")) { return .tvtimeLists }
        if h.contains("list_id") && h.contains("list_name") { return .tvtimeAppLists }
        if h.contains("series_tvdb_id") && h.contains("season") && h.contains("episode") { return .tvtimeSeriesEpisodes }
        if h.contains("tvdb_id") && h.contains("title") && h.contains("is_watched") { return .tvtimeMovies }
        if h.contains("tvdb_id") && h.contains("title") && h.contains("status") { return .tvtimeSeries }
        if h.contains("tv_show_id") && h.contains("rating") { return .tvtimeShowRatings }
        if h.contains("vote_key") {
            return (file.components.last ?? "").hasPrefix("emotion") ? .tvtimeEmotions : .tvtimeRatings
        }
        if h.contains("emotion_id") && h.contains("episode_id") { return .tvtimeEmotions }
        if h.contains("comment") && h.contains("episode_id") { return .tvtimeComments }
        if h.contains("tv_show_id") && (h.contains("is_followed") || h.contains("is_favorited") || h.contains("nb_episodes_seen")) { return .tvtimeShowData }
        if h.contains("tv_show_id") && h.contains("archived") && h.contains("active") { return .tvtimeFollowedShows }
        if h.contains("episode_id") && h.contains("cpt") { return .tvtimeRewatchedEpisodes }
        if h.contains("episode_id") && h.contains("user_id") && h.contains("created_at") && (h.contains("tweet_id") || h.contains("fb_action_id") || file.baseName.lowercased().hasPrefix("seen_episode")) {
            return .tvtimeSeenEpisodes
        }
        if h.contains("user_id") { return .notImported }
        return nil
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector) {
        func rank(_ k: FileStats.Kind) -> Int {
            switch k {
            case .tvtimeSeries, .tvtimeFollowedShows, .tvtimeShowData: return 0
            case .tvtimeTrackingV2, .tvtimeTrackingV1, .tvtimeSeriesEpisodes, .tvtimeMovies: return 1
            default: return 2
            }
        }
        for (file, kind, parsed) in files.sorted(by: { (rank($0.1), $0.0.inner) < (rank($1.1), $1.0.inner) }) {
            c.beginFile(file.display, kind: kind)
            if let json = parsed.json as? [Any] {
                readJSON(json, file, kind, c)
                continue
            }
            guard let csv = parsed.csv, let t = csv.table(headerWhere: { !($0.count == 1 && $0[0].isEmpty) }) else { continue }
            for d in t.raggedRows { c.warn(d) }
            if kind == .notImported {
                c.ignoreRows(t.rows.count, "TV Time table with nothing to import")
                continue
            }
            for row in t.rows {
                readRow(row, t, file, kind, c)
                c.finishRow()
            }
        }
    }

    // MARK: Items

    /// Why a show's row saying only "not followed" is not read.
    static let unfollowed = "unfollowed show (its episodes are read from their own rows)"

    /// A show row whose `is_followed` is false and that sets nothing else: it would make a
    /// title of its own, listed as if the user followed it. The show's watched episodes come
    /// from their own rows and are kept; a show row that does say more (favourite, for later,
    /// archived, episodes seen) is read, without a follow.
    static func unfollowedOnly(followed: Bool?, others: [Bool?]) -> Bool {
        followed == false && !others.contains(true)
    }

    static func show(tvdb: Int?, imdb: String? = nil, title: String?, _ src: SourceRef, _ c: ItemCollector) -> Int? {
        var keys: [String] = []
        if let tvdb { keys.append("tvdb:show:\(tvdb)") }
        if let imdb { keys.append("imdb:\(imdb)") }
        if keys.isEmpty, let title { keys.append("title:show:" + Values.key(title)) }
        guard !keys.isEmpty else { return nil }
        let i = c.item(keys: keys, source: src) {
            var item = ForeignItem(source: src, kind: .tvShow, title: title ?? "")
            item.rawType = "series"
            item.ids.tvdb = tvdb
            item.ids.imdb = imdb
            return item
        }
        c.update(i) { item in
            if item.title.isEmpty, let title { item.title = title }
            if item.ids.tvdb == nil { item.ids.tvdb = tvdb }
            if item.ids.imdb == nil { item.ids.imdb = imdb }
        }
        return i
    }

    static func episode(showTVDB: Int?, showTitle: String?, showIMDb: String? = nil, tvdb: Int?, season: Int?, number: Int?,
                        special: Bool?, _ src: SourceRef, _ c: ItemCollector) -> Int? {
        var keys: [String] = []
        if let tvdb { keys.append("tvdb:episode:\(tvdb)") }
        let showKey = showTVDB.map { "tvdb:show:\($0)" } ?? showTitle.map { "title:show:" + Values.key($0) }
        if let showKey, let season, let number { keys.append("ep:\(showKey):\(season):\(number)") }
        guard !keys.isEmpty else { return nil }
        let i = c.item(keys: keys, source: src) {
            let label = [showTitle, season.map { "S\($0)" }, number.map { "E\($0)" }].compactMap { $0 }.joined(separator: " ")
            var item = ForeignItem(source: src, kind: .episode, title: label)
            item.rawType = "episode"
            item.ids.tvdb = tvdb
            var ref = EpisodeRef(showTitle: showTitle, showIDs: ForeignIDs(imdb: showIMDb, tvdb: showTVDB), season: season, number: number)
            ref.isSpecial = special
            item.episode = ref
            return item
        }
        c.update(i) { item in
            if item.episode?.showTitle == nil { item.episode?.showTitle = showTitle }
            if item.episode?.showIDs.tvdb == nil { item.episode?.showIDs.tvdb = showTVDB }
        }
        return i
    }

    static func movie(tvdb: Int?, imdb: String?, uuid: String?, title: String?, year: Int?, _ src: SourceRef, _ c: ItemCollector) -> Int? {
        var keys: [String] = []
        if let tvdb { keys.append("tvdb:movie:\(tvdb)") }
        if let imdb { keys.append("imdb:\(imdb)") }
        if let uuid { keys.append("uuid:\(uuid)") }
        if let title { keys.append("title:movie:" + Values.key(title) + "|" + (year.map(String.init) ?? "")) }
        guard !keys.isEmpty, title != nil || tvdb != nil || imdb != nil else { return nil }
        let i = c.item(keys: keys, source: src) {
            var item = ForeignItem(source: src, kind: .movie, title: title ?? "")
            item.rawType = "movie"
            item.year = year
            item.ids.tvdb = tvdb
            item.ids.imdb = imdb
            item.ids.tvtimeUUID = uuid
            return item
        }
        c.update(i) { item in
            if item.title.isEmpty, let title { item.title = title }
            item.ids.fill(from: { var x = ForeignIDs(imdb: imdb, tvdb: tvdb); x.tvtimeUUID = uuid; return x }())
        }
        return i
    }

    static func noSubject(_ t: CSVTable, _ row: CSVFile.Record, _ src: SourceRef, _ c: ItemCollector) {
        c.malformed(src.position, "names no show, episode or movie", t.diagnostic(.error, .importMalformedRow, "the row names no show, episode or movie (no id or title)", row: row))
    }

    // MARK: CSV rows

    static func readRow(_ row: CSVFile.Record, _ t: CSVTable, _ file: ExportFile, _ kind: FileStats.Kind, _ c: ItemCollector) {
        let src = t.ref(.tvtime, file, row)
        func s(_ names: String...) -> String? { for n in names { if let v = t.text(row, n) { return v } }; return nil }
        func i(_ names: String...) -> Int? { for n in names { if let v = Values.int(t.value(row, n)) { return v } }; return nil }
        func b(_ names: String...) -> Bool? { for n in names { if let v = Values.bool(t.value(row, n)) { return v } }; return nil }
        // The first of `names` holding a date; when none does, one that holds something else is reported.
        func d(_ names: String...) -> ForeignDate? {
            for n in names { if let v = ForeignDate.parse(t.value(row, n)) { return v } }
            if let bad = names.first(where: { ForeignDate.unreadable(t.value(row, $0)) != nil }) { _ = t.date(row, bad, c) }
            return nil
        }

        switch kind {
        case .tvtimeTrackingV2:
            let key = s("key") ?? ""
            if key.hasPrefix("watch-episode") || key.hasPrefix("rewatch-episode") {
                guard let e = episode(showTVDB: i("s_id"), showTitle: s("series_name"), tvdb: i("ep_id", "episode_id"),
                                      season: i("s_no", "season_number"), number: i("ep_no", "episode_number"), special: b("is_special"), src, c)
                else { return noSubject(t, row, src, c) }
                c.update(e) { $0.watches.append(WatchEvent(date: d("created_at", "updated_at"), rewatch: key.hasPrefix("rewatch"),
                                                           detail: s("bulk_type"), source: src)) }
            } else if key.hasPrefix("watch-movie") || key.hasPrefix("rewatch-movie") {
                guard let m = movie(tvdb: nil, imdb: nil, uuid: s("uuid"), title: s("movie_name"), year: nil, src, c) else { return noSubject(t, row, src, c) }
                c.update(m) { $0.watches.append(WatchEvent(date: d("created_at"), rewatch: key.hasPrefix("rewatch"), source: src)) }
            } else if key.hasPrefix("user-series") {
                if unfollowedOnly(followed: b("is_followed"), others: [b("is_for_later"), b("is_archived")]) { return c.ignore(unfollowed) }
                guard let sh = show(tvdb: i("s_id"), title: s("series_name"), src, c) else { return noSubject(t, row, src, c) }
                c.update(sh) { item in
                    if b("is_followed") == true { item.marks.append(ForeignMark(.followed, date: d("followed_at", "created_at"), count: i("ep_watch_count"), source: src)) }
                    if b("is_for_later") == true { item.marks.append(ForeignMark(.watchlist, date: d("created_at"), source: src)) }
                    if b("is_archived") == true { item.marks.append(ForeignMark(.archived, date: d("updated_at"), source: src)) }
                }
            } else {
                c.ignore(key.hasPrefix("tracking-stats") ? "statistics row" : "record type \(key.split(separator: "-").prefix(2).joined(separator: "-")) (not imported)")
            }
        case .tvtimeTrackingV1:
            let entity = s("entity_type")?.lowercased() ?? ""
            let type = s("type")?.lowercased() ?? ""
            let date = d("watch_date", "created_at")
            if entity == "movie" {
                guard ["watch", "rewatch", "towatch", "follow"].contains(type) else { return c.ignore("movie record \(type) (not imported)") }
                guard let m = movie(tvdb: nil, imdb: nil, uuid: s("uuid"), title: s("movie_name"), year: nil, src, c) else { return noSubject(t, row, src, c) }
                c.update(m) { item in
                    switch type {
                    case "towatch": item.marks.append(ForeignMark(.watchlist, date: d("created_at"), source: src))
                    case "follow": item.marks.append(ForeignMark(.followed, date: d("created_at"), source: src))
                    default: item.watches.append(WatchEvent(date: date, rewatch: type == "rewatch", plays: max(1, i("watch_count") ?? 1), source: src))
                    }
                }
            } else if entity == "episode" && (type == "watch" || type == "rewatch") {
                guard let e = episode(showTVDB: i("series_id"), showTitle: s("series_name"), tvdb: i("episode_id"), season: i("season_number"),
                                      number: i("episode_number"), special: nil, src, c) else { return noSubject(t, row, src, c) }
                c.update(e) { $0.watches.append(WatchEvent(date: date, rewatch: type == "rewatch", detail: s("bulk_type"), source: src)) }
            } else if entity == "series" && type == "follow" {
                guard let sh = show(tvdb: i("series_id"), title: s("series_name"), src, c) else { return noSubject(t, row, src, c) }
                c.update(sh) { $0.marks.append(ForeignMark(.followed, date: d("created_at"), source: src)) }
            } else {
                c.ignore("\(entity.isEmpty ? "record" : entity) \(type) (not imported)")
            }
        case .tvtimeFollowedShows:
            guard let sh = show(tvdb: i("tv_show_id"), title: s("tv_show_name"), src, c) else { return noSubject(t, row, src, c) }
            c.update(sh) { item in
                item.marks.append(ForeignMark(.followed, date: d("created_at"), detail: b("active") == false ? "inactive" : nil, source: src))
                if b("archived") == true { item.marks.append(ForeignMark(.archived, date: d("updated_at"), source: src)) }
            }
        case .tvtimeShowData:
            if unfollowedOnly(followed: b("is_followed"), others: [b("is_favorited"), (i("nb_episodes_seen") ?? 0) > 0]) { return c.ignore(unfollowed) }
            guard let sh = show(tvdb: i("tv_show_id"), title: s("tv_show_name"), src, c) else { return noSubject(t, row, src, c) }
            c.update(sh) { item in
                if b("is_followed") == true { item.marks.append(ForeignMark(.followed, source: src)) }
                if b("is_favorited") == true { item.marks.append(ForeignMark(.favorite, source: src)) }
                if let n = i("nb_episodes_seen"), n > 0 { item.marks.append(ForeignMark(.watched, detail: ForeignMark.episodesSeen, count: n, source: src)) }
            }
        case .tvtimeShowRatings:
            guard let sh = show(tvdb: i("tv_show_id"), title: s("tv_show_name"), src, c) else { return noSubject(t, row, src, c) }
            guard let raw = s("rating"), let v = Double(raw), (1...5).contains(v) else {
                c.warn(t.diagnostic(.warning, .importBadValue, "rating \(quoted(s("rating") ?? "")) is not 1–5", row: row, column: "rating"))
                return
            }
            c.update(sh) { $0.ratings.append(ForeignRating(value: v, scale: .fivePoint, raw: raw, date: d("created_at"), source: src)) }
        case .tvtimeRatings, .tvtimeEmotions, .tvtimeComments:
            let target: Int?
            if let name = s("movie_name"), s("series_name", "tv_show_name") == nil {
                target = movie(tvdb: nil, imdb: nil, uuid: s("uuid"), title: name, year: nil, src, c)
            } else {
                target = episode(showTVDB: i("tv_show_id", "series_id"), showTitle: s("series_name", "tv_show_name"), tvdb: i("episode_id"),
                                 season: i("season_number", "episode_season_number"), number: i("episode_number"), special: nil, src, c)
            }
            guard let target else { return noSubject(t, row, src, c) }
            c.update(target) { item in
                if kind == .tvtimeComments {
                    if let text = t.value(row, "comment"), Values.text(text) != nil {
                        item.reviews.append(ForeignReview(text: text, date: d("created_at"), kind: "comment", source: src))
                    }
                } else if kind == .tvtimeEmotions {
                    item.emotions.append(ForeignEmotion(value: s("vote_key", "emotion_id") ?? "", date: d("created_at"), source: src))
                } else if let vote = s("vote_key") {
                    // The level is the vote key's last segment; its meaning is undocumented, so the key is kept raw.
                    let level = vote.split(separator: "-").last.flatMap { Double($0) } ?? 0
                    item.ratings.append(ForeignRating(value: level, scale: .tvtimeVote, raw: vote, date: d("created_at"), source: src))
                }
            }
        case .tvtimeSeenEpisodes, .tvtimeRewatchedEpisodes:
            guard let e = episode(showTVDB: i("tv_show_id"), showTitle: s("tv_show_name"), tvdb: i("episode_id"),
                                  season: i("episode_season_number"), number: i("episode_number"), special: nil, src, c) else { return noSubject(t, row, src, c) }
            let rewatch = kind == .tvtimeRewatchedEpisodes
            c.update(e) { $0.watches.append(WatchEvent(date: d(rewatch ? "updated_at" : "created_at", "created_at"), rewatch: rewatch,
                                                       plays: rewatch ? max(1, i("cpt") ?? 1) : 1, source: src)) }
        case .tvtimeLists:
            readGDPRList(row, t, file, src, c)
        case .tvtimeSeries:
            guard let sh = show(tvdb: i("tvdb_id"), imdb: Values.imdbID(s("imdb_id")), title: s("title"), src, c) else { return noSubject(t, row, src, c) }
            c.update(sh) { item in
                item.ids.tvtimeUUID = item.ids.tvtimeUUID ?? s("uuid")
                item.marks.append(ForeignMark(.followed, date: d("created_at"), detail: s("status"), source: src))
            }
        case .tvtimeMovies:
            guard let m = movie(tvdb: i("tvdb_id"), imdb: Values.imdbID(s("imdb_id")), uuid: s("uuid"), title: s("title"), year: Values.year(s("year")), src, c)
            else { return noSubject(t, row, src, c) }
            c.update(m) { item in
                if b("is_watched") == true || d("watched_at") != nil {
                    item.watches.append(WatchEvent(date: d("watched_at"), plays: 1 + max(0, i("rewatch_count") ?? 0), source: src))
                } else {
                    item.marks.append(ForeignMark(.watchlist, date: d("created_at"), source: src))
                }
            }
        case .tvtimeSeriesEpisodes:
            guard b("is_watched") == true || d("watched_at") != nil else { return c.ignore("episode not watched (nothing to import)") }
            guard let e = episode(showTVDB: i("series_tvdb_id"), showTitle: s("title", "series_name"), showIMDb: Values.imdbID(s("series_imdb_id")),
                                  tvdb: i("tvdb_id", "episode_tvdb_id"), season: i("season", "season_number"), number: i("episode", "episode_number"),
                                  special: b("special", "is_special"), src, c) else { return noSubject(t, row, src, c) }
            c.update(e) { $0.watches.append(WatchEvent(date: d("watched_at"), plays: 1 + max(0, i("rewatch_count") ?? 0), source: src)) }
        case .tvtimeAppLists:
            let listName = s("list_name") ?? "List"
            let type = s("item_type")?.lowercased() ?? "series"
            let target = type.hasPrefix("movie")
                ? movie(tvdb: i("tvdb_id"), imdb: nil, uuid: s("uuid"), title: s("name"), year: nil, src, c)
                : show(tvdb: i("tvdb_id"), title: s("name"), src, c)
            guard let target else { return noSubject(t, row, src, c) }
            if listName.uppercased() == "LIKE" {
                // TV Time's built-in "LIKE" list is the like button, not a list the user made.
                c.update(target) { $0.marks.append(ForeignMark(.liked, count: i("custom_order"), source: src)) }
            } else {
                let key = c.addList(ForeignList(key: c.listKey(s("list_id") ?? listName), service: .tvtime, name: listName, source: src))
                c.update(target) { $0.lists.append(ListMembership(listKey: key, listName: listName, position: i("custom_order").map { $0 + 1 }, source: src)) }
            }
        default:
            c.ignore("not imported")
        }
    }

    /// A GDPR list row: the list, and one membership per entry of its `objects` Go map dump.
    static func readGDPRList(_ row: CSVFile.Record, _ t: CSVTable, _ file: ExportFile, _ src: SourceRef, _ c: ItemCollector) {
        let name = t.text(row, "name") ?? "List"
        let key = c.addList(ForeignList(key: c.listKey(t.text(row, "s_key") ?? name), service: .tvtime, name: name,
                                        description: t.text(row, "description"), createdAt: ForeignDate.parse(t.value(row, "created_at")), source: src))
        guard let raw = t.text(row, "objects") else { return c.listRow() }
        guard let objects = GoMapDump.parse(raw) else {
            return c.malformed(src.position, "objects column is not a Go map dump",
                               t.diagnostic(.error, .importMalformedRow, "the objects column cannot be read", row: row, column: "objects"))
        }
        c.listRow()
        for (n, o) in objects.enumerated() {
            let id = Values.int(o["id"])
            let type = (o["type"] ?? "series").lowercased()
            let target = type.hasPrefix("movie")
                ? movie(tvdb: id, imdb: nil, uuid: id == nil ? o["id"] : nil, title: nil, year: nil, src, c)
                : show(tvdb: id, title: nil, src, c)
            guard let target else { continue }
            c.update(target) { $0.lists.append(ListMembership(listKey: key, listName: name, position: n + 1, addedAt: ForeignDate.parse(o["created_at"]), source: src)) }
        }
    }

    // MARK: JSON (2026 in-app export)

    static func readJSON(_ array: [Any], _ file: ExportFile, _ kind: FileStats.Kind, _ c: ItemCollector) {
        for (n, element) in array.enumerated() {
            defer { c.finishRow() }
            let src = SourceRef(service: .tvtime, file: file.inner, row: n + 1, shown: file.display)
            guard let e = element as? [String: Any] else {
                c.malformed(src.position, "not an object", .error(.importMalformedRow, "\(file.display): element \(n) is not an object", pointer: "/\(n)"))
                continue
            }
            let id = e["id"] as? [String: Any]
            let tvdb = (id?["tvdb"] as? NSNumber)?.intValue
            let imdb = Values.imdbID(id?["imdb"] as? String)
            let title = Values.text(e["title"] as? String)
            if kind == .tvtimeMovies {
                guard let m = movie(tvdb: tvdb, imdb: imdb, uuid: nil, title: title, year: e["year"] as? Int, src, c) else {
                    c.malformed(src.position, "names no movie", .error(.importMalformedRow, "\(file.display): element \(n) names no movie", pointer: "/\(n)"))
                    continue
                }
                let watched = ForeignDate.parse(e["watched_at"] as? String)
                c.update(m) { item in
                    if (e["is_watched"] as? Bool) == true || watched != nil { item.watches.append(WatchEvent(date: watched, source: src)) } else { item.marks.append(ForeignMark(.watchlist, source: src)) }
                }
                continue
            }
            guard let sh = show(tvdb: tvdb, imdb: imdb, title: title, src, c) else {
                c.malformed(src.position, "names no show", .error(.importMalformedRow, "\(file.display): element \(n) names no show", pointer: "/\(n)"))
                continue
            }
            c.update(sh) { $0.marks.append(ForeignMark(.followed, detail: e["status"] as? String, source: src)) }
            for season in e["seasons"] as? [[String: Any]] ?? [] {
                for ep in season["episodes"] as? [[String: Any]] ?? [] {
                    let watched = ForeignDate.parse(ep["watched_at"] as? String)
                    guard (ep["is_watched"] as? Bool) == true || watched != nil else { continue }
                    let epID = ((ep["id"] as? [String: Any])?["tvdb"] as? NSNumber)?.intValue
                    guard let j = episode(showTVDB: tvdb, showTitle: title, showIMDb: imdb, tvdb: epID, season: season["number"] as? Int,
                                          number: ep["number"] as? Int, special: nil, src, c) else { continue }
                    c.update(j) { $0.watches.append(WatchEvent(date: watched, source: src)) }
                }
            }
        }
    }
}

/// The service as the registry knows it (its descriptor is in the same file).
struct TVTimeService: FilmServiceReader {
    var name: String { "tvtime" }
    var displayName: String { "TV Time" }
    func role(of file: ExportFile, _ content: ExportContent) -> String? { TVTimeReader.detect(file, content)?.rawValue }
    func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options: ImportOptions) {
        TVTimeReader.read(files, into: c)
    }
}

extension FormatDescriptor {
    /// TV Time's exports (GDPR and in-app), read.
    public static let tvtime = FormatDescriptor.filmService(
        TVTimeService(), summary: "TV Time: the GDPR export and the in-app export (CSV or JSON) read")
        .holding(FormatHolds(ratings: "1–5", dates: "local time", rewatches: true, episodes: true, lists: true, reviews: true, status: true))
}
