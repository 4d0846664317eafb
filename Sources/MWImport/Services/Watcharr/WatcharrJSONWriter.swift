import Foundation
import MWCore
import MWFoundation

/// Writes a library as the JSON Watcharr's importer reads (Import → Watcharr: the array its
/// own export writes, `server/watched.go`'s Watched). Per title: `status` (the title's watch
/// status in Watcharr's words — `FINISHED`, `WATCHING`, `PLANNED`, `HOLD`, `DROPPED`, the word
/// read from Watcharr given back; without one, `FINISHED` when watched, else `WATCHING` for a
/// show with episodes watched, `PLANNED` on the watchlist, or empty: an entry with a rating only), `rating` the current rating 0.5–10 in tenths (0:
/// unrated), `thoughts` the notes that came from Watcharr (they may be seen by others: no other
/// note goes there), `tags`, `content` with the embedded TMDb id (`tmdbId`, `title`, `type`
/// `movie`|`tv`, `release_date`, `imdb_id`), `activity` dating the status (`STATUS_CHANGED`,
/// the latest play) and the rating (`RATING_CHANGED`), and `watchedEpisodes` (`FINISHED` with
/// the latest play as `createdAt`, the episode's rating). What Watcharr cannot hold — plays
/// before the latest, lists other than the watchlist, the watchlist entry of a watched title,
/// liked status, earlier ratings, private notes — is reported with a count (`field-dropped`);
/// stripped records, which have no title for Watcharr's importer, are written by their TMDb id
/// and counted in one warning (`write-unidentified-title`).
public enum WatcharrJSONWriter {
    /// The array of entries for `library` and the warnings for what it leaves out.
    public static func entries(_ library: Library) -> (entries: [[String: Any]], diagnostics: [Diagnostic]) {
        var out: [[String: Any]] = [], diagnostics: [Diagnostic] = []
        var dropped: [String: Int] = [:]
        ServiceWriting.countUnnumbered(library, &dropped)
        let notes = Dictionary(grouping: library.notes, by: { "\($0.parentType.rawValue):\($0.parentId)" })
        let episodes = Dictionary(grouping: library.episodes, by: \.showId)
        let listed = ServiceWriting.watchlistDates(library, &dropped)
        let episodeIndex = Dictionary(library.episodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let tagIDs = Dictionary(uniqueKeysWithValues: Set(library.titles.flatMap(\.tags)).sorted().enumerated().map { ($1, $0 + 1) })
        let instant = ServiceWriting.instant
        var untitled = 0
        for (i, t) in library.titles.enumerated() {
            let n = i + 1
            // Watcharr's importer needs the title's name (`content.title`): a stripped record has
            // none. It is written by its TMDb id all the same (nothing of it is lost) and counted.
            // A placeholder name (an import that never learned it) is no name either: counted apart.
            let name = Values.text(ServiceWriting.name(t, placeholders: &dropped)) ?? ""
            if name.isEmpty, !ServiceWriting.isPlaceholder(t) { untitled += 1 }
            var activity: [[String: Any]] = []
            func act(_ type: String, _ date: Date?, _ data: String) {
                guard let date else { return }
                activity.append(["id": n * 10 + activity.count, "watchedId": n, "type": type, "data": data,
                                 "createdAt": instant(date), "updatedAt": instant(date), "deletedAt": NSNull()])
            }
            let eps = (episodes[t.id] ?? []).sorted { ($0.seasonNumber, $0.episodeNumber) < ($1.seasonNumber, $1.episodeNumber) }
            let plays = ServiceWriting.plays(t.viewings, watched: t.watched, watchedDate: t.watchedDate, sources: t.sources)
            var status: String
            if let s = t.watchStatus, let word = statusWord(s, word: t.watchStatusSource == WatcharrReader.service.name.rawValue ? t.watchStatusWord : nil) {
                // The user's own status, in Watcharr's word (the word read from Watcharr given back).
                status = word
                act("STATUS_CHANGED", t.watchStatusDate ?? (s == .completed ? plays.compactMap(\.date).max() : s == .planned ? listed[t.id] ?? nil : nil), word)
                dropped["plays before the latest (Watcharr holds one finish)", default: 0] += max(0, plays.count - (s == .completed ? 1 : 0))
                if listed[t.id] != nil, s != .planned { dropped["watchlist entries of titles with another status", default: 0] += 1 }
            } else if t.watched || !plays.isEmpty {
                status = "FINISHED"
                act("STATUS_CHANGED", plays.compactMap(\.date).max(), status)
                dropped["plays before the latest (Watcharr holds one finish)", default: 0] += max(0, plays.count - 1)
                if listed[t.id] != nil { dropped["watchlist entries of watched titles", default: 0] += 1 }
            } else if eps.contains(where: \.watched) {
                status = "WATCHING"
                if listed[t.id] != nil { dropped["watchlist entries of shows begun", default: 0] += 1 }
            } else if let added = listed[t.id] {
                status = "PLANNED"
                act("STATUS_CHANGED", added, status)
            } else {
                status = ""
            }
            var rating: Any = 0
            if let k = ServiceWriting.current(t.ratings, service: WatcharrReader.service.name, fits: { (ServiceWriting.tenths($0) ?? 0) > 0 }) {
                let v = ServiceWriting.tenths(t.ratings[k])!
                rating = ServiceWriting.jsonNumber(v)
                act("RATING_CHANGED", t.ratings[k].date, ServiceCSV.number(v))
                dropped["ratings other than the current one", default: 0] += t.ratings.filter { !ServiceWriting.isSeasonRating($0) && (ServiceWriting.tenths($0) ?? 0) > 0 }.count - 1
            } else if t.likedStatus != 0 {
                dropped["liked status without a rating", default: 0] += 1
            }
            // Season ratings are counted below: Watcharr has no place for them at all.
            diagnostics += ServiceWriting.offScale(t.ratings, of: ServiceCSV.label(t), at: ["titles", i],
                                                   scale: "0.1–10 in tenths") { ServiceWriting.isSeasonRating($0) || (ServiceWriting.tenths($0) ?? 0) > 0 }
            let seasonRatings = t.ratings.filter(ServiceWriting.isSeasonRating).count
            if seasonRatings > 0 { dropped["season ratings", default: 0] += seasonRatings }
            let own = (notes["title:\(t.id)"] ?? []).filter { ServiceWriting.isOwn($0, of: WatcharrReader.service.name) }
            let privateNotes = (notes["title:\(t.id)"]?.count ?? 0) - own.count
            if privateNotes > 0 { dropped["notes not from Watcharr (its thoughts can be seen by others)", default: 0] += privateNotes }
            var content: [String: Any] = ["id": n, "tmdbId": t.tmdbId, "title": name, "type": t.mediaType == .movie ? "movie" : "tv"]
            if let m = t.metadata {
                if let d = m.releaseDate ?? m.firstAirDate { content["release_date"] = ServiceCSV.day(d) + "T00:00:00Z" }
                if let id = m.imdbId { content["imdb_id"] = id }
                if let p = m.posterPath { content["poster_path"] = p }
                if let o = m.overview { content["overview"] = o }
            }
            if content["imdb_id"] == nil, let id = ServiceWriting.imdbID(t) { content["imdb_id"] = id }
            var e: [String: Any] = ["id": n, "createdAt": instant(t.dateAdded), "updatedAt": instant(t.dateModified ?? t.dateAdded),
                                    "deletedAt": NSNull(), "status": status, "rating": rating,
                                    "thoughts": own.map(\.text).joined(separator: "\n\n"), "pinned": false, "content": content,
                                    "activity": activity.sorted { ($0["createdAt"] as! String, $0["id"] as! Int) < ($1["createdAt"] as! String, $1["id"] as! Int) }]
            if !t.tags.isEmpty { e["tags"] = t.tags.map { ["id": tagIDs[$0]!, "name": $0] as [String: Any] } }
            var watchedEpisodes: [[String: Any]] = []
            for ep in eps {
                let plays = ServiceWriting.plays(ep.viewings, watched: ep.watched, watchedDate: ep.watchedDate, sources: ep.sources)
                let k = ServiceWriting.current(ep.ratings, service: WatcharrReader.service.name) { (ServiceWriting.tenths($0) ?? 0) > 0 }
                diagnostics += ServiceWriting.offScale(ep.ratings, of: ServiceWriting.label(ep, of: t), at: ["episodes", episodeIndex[ep.id] ?? 0],
                                                       scale: "0.1–10 in tenths") { (ServiceWriting.tenths($0) ?? 0) > 0 }
                guard !plays.isEmpty || k != nil else { continue }
                var w: [String: Any] = ["id": n * 10_000 + watchedEpisodes.count, "watchedId": n, "seasonNumber": ep.seasonNumber,
                                        "episodeNumber": ep.episodeNumber, "status": plays.isEmpty ? "" : "FINISHED",
                                        "rating": k.map { ServiceWriting.jsonNumber(ServiceWriting.tenths(ep.ratings[$0])!) } ?? 0]
                // createdAt dates the play (the reader's watch date); an undated play has none.
                if let d = plays.compactMap(\.date).max() ?? (plays.isEmpty ? ep.ratings[k!].date : nil) { w["createdAt"] = instant(d) }
                dropped["plays before the latest (Watcharr holds one finish)", default: 0] += max(0, plays.count - 1)
                dropped["ratings other than the current one", default: 0] += ep.ratings.filter { (ServiceWriting.tenths($0) ?? 0) > 0 }.count - (k == nil ? 0 : 1)
                watchedEpisodes.append(w)
            }
            if !watchedEpisodes.isEmpty { e["watchedEpisodes"] = watchedEpisodes }
            let episodeNotes = eps.reduce(0) { $0 + (notes["episode:\($1.id)"]?.count ?? 0) }
            if episodeNotes > 0 { dropped["notes on episodes", default: 0] += episodeNotes }
            out.append(e)
        }
        if untitled > 0 {
            diagnostics.append(.warning(.writeUnidentifiedTitle, "\(untitled) stripped record(s) written by their TMDb id without the title Watcharr's importer needs (content.title); hydrate them first", pointer: "/titles"))
        }
        return (out, diagnostics + ServiceWriting.dropped(dropped, format: "Watcharr"))
    }

    /// Watcharr's word for a watch status: `word` when it is Watcharr's (as read from it), else
    /// Watcharr's word for the status.
    static func statusWord(_ status: WatchStatus, word: String?) -> String? {
        if let word, WatcharrReader.watchStatus(word.uppercased()) == status { return word }
        return ["completed": "FINISHED", "watching": "WATCHING", "planned": "PLANNED", "paused": "HOLD", "dropped": "DROPPED"][status.rawValue]
    }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        let (entries, diagnostics) = entries(library)
        try AtomicFile.write(try ServiceWriting.json(entries), to: output.url)
        return diagnostics
    }
}
