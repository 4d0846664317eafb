import Foundation
import MWCore
import MWFoundation

/// Writes a library as a Trakt export: a folder of the JSON files Trakt's export names
/// (`trakt-json`; what TraktReader reads and Trakt's web importer takes from its history,
/// ratings and watchlist). `watched-history.json`: one item per play, newest first (an undated
/// play has `watched_at` `unknown`, as Trakt's importer accepts); `watched-movies.json` and
/// `watched-shows.json`: the summaries (`plays`, `last_watched_at` the latest play; a show's
/// plays are its episodes' plays, listed when the show is watched); `ratings-movies`,
/// `-shows`, `-seasons`, `-episodes`: the current rating, whole points 1–10; `lists-watchlist`,
/// `lists-favorites`, `lists-lists` with a `lists-list-<id>-<slug>.json` per other list
/// (private); `comments-movies`, `-shows`, `-episodes`: the notes that came from Trakt (a
/// comment is public: no other note goes there). What Trakt cannot hold — tags, liked status,
/// a show's own viewings, earlier ratings, ratings that are no whole point, private notes — is
/// reported with a count (`field-dropped`, `write-rating-off-scale`).
public enum TraktJSONWriter {
    /// The files written, in order; the `lists-list-…` files come between `lists-lists.json`
    /// and `lists-watchlist.json`.
    public static let fixedNames = ["comments-episodes.json", "comments-movies.json", "comments-shows.json",
                                    "lists-favorites.json", "lists-lists.json", "lists-watchlist.json",
                                    "ratings-episodes.json", "ratings-movies.json", "ratings-seasons.json", "ratings-shows.json",
                                    "watched-history.json", "watched-movies.json", "watched-shows.json"]

