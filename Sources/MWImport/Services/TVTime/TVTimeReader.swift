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
public enum TVTimeReader: FilmExportReading {
    /// The service, declared once: its registry format is ``FormatDescriptor/tvtime``.
    static let service = FilmServiceInfo(name: .tvtime, displayName: "TV Time", fileKinds: [
            .tvtimeTrackingV2, .tvtimeTrackingV1, .tvtimeFollowedShows, .tvtimeShowData, .tvtimeRatings, .tvtimeShowRatings, .tvtimeEmotions, .tvtimeLists,
            .tvtimeComments, .tvtimeSeenEpisodes, .tvtimeRewatchedEpisodes, .tvtimeSeries, .tvtimeMovies, .tvtimeSeriesEpisodes, .tvtimeAppLists,
        ], shapes: [.text, .jsonArray], summary: "TV Time: the GDPR export and the in-app export (CSV or JSON) read",
        holds: FormatHolds(ratings: "1–5", dates: "local time", rewatches: true, episodes: true, lists: true, reviews: true, status: true))

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

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
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
            guard let csv = parsed.csv, let t = csv.table else { continue }
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

    /// One function per file kind (``TVTimeReader+Rows.swift``), each given the row's values.
    static func readRow(_ row: CSVFile.Record, _ t: CSVTable, _ file: ExportFile, _ kind: FileStats.Kind, _ c: ItemCollector) {
        let r = TVTimeRow(row: row, t: t, c: c, src: t.ref(.tvtime, file, row), file: file)
        switch kind {
        case .tvtimeTrackingV2:
            trackingV2(r)
        case .tvtimeTrackingV1:
            trackingV1(r)
        case .tvtimeFollowedShows:
            followedShow(r)
        case .tvtimeShowData:
            showData(r)
        case .tvtimeShowRatings:
            showRating(r)
        case .tvtimeRatings, .tvtimeEmotions, .tvtimeComments:
            reaction(r, kind)
        case .tvtimeSeenEpisodes, .tvtimeRewatchedEpisodes:
            seenEpisode(r, kind)
        case .tvtimeLists:
            readGDPRList(row, t, file, r.src, c)
        case .tvtimeSeries:
            appSeries(r)
        case .tvtimeMovies:
            appMovie(r)
        case .tvtimeSeriesEpisodes:
            appEpisode(r)
        case .tvtimeAppLists:
            appList(r)
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

    /// The watch status of a followed show in the in-app export (JSON and `tvtime-series.csv`):
    /// its `status` — `stopped` (or `archived`) dropped, `not_started_yet` (or `for_later`)
    /// planned; `continuing`, `up_to_date`, another word or none a show being watched.
    static func followStatus(_ word: String?) -> WatchStatus {
        switch word?.lowercased().replacingOccurrences(of: " ", with: "_") {
        case "stopped", "archived": return .dropped
        case "for_later", "not_started_yet": return .planned
        default: return .watching
        }
    }

    // MARK: JSON (2026 in-app export)

    static func readJSON(_ array: [Any], _ file: ExportFile, _ kind: FileStats.Kind, _ c: ItemCollector) {
        c.eachObject(array, .tvtime, file) { e, n, src in
            let id = e["id"] as? [String: Any]
            let tvdb = (id?["tvdb"] as? NSNumber)?.intValue
            let imdb = Values.imdbID(id?["imdb"] as? String)
            let title = Values.text(e["title"] as? String)
            if kind == .tvtimeMovies {
                guard let m = movie(tvdb: tvdb, imdb: imdb, uuid: nil, title: title, year: e["year"] as? Int, src, c) else {
                    c.malformed(src.position, "names no movie", .error(.importMalformedRow, "\(file.display): element \(n) names no movie", pointer: "/\(n)"))
                    return
                }
                let watched = ForeignDate.parse(e["watched_at"] as? String)
                c.update(m) { item in
                    if (e["is_watched"] as? Bool) == true || watched != nil { item.watches.append(WatchEvent(date: watched, source: src)) } else { item.marks.append(ForeignMark(.watchlist, source: src)) }
                }
                return
            }
            guard let sh = show(tvdb: tvdb, imdb: imdb, title: title, src, c) else {
                c.malformed(src.position, "names no show", .error(.importMalformedRow, "\(file.display): element \(n) names no show", pointer: "/\(n)"))
                return
            }
            let word = Values.text(e["status"] as? String)
            c.update(sh) { $0.marks.append(ForeignMark(.followed, detail: word, source: src, status: followStatus(word), statusWord: word ?? "followed")) }
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

extension FormatDescriptor {
    /// TV Time's exports (GDPR and in-app), read.
    public static let tvtime = filmService(TVTimeReader.self)
}
