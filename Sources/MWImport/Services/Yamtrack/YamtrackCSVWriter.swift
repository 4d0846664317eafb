import Foundation
import MWCore
import MWFoundation

/// Writes a library as the CSV Yamtrack's importer reads (Settings → Import → Yamtrack; the
/// current header generation, as Yamtrack's own export writes it: every field quoted, CRLF).
/// One row per tracked object: a `movie` row per play (`Completed`, `end_date` the play's day
/// or instant; since 2025 a rewatch is one more row), a `Planning` row for a watchlist entry
/// (`created_at` when it was added), a `tv` row per show, a `season` row per season that has
/// episodes (its parent; `In progress`, so that it marks nothing watched) and an `episode` row
/// per episode play under its show's `media_id` and `title` (a watched show whose status is
/// another, e.g. `In progress`: its fully watched seasons `Completed`). `score` is the current rating
/// 0–10 with one decimal (on the first row of a record), `notes` the record's notes (Yamtrack
/// is the user's own tracker: no one else reads them). What Yamtrack cannot hold — tags, liked
/// status, lists other than the watchlist, earlier ratings, a show's own viewings, ratings of
/// episodes never watched — is reported with a count (`field-dropped`). A title's watch status
/// is its row's `status` in Yamtrack's words (the word read from Yamtrack given back), its date
/// the row's `progressed_at`; a title known only by a placeholder name has an empty `title`.
public enum YamtrackCSVWriter {
    /// The columns of Yamtrack's export since 2025, in its order.
    public static let columns = ["media_id", "source", "media_type", "title", "image", "season_number", "episode_number",
                                 "score", "status", "notes", "start_date", "end_date", "progress", "created_at", "progressed_at"]

