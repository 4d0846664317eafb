import Foundation
import MWCore
import MWFoundation

/// One row of a TV Time CSV and its values by column name: each accessor takes several names
/// (columns move and are renamed between exports) and gives the first that holds a value.
struct TVTimeRow {
    let row: CSVFile.Record
    let t: CSVTable
    let c: ItemCollector
    let src: SourceRef
    let file: ExportFile

    func s(_ names: String...) -> String? { for n in names { if let v = t.text(row, n) { return v } }; return nil }
    func i(_ names: String...) -> Int? { for n in names { if let v = Values.int(t.value(row, n)) { return v } }; return nil }
    func b(_ names: String...) -> Bool? { for n in names { if let v = Values.bool(t.value(row, n)) { return v } }; return nil }
    /// The first of `names` holding a date; when none does, one that holds something else is reported.
    func d(_ names: String...) -> ForeignDate? {
        for n in names { if let v = ForeignDate.parse(t.value(row, n)) { return v } }
        if let bad = names.first(where: { ForeignDate.unreadable(t.value(row, $0)) != nil }) { _ = t.date(row, bad, c) }
        return nil
    }
}

/// The rows of each TV Time file kind, one function each.
extension TVTimeReader {
    /// `tracking-prod-records-v2.csv`: episode and movie (re)watches by their key, a show's follow, for-later and archived state.
    static func trackingV2(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        let key = r.s("key") ?? ""
        if key.hasPrefix("watch-episode") || key.hasPrefix("rewatch-episode") {
            guard let e = episode(showTVDB: r.i("s_id"), showTitle: r.s("series_name"), tvdb: r.i("ep_id", "episode_id"),
                                  season: r.i("s_no", "season_number"), number: r.i("ep_no", "episode_number"), special: r.b("is_special"), src, c)
            else { return noSubject(t, row, src, c) }
            c.update(e) { $0.watches.append(WatchEvent(date: r.d("created_at", "updated_at"), rewatch: key.hasPrefix("rewatch"),
                                                       detail: r.s("bulk_type"), source: src)) }
        } else if key.hasPrefix("watch-movie") || key.hasPrefix("rewatch-movie") {
            guard let m = movie(tvdb: nil, imdb: nil, uuid: r.s("uuid"), title: r.s("movie_name"), year: nil, src, c) else { return noSubject(t, row, src, c) }
            c.update(m) { $0.watches.append(WatchEvent(date: r.d("created_at"), rewatch: key.hasPrefix("rewatch"), source: src)) }
        } else if key.hasPrefix("user-series") {
            if unfollowedOnly(followed: r.b("is_followed"), others: [r.b("is_for_later"), r.b("is_archived")]) { return c.ignore(unfollowed) }
            guard let sh = show(tvdb: r.i("s_id"), title: r.s("series_name"), src, c) else { return noSubject(t, row, src, c) }
            c.update(sh) { item in
                // One status per row, the most specific: archived (stopped), else for later, else followed.
                let archived = r.b("is_archived") == true, later = r.b("is_for_later") == true
                if r.b("is_followed") == true {
                    item.marks.append(ForeignMark(.followed, date: r.d("followed_at", "created_at"), count: r.i("ep_watch_count"), source: src,
                                                  status: archived || later ? nil : .watching, statusWord: "followed"))
                }
                if later { item.marks.append(ForeignMark(.watchlist, date: r.d("created_at"), source: src, status: archived ? nil : .planned, statusWord: "for later")) }
                if archived { item.marks.append(ForeignMark(.archived, date: r.d("updated_at"), source: src, status: .dropped, statusWord: "archived")) }
            }
        } else {
            c.ignore(key.hasPrefix("tracking-stats") ? "statistics row" : "record type \(key.split(separator: "-").prefix(2).joined(separator: "-")) (not imported)")
        }
    }

