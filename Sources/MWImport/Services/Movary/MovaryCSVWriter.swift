import Foundation
import MWCore
import MWFoundation

/// Writes a library as what Movary's importer reads (Settings → Account → Import): a folder of
/// `history.csv` (`title,year,tmdbId,imdbId,watchedAt,comment`, one row per play, `watchedAt` a
/// day or empty for a play without a date), `ratings.csv` (`title,year,tmdbId,imdbId,userRating`,
/// a whole 1–10) and `watchlist.csv` (`title,year,tmdbId,imdbId,addedAt`). Movary holds films
/// only. Its comment column carries the notes imported from Movary itself (another note may be
/// private: it is not written). What Movary cannot hold — TV titles and their episodes, other
/// notes, tags, other lists, ratings that are no whole point, liked status — is reported with a
/// count (`field-dropped`, `write-rating-off-scale`). Files are PHP `fputcsv`'s shape: LF,
/// quoted only when needed.
public enum MovaryCSVWriter {
    public static let history = ["title", "year", "tmdbId", "imdbId", "watchedAt", "comment"]
    public static let ratings = ["title", "year", "tmdbId", "imdbId", "userRating"]
    public static let watchlist = ["title", "year", "tmdbId", "imdbId", "addedAt"]
    static let names = ["history.csv", "ratings.csv", "watchlist.csv"]

    /// The three files' rows and the warnings for what they leave out.
    public static func files(_ library: Library) -> (history: [[String]], ratings: [[String]], watchlist: [[String]], diagnostics: [Diagnostic]) {
        var h: [[String]] = [], r: [[String]] = [], w: [[String]] = [], diagnostics: [Diagnostic] = []
        var dropped: [String: Int] = [:]
        let notes = Dictionary(grouping: library.notes.filter { $0.parentType == .title }, by: \.parentId)
        let titles = Dictionary(library.titles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func head(_ t: Title) -> [String] {
            [ServiceWriting.shownName(t), ServiceWriting.year(t).map(String.init) ?? "", String(t.tmdbId), ServiceWriting.imdbID(t) ?? ""]
        }
        ServiceWriting.countTitles(library, &dropped)
        for (i, t) in library.titles.enumerated() {
            guard t.mediaType == .movie else { dropped["TV titles (Movary holds films)", default: 0] += 1; continue }
            let own = (notes[t.id] ?? []).filter { $0.sources.contains { $0.service == MovaryReader.service.name.rawValue } }
            dropped["notes not from Movary", default: 0] += (notes[t.id]?.count ?? 0) - own.count
            let plays = ServiceWriting.plays(t.viewings, watched: t.watched, watchedDate: t.watchedDate, sources: t.sources, precision: .day)
            for (k, v) in plays.enumerated() {
                h.append(head(t) + [v.date.map(ServiceCSV.day) ?? "", k == 0 ? own.map(\.text).joined(separator: "\n\n") : ""])
            }
            if plays.isEmpty && !own.isEmpty { dropped["notes of titles never watched", default: 0] += own.count }
            if let k = ServiceCSV.current(t.ratings, isCandidate: { RatingPoints.of($0) != nil }, isPreferred: { $0.source == MovaryReader.service.name.rawValue }) {
                if ServiceWriting.isRounded(t.ratings[k]) { dropped[ServiceWriting.roundedKey, default: 0] += 1 }
                r.append(head(t) + [String(RatingPoints.of(t.ratings[k])!)])
            }
            for (j, rating) in t.ratings.enumerated() where RatingPoints.of(rating) == nil {
                diagnostics.append(ServiceCSV.warning(.writeRatingOffScale, "\(ServiceCSV.label(t)): rating \(ServiceCSV.number(rating.value)) of \(ServiceCSV.number(rating.scale)) (\(rating.source)) is no whole point from 1 to 10; not written", title: i, "ratings", j))
            }
            if !t.tags.isEmpty { dropped["tags", default: 0] += 1 }
            if t.likedStatus != 0 && t.ratings.isEmpty { dropped["liked status without a rating", default: 0] += 1 }
        }
        for l in ServiceWriting.watchlists(library, &dropped) {
            for item in l.items.sorted(by: { $0.orderIndex < $1.orderIndex }) {
                guard let t = titles[item.titleId], t.mediaType == .movie else { continue }
                w.append(head(t) + [item.dateAdded.map { DateCoding.formatRFC3339($0).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "") } ?? ""])
            }
        }
        if !library.episodes.isEmpty { dropped["episodes", default: 0] += library.episodes.count }
        for (what, n) in dropped.sorted(by: { $0.key < $1.key }) where n > 0 {
            diagnostics.append(.warning(.fieldDropped, "Movary cannot hold \(what): dropped from \(n) record(s)"))
        }
        return (h, r, w, diagnostics)
    }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        guard let url = output.url else { throw MWError.usage("movary writes a folder of three files (history.csv, ratings.csv, watchlist.csv); give -o FOLDER") }
        let f = files(library)
        try AtomicDirectory.write([
            (names[0], try CSVText.bytes(header: history, rows: f.history, newline: .lf)),
            (names[1], try CSVText.bytes(header: ratings, rows: f.ratings, newline: .lf)),
            (names[2], try CSVText.bytes(header: watchlist, rows: f.watchlist, newline: .lf)),
        ], to: url, replaceable: { Set($0).isSubset(of: names) })
        return f.diagnostics
    }
}