    /// The files of the export for `library` and the warnings for what they leave out.
    public static func files(_ library: Library) throws -> (files: [(name: String, bytes: [UInt8])], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var dropped: [String: Int] = [:]
        var json: [String: [[String: Any]]] = Dictionary(uniqueKeysWithValues: fixedNames.map { ($0, []) })
        let titles = Dictionary(library.titles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let episodes = Dictionary(grouping: library.episodes, by: \.showId)
        let episodeByID = Dictionary(library.episodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let instant = ServiceWriting.milliseconds, null = ServiceWriting.orNull
        func media(_ t: Title) -> [String: Any] {
            var ids: [String: Any] = ["tmdb": t.tmdbId]
            if let imdb = ServiceWriting.imdbID(t) { ids["imdb"] = imdb }
            if let n = ServiceID.id("trakt", in: t.serviceIds).flatMap(Int.init) { ids["trakt"] = n }
            if let slug = ServiceID.id("trakt-slug", in: t.serviceIds) { ids["slug"] = slug }
            if let n = ServiceID.id("tvdb", in: t.serviceIds).flatMap(Int.init) { ids["tvdb"] = n }
            let year = ServiceWriting.year(t)
            // A placeholder name is no title: null, the ids name it.
            return ["title": null(Values.text(ServiceWriting.shownName(t))), "year": null(year), "ids": ids]
        }
        func subject(_ t: Title) -> [String: Any] { t.mediaType == .movie ? ["type": "movie", "movie": media(t)] : ["type": "show", "show": media(t)] }
        func episode(_ e: Episode, _ show: Title) -> [String: Any] {
            var ep: [String: Any] = ["season": e.seasonNumber, "number": e.episodeNumber, "title": null(e.metadata?.name), "ids": [String: Any]()]
            if let id = e.tmdbId { ep["ids"] = ["tmdb": id] }
            return ["type": "episode", "episode": ep, "show": media(show)]
        }
        let episodeIndex = Dictionary(library.episodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        /// The current rating as whole points; one off that scale reported, the others counted.
        func rate(_ ratings: [OriginalRating], of label: String, at path: [Any], into file: String, _ item: [String: Any]) {
            let k = ServiceWriting.current(ratings, service: .trakt) { RatingPoints.of($0) != nil }
            if let k {
                var r = item
                r["rating"] = RatingPoints.of(ratings[k])!
                if ServiceWriting.isRounded(ratings[k]) { dropped[ServiceWriting.roundedKey, default: 0] += 1 }
                r["rated_at"] = null(ratings[k].date.map(instant))
                json[file]!.append(r)
            }
            let fitting = ratings.filter { RatingPoints.of($0) != nil }
            let seasons = Set(fitting.compactMap(ServiceWriting.seasonOf)).count
            dropped["ratings other than the current one", default: 0] += fitting.count - seasons - (k == nil ? 0 : 1)
            diagnostics += ServiceWriting.offScale(ratings, of: label, at: path, scale: "a whole point from 1 to 10") { RatingPoints.of($0) != nil }
        }
        // Plays, newest first (undated last), in library order on a tie.
        var history: [(date: Date?, order: Int, item: [String: Any])] = []
        func play(_ v: Viewing, _ item: [String: Any]) {
            var h = item
            h["watched_at"] = v.date.map(instant) ?? "unknown"
            h["action"] = "watch"
            history.append((v.date, history.count, h))
        }
        ServiceWriting.countTitles(library, &dropped)
        for (i, t) in library.titles.enumerated() {
            if !t.tags.isEmpty { dropped["tags", default: 0] += 1 }
            if t.likedStatus != 0 && !t.ratings.contains(where: { RatingPoints.of($0) != nil }) { dropped["liked status without a rating", default: 0] += 1 }
            let eps = (episodes[t.id] ?? []).sorted { ($0.seasonNumber, $0.episodeNumber) < ($1.seasonNumber, $1.episodeNumber) }
            if t.mediaType == .movie {
                let plays = ServiceWriting.plays(t.viewings, watched: t.watched, watchedDate: t.watchedDate, sources: t.sources)
                plays.forEach { play($0, subject(t)) }
                if !plays.isEmpty {
                    json["watched-movies.json"]!.append(["plays": plays.count, "last_watched_at": null(plays.compactMap(\.date).max().map(instant)),
                                                         "last_updated_at": instant(t.dateModified ?? t.dateAdded), "movie": media(t)])
                }
                rate(t.ratings, of: ServiceCSV.label(t), at: ["titles", i], into: "ratings-movies.json", subject(t))
                continue
            }
            rate(t.ratings, of: ServiceCSV.label(t), at: ["titles", i], into: "ratings-shows.json", subject(t))
            dropped["a show's own viewings (Trakt's plays are its episodes')", default: 0] += t.viewings.count
            // Season ratings kept on the show (`trakt:season:N`): the newest of each season.
            var seasons: [Int: OriginalRating] = [:]
            for r in t.ratings where RatingPoints.of(r) != nil {
                guard let s = ServiceWriting.seasonOf(r) else { continue }
                if let old = seasons[s], (old.date ?? .distantPast) > (r.date ?? .distantPast) { continue }
                seasons[s] = r
            }
            for (s, r) in seasons.sorted(by: { $0.key < $1.key }) {
                if ServiceWriting.isRounded(r) { dropped[ServiceWriting.roundedKey, default: 0] += 1 }
                json["ratings-seasons.json"]!.append(["type": "season", "season": ["number": s, "ids": [String: Any]()], "show": media(t),
                                                      "rating": RatingPoints.of(r)!, "rated_at": null(r.date.map(instant))])
            }
            var watchedSeasons: [Int: [[String: Any]]] = [:]
            var showPlays = 0
            var last: Date?
            for e in eps {
                let plays = ServiceWriting.plays(e.viewings, watched: e.watched, watchedDate: e.watchedDate, sources: e.sources)
                plays.forEach { play($0, episode(e, t)) }
                rate(e.ratings, of: ServiceWriting.label(e, of: t), at: ["episodes", episodeIndex[e.id] ?? 0], into: "ratings-episodes.json", episode(e, t))
                guard !plays.isEmpty else { continue }
                let latest = plays.compactMap(\.date).max()
                watchedSeasons[e.seasonNumber, default: []].append(["number": e.episodeNumber, "plays": plays.count, "last_watched_at": null(latest.map(instant))])
                showPlays += plays.count
                if let latest { last = max(last ?? latest, latest) }
            }
            if t.watched {
                json["watched-shows.json"]!.append(["plays": showPlays, "last_watched_at": null((last ?? ServiceWriting.playDate(t.watchedDate, sources: t.sources)).map(instant)),
                                                    "last_updated_at": instant(t.dateModified ?? t.dateAdded), "reset_at": NSNull(), "show": media(t),
                                                    "seasons": watchedSeasons.sorted { $0.key < $1.key }.map { ["number": $0.key, "episodes": $0.value] as [String: Any] }])
            }
        }
        json["watched-history.json"] = history.sorted { a, b in
            switch (a.date, b.date) {
            case let (x?, y?) where x != y: return x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.order < b.order
            }
        }.enumerated().map { n, h -> [String: Any] in var e = h.item; e["id"] = n + 1; return e }
        // Lists: the watchlist, the favourites, and every other list as a private list.
        var files: [(name: String, bytes: [UInt8])] = []
        var custom = 0
        for l in library.lists {
            let items = l.items.sorted { $0.orderIndex < $1.orderIndex }.compactMap { item -> [String: Any]? in
                guard let t = titles[item.titleId] else { return nil }
                var e = subject(t)
                e["rank"] = item.orderIndex + 1
                e["id"] = item.orderIndex + 1
                e["listed_at"] = null(item.dateAdded.map(instant))
                e["notes"] = null(item.note)
                return e
            }
            if Watchlist.contains(l) { json["lists-watchlist.json"]! += items; continue }
            if ServiceWriting.isFavorites(l) { json["lists-favorites.json"]! += items; continue }
            custom += 1
            let slug = slugged(l.name, fallback: "list-\(custom)")
            json["lists-lists.json"]!.append(["name": l.name, "description": null(l.listDescription), "privacy": "private", "type": "personal",
                                              "created_at": null(l.dateCreated.map(instant)), "updated_at": null((l.dateModified ?? l.dateCreated).map(instant)),
                                              "item_count": items.count, "ids": ["trakt": custom, "slug": slug]])
            files.append(("lists-list-\(custom)-\(slug).json", try ServiceWriting.json(items)))
        }
        // Comments: only the notes that came from Trakt; the others are the user's private ones.
        for note in library.notes {
            guard ServiceWriting.isOwn(note, of: .trakt) else { dropped["notes not from Trakt (a comment is public)", default: 0] += 1; continue }
            let comment: [String: Any] = ["comment": note.text, "spoiler": false, "review": note.text.split(whereSeparator: \.isWhitespace).count >= 200,
                                          "created_at": instant(note.dateCreated), "updated_at": instant(note.dateModified ?? note.dateCreated)]
            if note.parentType == .episode, let e = episodeByID[note.parentId], let show = titles[e.showId] {
                var c = episode(e, show); c["comment"] = comment
                json["comments-episodes.json"]!.append(c)
            } else if let t = titles[note.parentId] {
                var c = subject(t); c["comment"] = comment
                json[t.mediaType == .movie ? "comments-movies.json" : "comments-shows.json"]!.append(c)
            }
        }
        for name in fixedNames { files.append((name: name, bytes: try ServiceWriting.json(json[name]!))) }
        return (files.sorted { $0.name < $1.name }, diagnostics + ServiceWriting.dropped(dropped, format: "Trakt"))
    }

    /// A list's slug: lower-case letters and digits, other runs a dash.
    static func slugged(_ name: String, fallback: String) -> String {
        var out = "", dash = false
        for ch in name.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(ch) { out.unicodeScalars.append(ch); dash = false } else if !dash, !out.isEmpty { out += "-"; dash = true }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? fallback : out
    }

    /// A folder this writer may replace: one holding only files named as it names them.
    static func isOwnFolder(_ names: [String]) -> Bool {
        names.allSatisfy { fixedNames.contains($0) || ($0.hasPrefix("lists-list-") && $0.hasSuffix(".json")) }
    }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        guard let url = output.url else { throw MWError.usage("trakt-json writes a folder of Trakt's export files; give -o FOLDER") }
        let (files, diagnostics) = try files(library)
        try AtomicDirectory.write(files, to: url, replaceable: isOwnFolder)
        return diagnostics
    }
}

extension FormatDescriptor {
    /// Trakt's export as a folder of its JSON files, written (`--to trakt-json`); read back by
    /// the `trakt` service, which detects those files.
    public static let traktJSON = FormatDescriptor(
        name: "trakt-json", summary: "Trakt: the JSON export written, a folder of its files (history, watched, ratings, watchlist, lists, comments); read as trakt",
        capabilities: [.folderOutput], fileExtension: "json", modelVersion: Migrator.latestVersion, write: TraktJSONWriter.write)
        .holding(FormatHolds(ratings: "1–10", dates: "instant", rewatches: true, episodes: true, lists: true, reviews: true, status: true))
}
