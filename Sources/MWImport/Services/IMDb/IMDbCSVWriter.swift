import Foundation
import MWCore
import MWFoundation


/// Writes a library as an IMDb-style list: one row per title with an IMDb ID, in the columns
/// IMDb's own list and ratings exports use, which Trakt, Letterboxd and others import. Titles
/// without an IMDb ID cannot be in such a list: each is reported and left out.
public enum IMDbCSVWriter {
    /// The columns written, in order.
    public static let columns = ["Const", "Title", "Title Type", "Year", "Your Rating", "Date Rated"]

    /// The rows (fields in ``columns`` order) for `library`, and a warning per title left out.
    public static func rows(_ library: Library, ratingFromLiked: Bool = false) -> (rows: [[String]], diagnostics: [Diagnostic]) {
        var rows: [[String]] = []
        var diagnostics: [Diagnostic] = []
        var rounded = 0
        for (i, t) in library.titles.enumerated() {
            guard let imdb = ServiceWriting.imdbID(t), !imdb.isEmpty else {
                diagnostics.append(ServiceCSV.warning(.writeNoIMDbID, "\(ServiceCSV.label(t)) has no IMDb ID; left out of the IMDb list" + (t.isStripped ? " (hydrate restores it)" : ""), title: i))
                continue
            }
            let points = t.ratings.map(RatingPoints.of)
            for (j, r) in t.ratings.enumerated() where points[j] == nil {
                diagnostics.append(ServiceCSV.warning(.writeRatingOffScale, "\(ServiceCSV.label(t)): rating \(ServiceCSV.number(r.value)) of \(ServiceCSV.number(r.scale)) (\(r.source)) is no whole point from 1 to 10; not written", title: i, "ratings", j))
            }
            // The newest 10-point rating (IMDb's own first), else the newest 5-star one × 2.
            let tenPoint = ServiceCSV.current(t.ratings, isCandidate: { $0.scale == 10 && RatingPoints.of($0) != nil }, isPreferred: { $0.source == ForeignService.imdb.rawValue })
            let chosen = tenPoint ?? ServiceCSV.current(t.ratings, isCandidate: { $0.scale == 5 && RatingPoints.of($0) != nil }, isPreferred: { _ in false })
            var rating = chosen.map { String(points[$0]!) } ?? ""
            if let k = chosen, ServiceWriting.isRounded(t.ratings[k]) { rounded += 1 }
            let rated = chosen.flatMap { t.ratings[$0].date }.map(ServiceCSV.day) ?? ""
            if chosen == nil, ratingFromLiked, let p = RatingPoints.liked[t.likedStatus] { rating = String(p) }
            rows.append([imdb, ServiceWriting.shownName(t), t.mediaType == .movie ? "movie" : t.mediaType == .tv ? "tvSeries" : t.mediaType.rawValue,
                         ServiceWriting.year(t).map(String.init) ?? "", rating, rated])
        }
        var dropped = [ServiceWriting.roundedKey: rounded]
        ServiceWriting.countTitles(library, &dropped)
        return (rows, diagnostics + ServiceWriting.dropped(dropped, format: "IMDb"))
    }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        let (rows, diagnostics) = rows(library, ratingFromLiked: output.options.switches.contains(.ratingFromLiked))
        try AtomicFile.write(try ServiceCSV.bytes(header: columns, rows: rows), to: output.url)
        return diagnostics
    }
}
