import Foundation
import MWCore
import MWFoundation

/// Writes a library as the CSV the Trakt web importer reads (Settings → Import → CSV;
/// trakt-web `TraktCsvParser`): ids first (`tmdb_id`, `imdb_id`, `tvdb_id`), `type`
/// (`movie`, `show`, `episode` with `season` and `episode` under the show's ids), `title`,
/// `year`, then one row per history item (`watched_at`, `unknown` for an undated play),
/// rating (`rating` 1–10, `rated_at`) and watchlist item (`watchlisted_at`), each with its
/// `action` so Trakt never reads one row as two. What Trakt's CSV cannot hold — notes and
/// reviews, tags, lists other than the watchlist, liked status without a rating — is reported
/// with a count (`field-dropped`), never dropped in silence.
public enum TraktCSVWriter {
    /// The columns written, in order.
    public static let columns = ["tmdb_id", "imdb_id", "tvdb_id", "type", "title", "year", "season", "episode",
                                 "watched_at", "watchlisted_at", "rating", "rated_at", "action"]

    /// The rows for `library` and the warnings for what they leave out.
    public static func rows(_ library: Library, ratingFromLiked: Bool = false) -> (rows: [[String]], diagnostics: [Diagnostic]) {
        var rows: [[String]] = [], diagnostics: [Diagnostic] = []
        var dropped: [String: Int] = [:]
        let titles = Dictionary(library.titles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func ids(_ t: Title) -> [String] { [String(t.tmdbId), ServiceWriting.imdbID(t) ?? "", ServiceID.id("tvdb", in: t.serviceIds) ?? ""] }
        func name(_ t: Title) -> [String] { [ServiceWriting.shownName(t), ServiceWriting.year(t).map(String.init) ?? ""] }
        ServiceWriting.countTitles(library, &dropped)
        for (i, t) in library.titles.enumerated() {
            let type = t.mediaType == .movie ? "movie" : "show"
            // History: every viewing; a title watched without one gets one row, dated when it can be.
            let plays = ServiceWriting.plays(t.viewings, watched: t.watched, watchedDate: t.watchedDate, sources: t.sources)
            for v in plays where t.mediaType == .movie {
                rows.append(ids(t) + [type] + name(t) + ["", "", v.date.map(instant) ?? "unknown", "", "", "", "history"])
            }
            if t.mediaType != .movie && !plays.isEmpty && !library.episodes.contains(where: { $0.showId == t.id }) {
                dropped["show viewings without episodes", default: 0] += 1
            }
            // The newest kept rating, as whole points 1–10.
            if let k = ServiceCSV.current(t.ratings, isCandidate: { RatingPoints.of($0) != nil }, isPreferred: { $0.source == ForeignService.trakt.rawValue }) {
                let r = t.ratings[k]
                if ServiceWriting.isRounded(r) { dropped[ServiceWriting.roundedKey, default: 0] += 1 }
                rows.append(ids(t) + [type] + name(t) + ["", "", "", "", String(RatingPoints.of(r)!), r.date.map(instant) ?? "", "rating"])
            } else if ratingFromLiked, let p = RatingPoints.liked[t.likedStatus] {
                rows.append(ids(t) + [type] + name(t) + ["", "", "", "", String(p), "", "rating"])
            } else if t.likedStatus != 0 {
                dropped["liked status without a rating", default: 0] += 1
            }
            for (j, r) in t.ratings.enumerated() where RatingPoints.of(r) == nil {
                diagnostics.append(ServiceCSV.warning(.writeRatingOffScale, "\(ServiceCSV.label(t)): rating \(ServiceCSV.number(r.value)) of \(ServiceCSV.number(r.scale)) (\(r.source)) is no whole point from 1 to 10; not written", title: i, "ratings", j))
            }
            if !t.tags.isEmpty { dropped["tags", default: 0] += 1 }
        }
        for e in library.episodes {
            guard let show = titles[e.showId] else { continue }
            let plays = ServiceWriting.plays(e.viewings, watched: e.watched, watchedDate: e.watchedDate, sources: e.sources)
            for v in plays {
                rows.append(ids(show) + ["episode"] + name(show) + [String(e.seasonNumber), String(e.episodeNumber), v.date.map(instant) ?? "unknown", "", "", "", "history"])
            }
            if let k = ServiceCSV.current(e.ratings, isCandidate: { RatingPoints.of($0) != nil }, isPreferred: { $0.source == ForeignService.trakt.rawValue }) {
                let r = e.ratings[k]
                if ServiceWriting.isRounded(r) { dropped[ServiceWriting.roundedKey, default: 0] += 1 }
                rows.append(ids(show) + ["episode"] + name(show) + [String(e.seasonNumber), String(e.episodeNumber), "", "", String(RatingPoints.of(r)!), r.date.map(instant) ?? "", "rating"])
            }
        }
        for l in ServiceWriting.watchlists(library, &dropped) {
            for item in l.items.sorted(by: { $0.orderIndex < $1.orderIndex }) {
                guard let t = titles[item.titleId] else { continue }
                rows.append(ids(t) + [t.mediaType == .movie ? "movie" : "show"] + name(t) + ["", "", "", item.dateAdded.map(instant) ?? "", "", "", "watchlist"])
            }
        }
        if !library.notes.isEmpty { dropped["notes and reviews", default: 0] += library.notes.count }
        for (what, n) in dropped.sorted(by: { $0.key < $1.key }) where n > 0 {
            diagnostics.append(.warning(.fieldDropped, "Trakt's CSV cannot hold \(what): dropped from \(n) record(s)"))
        }
        return (rows, diagnostics)
    }

    static func instant(_ d: Date) -> String { DateCoding.formatRFC3339(d) }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        let (rows, diagnostics) = rows(library, ratingFromLiked: output.options.switches.contains(.ratingFromLiked))
        try AtomicFile.write(try ServiceCSV.bytes(header: columns, rows: rows), to: output.url)
        return diagnostics
    }
}
