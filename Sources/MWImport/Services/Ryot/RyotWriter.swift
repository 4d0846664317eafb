import Foundation
import MWCore
import MWFoundation

/// Writes a library as Ryot's `CompleteExport` in the current key generation, which Ryot's
/// "Generic Json" importer reads (docs/IMPORT.md "Ryot"): one object with `metadata`, one item
/// per title (`lot` `movie` or `show`, `source` `tmdb`, `identifier` its TMDb id, `source_id`
/// its name), each with the three arrays the importer requires: `seen_history` (one completed
/// entry per viewing, `ended_on` its instant; a show's per episode viewing, with
/// `show_season_number`/`show_episode_number`), `reviews` (every kept rating on 0–100, a season
/// or episode rating with its numbers, with the text of a note of the same moment; the other
/// notes as reviews of their own; every text private) and `collections`
/// (every list the title is in, the watchlist as `Watchlist`, by name, with its rank). A
/// title's watch status is a collection (`Watchlist`, `In Progress`, `Completed`) or a seen
/// entry's `state` (`in_progress`, `on_a_hold`, `dropped`, dated), as read from Ryot. What
/// Ryot cannot hold — tags, liked status without a rating, list descriptions and entry notes,
/// a show's viewings without episodes, a show marked watched without any — is reported with a
/// count (`field-dropped`). Keys sorted, so the same library gives the same bytes.
public enum RyotWriter {
    /// The export object for `library` and the warnings for what it leaves out.
    public static func export(_ library: Library) -> (object: [String: Any], diagnostics: [Diagnostic]) {
        var dropped: [String: Int] = [:]
        ServiceWriting.countUnnumbered(library, &dropped)
        let notes = Dictionary(grouping: library.notes, by: \.parentId)
        let episodes = Dictionary(grouping: library.episodes, by: \.showId)
        var memberships: [String: [(MediaList, ListItem)]] = [:]
        for l in library.lists {
            if l.listDescription != nil { dropped["list descriptions", default: 0] += 1 }
            for item in l.items {
                memberships[item.titleId, default: []].append((l, item))
                if item.note != nil { dropped["list entry notes", default: 0] += 1 }
            }
        }
        let titleIDs = Set(library.titles.map(\.id)).union(library.episodes.map(\.id))
        dropped["notes on lists or unknown records", default: 0] += library.notes.filter { !titleIDs.contains($0.parentId) }.count
        var items: [[String: Any]] = []
        for t in library.titles {
            let isShow = t.mediaType != .movie
            var seen: [[String: Any]] = []
            var reviews: [[String: Any]] = []
            if !isShow {
                let plays = ServiceWriting.plays(t.viewings, watched: t.watched, watchedDate: t.watchedDate, sources: t.sources)
                seen += plays.map { completed($0.watchedDate) }
            } else {
                if !t.viewings.isEmpty { dropped["show viewings without episodes", default: 0] += 1 }
                if t.watched && t.viewings.isEmpty && (episodes[t.id] ?? []).isEmpty { dropped["shows marked watched without episodes", default: 0] += 1 }
            }
            reviews += self.reviews(t.ratings, notes[t.id] ?? [], season: nil, episode: nil)
            for e in (episodes[t.id] ?? []).sorted(by: { ($0.seasonNumber, $0.episodeNumber) < ($1.seasonNumber, $1.episodeNumber) }) {
                let plays = ServiceWriting.plays(e.viewings, watched: e.watched, watchedDate: e.watchedDate, sources: e.sources)
                for v in plays {
                    var s = completed(v.watchedDate)
                    s["show_season_number"] = e.seasonNumber
                    s["show_episode_number"] = e.episodeNumber
                    seen.append(s)
                }
                reviews += self.reviews(e.ratings, notes[e.id] ?? [], season: e.seasonNumber, episode: e.episodeNumber)
            }
            var collections: [[String: Any]] = []
            for (l, item) in memberships[t.id] ?? [] {
                let name = Watchlist.contains(l) ? "Watchlist" : l.name
                let when = instant(item.dateAdded ?? l.dateCreated ?? t.dateAdded)
                collections.append(["collection_id": l.id, "collection_name": name, "created_on": when, "last_updated_on": when,
                                    "creator_user_id": "", "rank": String(item.orderIndex + 1)])
            }
            if let status = t.watchStatus {
                // A status is one of Ryot's collections or the state of a seen entry, as Ryot keeps it.
                let when = t.watchStatusDate.map(instant)
                switch place(status, word: t.watchStatusSource == RyotReader.service.name.rawValue ? t.watchStatusWord : nil) {
                case .collection(let name):
                    if !collections.contains(where: { ($0["collection_name"] as? String)?.lowercased() == name.lowercased() }) {
                        let on = when ?? instant(t.dateAdded)
                        collections.append(["collection_id": "status-" + name.lowercased().replacingOccurrences(of: " ", with: "-"), "collection_name": name,
                                            "created_on": on, "last_updated_on": on, "creator_user_id": ""])
                    }
                case .state(let state):
                    var entry: [String: Any] = ["state": state]
                    if let when { entry[state == "dropped" ? "ended_on" : "started_on"] = when }
                    seen.append(entry)
                }
            }
            if !t.tags.isEmpty { dropped["tags", default: 0] += 1 }
            if t.likedStatus != 0 && t.ratings.isEmpty { dropped["liked status without a rating", default: 0] += 1 }
            items.append(["lot": isShow ? "show" : "movie", "source": "tmdb", "identifier": String(t.tmdbId),
                          "source_id": ServiceWriting.name(t, placeholders: &dropped), "seen_history": seen, "reviews": reviews, "collections": collections])
        }
        var diagnostics: [Diagnostic] = []
        for (what, n) in dropped.sorted(by: { $0.key < $1.key }) where n > 0 {
            diagnostics.append(.warning(.fieldDropped, "Ryot cannot hold \(what): dropped from \(n) record(s)"))
        }
        return (["metadata": items], diagnostics)
    }

