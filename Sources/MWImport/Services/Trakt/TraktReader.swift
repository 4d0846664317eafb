import Foundation
import MWCore
import MWFoundation

/// Reads a Trakt export (`trakt-json-export-*.zip` or its JSON files, matched by basename
/// wherever they sit, with the JSON's shape as a fallback for files renamed or produced by the
/// API): `watched-history*.json` (paged `-1`, `-2`… read in numeric order), `watched-movies`,
/// `watched-shows` (seasons → episodes with plays; season 0 holds specials),
/// `ratings-{movies,shows,seasons,episodes}`, `lists-watchlist`, `lists-favorites`,
/// `lists-lists` (list names and descriptions), `lists-list-<id>-<slug>`, and `comments-*` (the
/// user's own comments and reviews). IDs are kept as given: `ids.tmdb` may be null and
/// `ids.imdb` null or empty. Dates are instants (ISO 8601 with milliseconds). The CSV Trakt's
/// web importer reads (what `--to trakt` writes) is read too (``TraktImportCSV``).
public enum TraktReader: FilmExportReading {
    /// The service, declared once: its registry format is ``FormatDescriptor/trakt``.
    static let service = FilmServiceInfo(name: .trakt, displayName: "Trakt", fileKinds: [
            .traktHistory, .traktWatchedMovies, .traktWatchedShows, .traktRatings, .traktWatchlist, .traktFavorites, .traktList, .traktListIndex,
            .traktCollaborations, .traktCollection, .traktPlayback, .traktComments, .traktImportCSV,
        ], shapes: [.jsonArray, .text], summary: "Trakt: the JSON export and the web importer's CSV read; that CSV written (history, ratings, watchlist)",
        aliases: ["trakt-csv"], capabilities: [.streamable], write: TraktCSVWriter.write, writeSwitches: [.ratingFromLiked],
        holds: FormatHolds(ratings: "1–10", dates: "instant", rewatches: true, episodes: true, lists: true, reviews: true, status: true))

    /// The role of a Trakt export file from its name in the export and its JSON shape; nil
    /// when it is not one.
    public static func detect(bytes: [UInt8], name: String) -> FileStats.Kind? {
        let f = ExportFile(container: "", inner: name, display: name, bytes: bytes)
        return detect(f, ExportContent(f))
    }