    /// `tracking-prod-records.csv` (the older twin): movies and episodes by `entity_type` and `type`.
    static func trackingV1(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        let entity = r.s("entity_type")?.lowercased() ?? ""
        let type = r.s("type")?.lowercased() ?? ""
        let date = r.d("watch_date", "created_at")
        if entity == "movie" {
            guard ["watch", "rewatch", "towatch", "follow"].contains(type) else { return c.ignore("movie record \(type) (not imported)") }
            guard let m = movie(tvdb: nil, imdb: nil, uuid: r.s("uuid"), title: r.s("movie_name"), year: nil, src, c) else { return noSubject(t, row, src, c) }
            c.update(m) { item in
                switch type {
                case "towatch": item.marks.append(ForeignMark(.watchlist, date: r.d("created_at"), source: src))
                // A followed film is one the user waits for: planned.
                case "follow": item.marks.append(ForeignMark(.followed, date: r.d("created_at"), source: src, status: .planned, statusWord: "follow"))
                default: item.watches.append(WatchEvent(date: date, rewatch: type == "rewatch", plays: max(1, r.i("watch_count") ?? 1), source: src))
                }
            }
        } else if entity == "episode" && (type == "watch" || type == "rewatch") {
            guard let e = episode(showTVDB: r.i("series_id"), showTitle: r.s("series_name"), tvdb: r.i("episode_id"), season: r.i("season_number"),
                                  number: r.i("episode_number"), special: nil, src, c) else { return noSubject(t, row, src, c) }
            c.update(e) { $0.watches.append(WatchEvent(date: date, rewatch: type == "rewatch", detail: r.s("bulk_type"), source: src)) }
        } else if entity == "series" && type == "follow" {
            guard let sh = show(tvdb: r.i("series_id"), title: r.s("series_name"), src, c) else { return noSubject(t, row, src, c) }
            c.update(sh) { $0.marks.append(ForeignMark(.followed, date: r.d("created_at"), source: src, status: .watching, statusWord: "follow")) }
        } else {
            c.ignore("\(entity.isEmpty ? "record" : entity) \(type) (not imported)")
        }
    }

    /// `followed_tv_show.csv`: a followed show, archived or not.
    static func followedShow(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        guard let sh = show(tvdb: r.i("tv_show_id"), title: r.s("tv_show_name"), src, c) else { return noSubject(t, row, src, c) }
        c.update(sh) { item in
            let archived = r.b("archived") == true
            item.marks.append(ForeignMark(.followed, date: r.d("created_at"), detail: r.b("active") == false ? "inactive" : nil, source: src,
                                          status: archived ? nil : .watching, statusWord: "followed"))
            if archived { item.marks.append(ForeignMark(.archived, date: r.d("updated_at"), source: src, status: .dropped, statusWord: "archived")) }
        }
    }

    /// `user_tv_show_data.csv`: follow, favourite and episodes-seen count of a show (an unfollowed-only row makes no title).
    static func showData(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        if unfollowedOnly(followed: r.b("is_followed"), others: [r.b("is_favorited"), (r.i("nb_episodes_seen") ?? 0) > 0]) { return c.ignore(unfollowed) }
        guard let sh = show(tvdb: r.i("tv_show_id"), title: r.s("tv_show_name"), src, c) else { return noSubject(t, row, src, c) }
        c.update(sh) { item in
            if r.b("is_followed") == true { item.marks.append(ForeignMark(.followed, source: src, status: .watching, statusWord: "followed")) }
            if r.b("is_favorited") == true { item.marks.append(ForeignMark(.favorite, source: src)) }
            if let n = r.i("nb_episodes_seen"), n > 0 { item.marks.append(ForeignMark(.watched, detail: ForeignMark.episodesSeen, count: n, source: src)) }
        }
    }

    /// `tv_show_rate.csv`: a show's rating, 1–5.
    static func showRating(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        guard let sh = show(tvdb: r.i("tv_show_id"), title: r.s("tv_show_name"), src, c) else { return noSubject(t, row, src, c) }
        guard let raw = r.s("rating"), let v = Double(raw), (1...5).contains(v) else {
            c.warn(t.diagnostic(.warning, .importBadValue, "rating \(quoted(r.s("rating") ?? "")) is not 1–5", row: row, column: "rating"))
            return
        }
        c.update(sh) { $0.ratings.append(ForeignRating(value: v, scale: .fivePoint, raw: raw, date: r.d("created_at"), source: src)) }
    }