    /// Where Ryot keeps a watch status: a collection (`Watchlist`, `In Progress`, `Completed`)
    /// or the `state` of a seen entry (`in_progress`, `on_a_hold`, `dropped`).
    enum StatusPlace: Equatable { case collection(String), state(String) }

    /// The place of `status`: the word read from Ryot given back where it is Ryot's word for
    /// it; else planned the Watchlist, completed the Completed collection, the others a seen
    /// entry's state.
    static func place(_ status: WatchStatus, word: String?) -> StatusPlace {
        if let word {
            if RyotReader.collectionStatus(word) == status { return .collection(word) }
            if RyotReader.seenStatus(word) == status { return .state(word) }
        }
        switch status {
        case .planned: return .collection("Watchlist")
        case .completed: return .collection("Completed")
        case .paused: return .state("on_a_hold")
        case .dropped: return .state("dropped")
        default: return .state("in_progress")
        }
    }

    /// The reviews of a record: each kept rating, with the text of a note written at the same
    /// moment (how a Ryot review with a rating and a text comes back from an import), then the
    /// other notes on their own. A season rating kept on its show (`trakt:season:2`) goes back
    /// on its season.
    static func reviews(_ ratings: [OriginalRating], _ notes: [Note], season: Int?, episode: Int?) -> [[String: Any]] {
        var out: [[String: Any]] = []
        var unused = notes
        for r in ratings {
            let ownSeason = episode == nil ? r.source.range(of: ":season:").flatMap { Int(r.source[$0.upperBound...]) } : season
            var o = rating(r, season: ownSeason ?? season, episode: episode)
            if let d = r.date, let k = unused.firstIndex(where: { $0.dateCreated == d }) {
                o["review"] = review(unused.remove(at: k), season: nil, episode: nil)["review"]
            }
            out.append(o)
        }
        return out + unused.map { review($0, season: season, episode: episode) }
    }

    /// A completed seen entry at `date` (a day's viewing at its 11:00 UTC: ``Viewing/watchedDate``);
    /// an undated viewing has no `ended_on`. No provider is named, so
    /// Ryot records its own import as the provider.
    static func completed(_ date: Date?) -> [String: Any] {
        var s: [String: Any] = ["progress": "100", "state": "completed"]
        if let date { s["ended_on"] = instant(date) }
        return s
    }

    /// A kept rating as a review: points out of 100 (4.5 of 5 → 90), its date as the review's.
    static func rating(_ r: OriginalRating, season: Int?, episode: Int?) -> [String: Any] {
        var o: [String: Any] = ["rating": ServiceCSV.number((r.value * 100 / r.scale * 1000).rounded() / 1000)]
        // A day (Letterboxd, IMDb) as its 11:00 UTC, which every zone from UTC−11 to UTC+12 shows as that day.
        if let d = r.date { o["review"] = ["date": instant(r.datePrecision == .day ? DayDate.instant(ofDay: d) : d), "visibility": "private"] }
        if let season { o["show_season_number"] = season }
        if let episode { o["show_episode_number"] = episode }
        return o
    }

    /// A note as a review of its own, always private: MediaWatch notes are the owner's.
    static func review(_ n: Note, season: Int?, episode: Int?) -> [String: Any] {
        var o: [String: Any] = ["review": ["text": n.text, "date": instant(n.dateCreated), "visibility": "private", "spoiler": false]]
        if let season { o["show_season_number"] = season }
        if let episode { o["show_episode_number"] = episode }
        return o
    }

    static func instant(_ d: Date) -> String { DateCoding.formatRFC3339(d) }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        let (object, diagnostics) = export(library)
        var data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        data.append(0x0A)
        try AtomicFile.write([UInt8](data), to: output.url)
        return diagnostics
    }
}