    static func baseName(_ file: ExportFile) -> String {
        ((file.baseName as NSString).deletingPathExtension).lowercased()
    }

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        if let csv = TraktImportCSV.detect(parsed) { return csv }
        guard let json = parsed.json else { return nil }
        let elements = json as? [[String: Any]]
        if elements == nil, !(json is [Any]) { return nil }  // an object: no Trakt export file is one we read
        let b = baseName(file)
        if b.hasPrefix("watched-history") { return .traktHistory }
        if b.hasPrefix("watched-movies") { return .traktWatchedMovies }
        if b.hasPrefix("watched-shows") { return .traktWatchedShows }
        if b.hasPrefix("ratings-") { return .traktRatings }
        if b.hasPrefix("lists-watchlist") || b == "watchlist" { return .traktWatchlist }
        if b.hasPrefix("lists-favorites") || b == "favorites" { return .traktFavorites }
        if b.hasPrefix("lists-lists") { return .traktListIndex }
        if b.hasPrefix("lists-collaborations") { return .traktCollaborations }
        if b.hasPrefix("lists-list-") { return .traktList }
        if b.hasPrefix("comments-") { return .traktComments }
        if b.hasPrefix("collection-") { return .traktCollection }
        if b.hasPrefix("watched-playback") { return .traktPlayback }
        // Shape: the first element's keys.
        guard let first = elements?.first else { return nil }
        let keys = Set(first.keys)
        let media = keys.contains("movie") || keys.contains("show") || keys.contains("episode")
        if keys.contains("watched_at") && media { return .traktHistory }
        if keys.contains("rated_at") && keys.contains("rating") && media { return .traktRatings }
        if keys.contains("plays") && keys.contains("show") { return .traktWatchedShows }
        if keys.contains("plays") && keys.contains("movie") { return .traktWatchedMovies }
        if keys.contains("listed_at") && (media || keys.contains("season")) { return .traktList }
        if keys.contains("comment") && first["comment"] is [String: Any] { return .traktComments }
        if keys.contains("item_count") && keys.contains("ids") && keys.contains("name") { return .traktListIndex }
        return nil
    }

    static func order(_ file: ExportFile, _ k: FileStats.Kind) -> (Int, Int, String) {
        let rank: Int
        switch k {
        case .traktListIndex: rank = 0
        case .traktHistory: rank = 1
        case .traktWatchedMovies, .traktWatchedShows: rank = 2
        default: rank = 3
        }
        // Paged files (`watched-history-2`) in numeric order, not `-10` before `-2`.
        let page = Int(baseName(file).split(separator: "-").last ?? "") ?? 0
        return (rank, page, file.inner)
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        let sorted = files.sorted { order($0.0, $0.1) < order($1.0, $1.1) }
        var listRatings: [(Int, ForeignRating)] = []
        defer { keepListRatings(listRatings, c) }
        for (file, kind, parsed) in sorted {
            if kind == .traktImportCSV { TraktImportCSV.read(file, kind, parsed, into: c); continue }
            c.beginFile(file.display, kind: kind)
            guard let array = parsed.json as? [Any] else { continue }
            if kind == .traktCollaborations {
                c.ignoreRows(array.count, "someone else's list the user collaborates on (not imported)")
                continue
            }
            // What the library has no place for, counted so the summary says so (issue 30 §5).
            if kind == .traktCollection {
                c.ignoreRows(array.count, "a collected (owned) title: the library has no collection (not imported)")
                continue
            }
            if kind == .traktPlayback {
                c.ignoreRows(array.count, "a paused playback's progress (not a viewing; not imported)")
                continue
            }
            c.eachObject(array, .trakt, file) { e, _, src in
                switch kind {
                case .traktListIndex: readListInfo(e, src, c)
                case .traktHistory: readHistory(e, src, file, c)
                case .traktWatchedMovies, .traktWatchedShows: readWatched(e, src, file, c)
                case .traktRatings: readRating(e, src, file, c)
                case .traktWatchlist, .traktFavorites, .traktList: if let r = readListed(e, src, file, kind, c) { listRatings.append(r) }
                case .traktComments: readComment(e, src, file, c)
                default: c.ignore("not imported")
                }
            }
        }
    }

    // MARK: IDs and items

    static func ids(_ any: Any?) -> ForeignIDs {
        var ids = ForeignIDs()
        guard let o = any as? [String: Any] else { return ids }
        func int(_ k: String) -> Int? {
            if let n = o[k] as? NSNumber { return n.intValue }
            if let s = o[k] as? String { return Int(s) }
            return nil
        }
        ids.tmdb = int("tmdb")
        ids.tvdb = int("tvdb")
        ids.trakt = int("trakt")
        ids.imdb = Values.imdbID(o["imdb"] as? String)
        ids.traktSlug = Values.text(o["slug"] as? String)
        return ids
    }

    static func keys(_ ids: ForeignIDs, _ type: String) -> [String] {
        var k: [String] = []
        if let t = ids.trakt { k.append("trakt:\(type):\(t)") }
        if let t = ids.tmdb { k.append("tmdb:\(type):\(t)") }
        if let t = ids.tvdb, type != "movie" { k.append("tvdb:\(type):\(t)") }
        if let t = ids.imdb { k.append("imdb:\(t)") }
        if let s = ids.traktSlug { k.append("slug:\(type):\(s)") }
        return k
    }

    /// The item for a `movie` or `show` object.
    static func media(_ o: [String: Any], type: String, _ src: SourceRef, _ c: ItemCollector, title fallback: String? = nil) -> Int? {
        let ids = self.ids(o["ids"])
        let title = Values.text(o["title"] as? String) ?? fallback
        var keys = self.keys(ids, type)
        if keys.isEmpty, let title { keys = ["title:\(type):" + Values.key(title) + "|" + ((o["year"] as? Int).map(String.init) ?? "")] }
        guard !keys.isEmpty else { return nil }
        let i = c.item(keys: keys, source: src) {
            var item = ForeignItem(source: src, kind: type == "movie" ? .movie : .tvShow, title: title ?? "")
            item.rawType = type
            item.year = o["year"] as? Int
            item.ids = ids
            return item
        }
        c.update(i) { item in
            item.ids.fill(from: ids)
            if item.title.isEmpty, let title { item.title = title }
            if item.year == nil { item.year = o["year"] as? Int }
        }
        return i
    }

    /// The item for an `episode` object under `show`.
    static func episode(_ ep: [String: Any], show: [String: Any]?, season: Int? = nil, _ src: SourceRef, _ c: ItemCollector) -> Int? {
        let ids = self.ids(ep["ids"])
        let showIDs = self.ids(show?["ids"])
        let s = (ep["season"] as? Int) ?? season
        let n = ep["number"] as? Int
        var keys: [String] = []
        if let t = ids.trakt { keys.append("trakt:episode:\(t)") }
        if let showKey = self.keys(showIDs, "show").first ?? (show?["title"] as? String).map({ "title:show:" + Values.key($0) }), let s, let n {
            keys.append("ep:\(showKey):\(s):\(n)")
        }
        if let t = ids.tmdb { keys.append("tmdb:episode:\(t)") }
        guard !keys.isEmpty else { return nil }
        let showTitle = Values.text(show?["title"] as? String)
        let title = Values.text(ep["title"] as? String) ?? [showTitle, s.map { "S\($0)" }, n.map { "E\($0)" }].compactMap { $0 }.joined(separator: " ")
        let i = c.item(keys: keys, source: src) {
            var item = ForeignItem(source: src, kind: .episode, title: title)
            item.rawType = "episode"
            item.ids = ids
            var ref = EpisodeRef(showTitle: showTitle, showIDs: showIDs, season: s, number: n)
            ref.showYear = show?["year"] as? Int
            ref.episodeTitle = Values.text(ep["title"] as? String)
            item.episode = ref
            return item
        }
        c.update(i) { $0.ids.fill(from: ids) }
        return i
    }

    /// The item an element names through its `type` and the matching object.
    static func subject(_ e: [String: Any], _ src: SourceRef, _ c: ItemCollector) -> (Int, season: Int?)? {
        let type = (e["type"] as? String) ?? (e["movie"] != nil ? "movie" : e["episode"] != nil ? "episode" : e["season"] != nil ? "season" : "show")
        switch type {
        case "movie":
            return (e["movie"] as? [String: Any]).flatMap { media($0, type: "movie", src, c) }.map { ($0, nil) }
        case "show":
            return (e["show"] as? [String: Any]).flatMap { media($0, type: "show", src, c) }.map { ($0, nil) }
        case "season":
            guard let show = e["show"] as? [String: Any], let i = media(show, type: "show", src, c) else { return nil }
            return (i, (e["season"] as? [String: Any])?["number"] as? Int)
        case "episode":
            return (e["episode"] as? [String: Any]).flatMap { episode($0, show: e["show"] as? [String: Any], src, c) }.map { ($0, nil) }
        default:
            return nil
        }
    }

    static func unreadable(_ e: [String: Any], _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        let type = e["type"] as? String
        if let type, !["movie", "show", "season", "episode"].contains(type) {
            c.ignore("\(type) entry (not imported)")
        } else {
            c.malformed(src.position, "no movie, show or episode with IDs or a title",
                        .error(.importMalformedRow, "\(file.display): element \(src.row! - 1) names no movie, show or episode", pointer: "/\(src.row! - 1)"))
        }
    }

    // MARK: Files

    static func readHistory(_ e: [String: Any], _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        guard let (i, _) = subject(e, src, c) else { return unreadable(e, src, file, c) }
        let date = ForeignDate.parse(e["watched_at"] as? String)
        c.update(i) { $0.watches.append(WatchEvent(date: date, detail: e["action"] as? String, source: src)) }
    }

    static func readWatched(_ e: [String: Any], _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        guard let (i, _) = subject(e, src, c) else { return unreadable(e, src, file, c) }
        c.update(i) { item in
            // A show's `plays` adds up its episodes' plays: kept as that count, never as the
            // show's own viewings (the episodes below carry them).
            item.marks.append(ForeignMark(.watched, date: ForeignDate.parse(e["last_watched_at"] as? String),
                                          detail: e["show"] != nil ? ForeignMark.episodePlays : nil, count: e["plays"] as? Int, source: src))
            if let reset = e["reset_at"] as? String { item.extras.append(ForeignExtra(field: "reset_at", value: reset, source: src)) }
        }
        guard let show = e["show"] as? [String: Any], let seasons = e["seasons"] as? [[String: Any]] else { return }
        for season in seasons {
            for ep in season["episodes"] as? [[String: Any]] ?? [] {
                guard let j = episode(ep, show: show, season: season["number"] as? Int, src, c) else { continue }
                c.update(j) { $0.marks.append(ForeignMark(.watched, date: ForeignDate.parse(ep["last_watched_at"] as? String), count: ep["plays"] as? Int, source: src)) }
            }
        }
    }

    static func readRating(_ e: [String: Any], _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        guard let (i, season) = subject(e, src, c) else { return unreadable(e, src, file, c) }
        guard let n = e["rating"] as? NSNumber, (1...10).contains(n.doubleValue) else {
            c.warn(.warning(.importBadValue, "\(file.display): element \(src.row! - 1) has no rating 1–10", pointer: "/\(src.row! - 1)/rating"))
            return
        }
        c.update(i) {
            $0.ratings.append(ForeignRating(value: n.doubleValue, scale: .tenPoint, raw: n.stringValue,
                                            date: ForeignDate.parse(e["rated_at"] as? String), season: season, source: src))
        }
    }

    static func readListInfo(_ e: [String: Any], _ src: SourceRef, _ c: ItemCollector) {
        let ids = e["ids"] as? [String: Any]
        let id = (ids?["trakt"] as? Int).map(String.init) ?? Values.text(ids?["slug"] as? String) ?? "\(src.row ?? 0)"
        c.addList(ForeignList(key: c.listKey("list-\(id)"), service: .trakt, name: Values.text(e["name"] as? String) ?? "List \(id)",
                              description: Values.text(e["description"] as? String), uri: Values.text(e["share_link"] as? String),
                              createdAt: ForeignDate.parse(e["created_at"] as? String), source: src))
        c.listRow()
    }

    /// A watchlist, favourites or list element; its `my_rating` (the user's rating of the title,
    /// undated) is returned, to be kept once every file is read (``keepListRatings``).
    static func readListed(_ e: [String: Any], _ src: SourceRef, _ file: ExportFile, _ kind: FileStats.Kind, _ c: ItemCollector) -> (Int, ForeignRating)? {
        guard let (i, season) = subject(e, src, c) else { unreadable(e, src, file, c); return nil }
        let added = ForeignDate.parse(e["listed_at"] as? String)
        let note = Values.text(e["notes"] as? String)
        let rank = e["rank"] as? Int
        var listKey = "", listName = ""
        if kind == .traktList {
            // lists-list-<id>-<slug>: the name comes from lists-lists.json when present.
            let parts = baseName(file).split(separator: "-").map(String.init)
            let id = parts.count > 2 ? parts[2] : baseName(file)
            listKey = c.listKey("list-\(id)")
            if let known = c.lists.first(where: { $0.key == listKey }) { listName = known.name } else {
                listName = parts.count > 3 ? parts[3...].joined(separator: "-") : baseName(file)
                c.addList(ForeignList(key: listKey, service: .trakt, name: listName, source: SourceRef(service: .trakt, file: file.inner, shown: file.display)))
            }
        }
        c.update(i) { item in
            switch kind {
            case .traktWatchlist: item.marks.append(ForeignMark(.watchlist, date: added, detail: note, count: rank, source: src))
            case .traktFavorites: item.marks.append(ForeignMark(.favorite, date: added, detail: note, count: rank, source: src))
            default: item.lists.append(ListMembership(listKey: listKey, listName: listName, position: rank, note: note, addedAt: added, source: src))
            }
            if let season { item.extras.append(ForeignExtra(field: "season", value: String(season), source: src)) }
        }
        guard let n = e["my_rating"] as? NSNumber else { return nil }
        guard (1...10).contains(n.doubleValue) else {
            c.warn(.warning(.importBadValue, "\(file.display): element \(src.row! - 1) has my_rating \(n.stringValue), not 1–10", pointer: "/\(src.row! - 1)/my_rating"))
            return nil
        }
        return (i, ForeignRating(value: n.doubleValue, scale: .tenPoint, raw: n.stringValue, date: nil, season: season, source: src))
    }

    /// A list element's `my_rating` is the user's rating as the ratings files hold it (dated
    /// there): kept only for a title (or season) no Trakt rating of the export rates, so a list
    /// file alone loses no rating and a whole export gets no undated copy (docs/IMPORT.md).
    static func keepListRatings(_ ratings: [(Int, ForeignRating)], _ c: ItemCollector) {
        for (i, r) in ratings {
            c.update(i) { item in
                guard !item.ratings.contains(where: { $0.source.service == .trakt && $0.season == r.season }) else { return }
                item.ratings.append(r)
            }
        }
    }

    static func readComment(_ e: [String: Any], _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        guard let comment = e["comment"] as? [String: Any], let text = comment["comment"] as? String, Values.text(text) != nil else {
            return c.malformed(src.position, "no comment text", .error(.importMalformedRow, "\(file.display): element \(src.row! - 1) has no comment text", pointer: "/\(src.row! - 1)/comment"))
        }
        guard let (i, season) = subject(e, src, c) else {
            // A comment on a list: kept on the export's diagnostics only if it names nothing we hold.
            return unreadable(e, src, file, c)
        }
        c.update(i) {
            $0.reviews.append(ForeignReview(text: text, date: ForeignDate.parse(comment["created_at"] as? String),
                                            spoiler: comment["spoiler"] as? Bool, season: season,
                                            kind: (comment["review"] as? Bool) == true ? "review" : "comment", source: src))
        }
    }
}

extension FormatDescriptor {
    /// Trakt: its JSON export and the CSV the Trakt web importer reads, read; that CSV written
    /// (`--to trakt`, or `trakt-csv`; the JSON export is `trakt-json`).
    public static let trakt = filmService(TraktReader.self)
}