    /// Vote, emotion and comment files: a reaction to a movie or an episode, kept raw.
    static func reaction(_ r: TVTimeRow, _ kind: FileStats.Kind) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        let target: Int?
        if let name = r.s("movie_name"), r.s("series_name", "tv_show_name") == nil {
            target = movie(tvdb: nil, imdb: nil, uuid: r.s("uuid"), title: name, year: nil, src, c)
        } else {
            target = episode(showTVDB: r.i("tv_show_id", "series_id"), showTitle: r.s("series_name", "tv_show_name"), tvdb: r.i("episode_id"),
                             season: r.i("season_number", "episode_season_number"), number: r.i("episode_number"), special: nil, src, c)
        }
        guard let target else { return noSubject(t, row, src, c) }
        c.update(target) { item in
            if kind == .tvtimeComments {
                if let text = t.value(row, "comment"), Values.text(text) != nil {
                    item.reviews.append(ForeignReview(text: text, date: r.d("created_at"), kind: "comment", source: src))
                }
            } else if kind == .tvtimeEmotions {
                item.emotions.append(ForeignEmotion(value: r.s("vote_key", "emotion_id") ?? "", date: r.d("created_at"), source: src))
            } else if let vote = r.s("vote_key") {
                // The level is the vote key's last segment; its meaning is undocumented, so the key is kept raw.
                let level = vote.split(separator: "-").last.flatMap { Double($0) } ?? 0
                item.ratings.append(ForeignRating(value: level, scale: .tvtimeVote, raw: vote, date: r.d("created_at"), source: src))
            }
        }
    }

    /// The 2020 file set: `seen_episode.csv` and `rewatched_episode.csv`.
    static func seenEpisode(_ r: TVTimeRow, _ kind: FileStats.Kind) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        guard let e = episode(showTVDB: r.i("tv_show_id"), showTitle: r.s("tv_show_name"), tvdb: r.i("episode_id"),
                              season: r.i("episode_season_number"), number: r.i("episode_number"), special: nil, src, c) else { return noSubject(t, row, src, c) }
        let rewatch = kind == .tvtimeRewatchedEpisodes
        c.update(e) { $0.watches.append(WatchEvent(date: r.d(rewatch ? "updated_at" : "created_at", "created_at"), rewatch: rewatch,
                                                   plays: rewatch ? max(1, r.i("cpt") ?? 1) : 1, source: src)) }
    }

    /// The in-app export's `tvtime-series.csv`: a followed show with its status.
    static func appSeries(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        guard let sh = show(tvdb: r.i("tvdb_id"), imdb: Values.imdbID(r.s("imdb_id")), title: r.s("title"), src, c) else { return noSubject(t, row, src, c) }
        c.update(sh) { item in
            item.ids.tvtimeUUID = item.ids.tvtimeUUID ?? r.s("uuid")
            let word = r.s("status")
            item.marks.append(ForeignMark(.followed, date: r.d("created_at"), detail: word, source: src, status: followStatus(word), statusWord: word ?? "followed"))
        }
    }

    /// The in-app export's `tvtime-movies.csv`: a watched movie (with rewatches) or one for later.
    static func appMovie(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        guard let m = movie(tvdb: r.i("tvdb_id"), imdb: Values.imdbID(r.s("imdb_id")), uuid: r.s("uuid"), title: r.s("title"), year: Values.year(r.s("year")), src, c)
        else { return noSubject(t, row, src, c) }
        c.update(m) { item in
            if r.b("is_watched") == true || r.d("watched_at") != nil {
                item.watches.append(WatchEvent(date: r.d("watched_at"), plays: 1 + max(0, r.i("rewatch_count") ?? 0), source: src))
            } else {
                item.marks.append(ForeignMark(.watchlist, date: r.d("created_at"), source: src))
            }
        }
    }

    /// The in-app export's `tvtime-series-episodes.csv`: a watched episode.
    static func appEpisode(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        guard r.b("is_watched") == true || r.d("watched_at") != nil else { return c.ignore("episode not watched (nothing to import)") }
        guard let e = episode(showTVDB: r.i("series_tvdb_id"), showTitle: r.s("title", "series_name"), showIMDb: Values.imdbID(r.s("series_imdb_id")),
                              tvdb: r.i("tvdb_id", "episode_tvdb_id"), season: r.i("season", "season_number"), number: r.i("episode", "episode_number"),
                              special: r.b("special", "is_special"), src, c) else { return noSubject(t, row, src, c) }
        c.update(e) { $0.watches.append(WatchEvent(date: r.d("watched_at"), plays: 1 + max(0, r.i("rewatch_count") ?? 0), source: src)) }
    }

    /// The in-app export's `tvtime-lists.csv`: list memberships (the built-in LIKE list is the like button).
    static func appList(_ r: TVTimeRow) {
        let row = r.row, t = r.t, c = r.c, src = r.src
        let listName = r.s("list_name") ?? "List"
        let type = r.s("item_type")?.lowercased() ?? "series"
        let target = type.hasPrefix("movie")
            ? movie(tvdb: r.i("tvdb_id"), imdb: nil, uuid: r.s("uuid"), title: r.s("name"), year: nil, src, c)
            : show(tvdb: r.i("tvdb_id"), title: r.s("name"), src, c)
        guard let target else { return noSubject(t, row, src, c) }
        if listName.uppercased() == "LIKE" {
            // TV Time's built-in "LIKE" list is the like button, not a list the user made.
            c.update(target) { $0.marks.append(ForeignMark(.liked, count: r.i("custom_order"), source: src)) }
        } else {
            let key = c.addList(ForeignList(key: c.listKey(r.s("list_id") ?? listName), service: .tvtime, name: listName, source: src))
            c.update(target) { $0.lists.append(ListMembership(listKey: key, listName: listName, position: r.i("custom_order").map { $0 + 1 }, source: src)) }
        }
    }
}