    /// The rows for `library` and the warnings for what they leave out.
    public static func rows(_ library: Library) -> (rows: [[String]], diagnostics: [Diagnostic]) {
        var rows: [[String]] = [], diagnostics: [Diagnostic] = []
        var dropped: [String: Int] = [:]
        ServiceWriting.countUnnumbered(library, &dropped)
        let notes = Dictionary(grouping: library.notes, by: { "\($0.parentType.rawValue):\($0.parentId)" })
        let episodes = Dictionary(grouping: library.episodes, by: \.showId)
        let listed = ServiceWriting.watchlistDates(library, &dropped)
        func when(_ v: Viewing) -> String {
            guard let d = v.date else { return "" }
            return v.precision == .day ? ServiceCSV.day(d) : ServiceWriting.pythonSeconds(d)
        }
        func text(_ kind: NoteParentType, _ id: String) -> String {
            (notes["\(kind.rawValue):\(id)"] ?? []).map(\.text).joined(separator: "\n\n")
        }
        /// The score of a record: its current rating in tenths. A rating off that scale is
        /// reported; the record's other ratings (and a season's older ones) are counted.
        func score(_ ratings: [OriginalRating], of label: String, at path: [Any]) -> String {
            let k = ServiceWriting.current(ratings, service: YamtrackReader.service.name) { ServiceWriting.tenths($0) != nil }
            diagnostics += ServiceWriting.offScale(ratings, of: label, at: path, scale: "0–10 in tenths") { ServiceWriting.tenths($0) != nil }
            let fitting = ratings.filter { ServiceWriting.tenths($0) != nil }
            let seasons = Set(fitting.compactMap(ServiceWriting.seasonOf)).count
            dropped["ratings other than the current one", default: 0] += fitting.count - seasons - (k == nil ? 0 : 1)
            if k != nil, ratings.contains(where: { $0.date != nil }) { dropped["rating dates", default: 0] += 1 }
            return k.map { String(format: "%.1f", ServiceWriting.tenths(ratings[$0])!) } ?? ""
        }
        let episodeIndex = Dictionary(library.episodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (i, t) in library.titles.enumerated() {
            let m = t.metadata
            // A placeholder name is no title: the row names it by its TMDb id alone.
            let name = ServiceWriting.name(t, placeholders: &dropped)
            let image = m?.posterPath.map { $0.hasPrefix("/") ? "https://image.tmdb.org/t/p/w500" + $0 : $0 } ?? ""
            let added = ServiceWriting.pythonSeconds(t.dateAdded)
            func row(_ type: String, season: Int? = nil, episode: Int? = nil, score: String = "", status: String, notes: String = "",
                     end: String = "", progress: String = "", created: String? = nil, progressed: String? = nil) -> [String] {
                [String(t.tmdbId), "tmdb", type, name, image, season.map(String.init) ?? "", episode.map(String.init) ?? "",
                 score, status, notes, "", end, progress, created ?? added, progressed ?? end]
            }
            // The title's watch status in Yamtrack's words (its own word back when read from it);
            // its date as the row's last progress.
            let own = t.watchStatus.flatMap { statusWord($0, word: t.watchStatusSource == YamtrackReader.service.name.rawValue ? t.watchStatusWord : nil) }
            let statusDate = t.watchStatusDate.map(ServiceWriting.pythonSeconds)
            let titleScore = score(t.ratings, of: ServiceCSV.label(t), at: ["titles", i]), titleNotes = text(.title, t.id)
            if !t.tags.isEmpty { dropped["tags", default: 0] += 1 }
            if t.likedStatus != 0 && titleScore.isEmpty { dropped["liked status without a rating", default: 0] += 1 }
            let watchlisted = listed[t.id]
            if t.mediaType == .movie {
                let plays = ServiceWriting.plays(t.viewings, watched: t.watched, watchedDate: t.watchedDate, sources: t.sources)
                for (k, v) in plays.enumerated() {
                    rows.append(row("movie", score: k == 0 ? titleScore : "", status: "Completed", notes: k == 0 ? titleNotes : "", end: when(v), progress: "1"))
                }
                if let s = t.watchStatus, let own, s != .planned, s != .completed || plays.isEmpty {
                    // Begun, on hold or given up (after the plays: a rewatch in that state), or
                    // completed without a play: the status's own row, dated by its last progress.
                    rows.append(row("movie", score: plays.isEmpty ? titleScore : "", status: own, notes: plays.isEmpty ? titleNotes : "",
                                    progress: s == .completed ? "1" : "0", progressed: statusDate))
                    if watchlisted != nil { dropped["watchlist entries of titles with another status", default: 0] += 1 }
                } else if watchlisted != nil || t.watchStatus == .planned {
                    let listedOn = watchlisted.flatMap { $0 }
                    rows.append(row("movie", score: plays.isEmpty ? titleScore : "", status: t.watchStatus == .planned ? own ?? "Planning" : "Planning",
                                    notes: plays.isEmpty ? titleNotes : "", progress: "0", created: listedOn.map(ServiceWriting.pythonSeconds) ?? added))
                } else if plays.isEmpty {
                    rows.append(row("movie", score: titleScore, status: "Paused", notes: titleNotes, progress: "0"))
                }
                continue
            }
            // A show: its row, then each season with episodes (their parent row), then its episodes.
            let eps = (episodes[t.id] ?? []).sorted { ($0.seasonNumber, $0.episodeNumber) < ($1.seasonNumber, $1.episodeNumber) }
            let status = own ?? (t.watched ? "Completed" : watchlisted != nil && !eps.contains(where: \.watched) ? "Planning" : "In progress")
            let planning = t.watchStatus.map { $0 == .planned } ?? (status == "Planning")
            let end = t.watched && [nil, .completed].contains(t.watchStatus) ? ((t.viewings.isEmpty ? ServiceWriting.playDate(t.watchedDate, sources: t.sources) : t.watchedDate).map(ServiceWriting.pythonSeconds) ?? "") : ""
            rows.append(row("tv", score: titleScore, status: status, notes: titleNotes, end: end,
                            created: planning ? watchlisted.flatMap { $0 }.map(ServiceWriting.pythonSeconds) ?? added : added,
                            progressed: [nil, .completed, .planned].contains(t.watchStatus) ? nil : statusDate))
            if !planning, watchlisted != nil { dropped["watchlist entries of shows begun or watched", default: 0] += 1 }
            dropped["a show's own viewings (Yamtrack holds a show's completion; its episodes hold the plays)", default: 0] += t.viewings.count
            var seasonScores: [Int: String] = [:]
            for r in t.ratings.filter(ServiceWriting.isSeasonRating).sorted(by: { ($0.date ?? .distantPast) < ($1.date ?? .distantPast) }) {
                if let v = ServiceWriting.tenths(r) { seasonScores[ServiceWriting.seasonOf(r)!] = String(format: "%.1f", v) }
            }
            let seasons = Set(eps.map(\.seasonNumber)).union(seasonScores.keys).sorted()
            // A watched show whose own status is another (a season completed, the show in
            // progress): its fully watched seasons say `Completed`, which keeps it watched.
            let otherStatus = t.watched && ![nil, .completed].contains(t.watchStatus)
            let done = Set(seasons.filter { s in otherStatus && eps.contains { $0.seasonNumber == s } && eps.allSatisfy { $0.seasonNumber != s || $0.watched } })
            if otherStatus && done.isEmpty { dropped["the watched state of shows with another status and no season watched", default: 0] += 1 }
            for s in seasons {
                rows.append(row("season", season: s, score: seasonScores[s] ?? "", status: done.contains(s) ? "Completed" : "In progress"))
                for e in eps where e.seasonNumber == s {
                    let plays = ServiceWriting.plays(e.viewings, watched: e.watched, watchedDate: e.watchedDate, sources: e.sources)
                    let epScore = score(e.ratings, of: ServiceWriting.label(e, of: t), at: ["episodes", episodeIndex[e.id] ?? 0])
                    let epNotes = text(.episode, e.id)
                    if plays.isEmpty {
                        if !epScore.isEmpty { dropped["ratings of episodes never watched", default: 0] += 1 }
                        if !epNotes.isEmpty { dropped["notes of episodes never watched", default: 0] += 1 }
                    }
                    for (n, v) in plays.enumerated() {
                        rows.append(row("episode", season: s, episode: e.episodeNumber, score: n == 0 ? epScore : "", status: "Completed",
                                        notes: n == 0 ? epNotes : "", end: when(v)))
                    }
                }
            }
        }
        return (rows, diagnostics + ServiceWriting.dropped(dropped, format: "Yamtrack"))
    }

    /// Yamtrack's word for a watch status: `word` when it is one of Yamtrack's (as read from
    /// it), else Yamtrack's word for the status.
    static func statusWord(_ status: WatchStatus, word: String?) -> String? {
        if let word, YamtrackReader.watchStatus(word) == status { return word }
        return ["completed": "Completed", "watching": "In progress", "planned": "Planning", "paused": "Paused", "dropped": "Dropped"][status.rawValue]
    }

    /// Yamtrack's own CSV shape (Python `csv.writer(quoting=QUOTE_ALL)`): every field quoted,
    /// quotes doubled, CRLF after every row; UTF-8 without a byte order mark.
    static func bytes(_ rows: [[String]]) -> [UInt8] {
        var out = ""
        for r in [columns] + rows {
            out += r.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") + "\r\n"
        }
        return Array(out.utf8)
    }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        let (rows, diagnostics) = rows(library)
        try AtomicFile.write(bytes(rows), to: output.url)
        return diagnostics
    }
}
