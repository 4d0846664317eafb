import Foundation
import MWFoundation
import MWImport
import MWCore
import MWTMDb

/// Scores search candidates and applies the clear-winner rule (docs/IMPORT.md "Matching").
///
/// The rule, in full: a candidate is accepted automatically only when
/// 1. the file gives a year, and the candidate's year is exactly that year — or the file gives
///    none (Netflix, MyAnimeList) and the search listed every result (one page), among which
///    this candidate is the only one of its title, whatever its year;
/// 2. its title (or original title) equals the row's title (or original title) once
///    normalised, an English leading article aside (``TitleMatch/isSameTitle``);
/// 3. its kind is one the row allows (a movie for a movie, a show for a show; either for a
///    Letterboxd film or an unknown IMDb type);
/// 4. no other candidate could be the same title (same title, a foreign leading article
///    aside) with a year within one of the row's, or with no year at all.
///
/// Everything else goes to review: a wrong match is worse than none. The score orders the
/// candidates shown in the review file; it never decides on its own.
enum CandidateJudge {
    enum Verdict: Equatable {
        case accept(MatchCandidate)
        case review(String)
    }

    /// A search result as a candidate, nil for people (`/search/multi`) and unknown types.
    static func candidate(_ r: TMDbSearchItem, endpointType: MediaType?) -> MatchCandidate? {
        let type: MediaType
        switch r.mediaType ?? endpointType?.rawValue {
        case "movie": type = .movie
        case "tv": type = .tv
        default: return nil
        }
        let title = (type == .movie ? r.title : r.name) ?? r.title ?? r.name ?? ""
        let original = type == .movie ? r.originalTitle : r.originalName
        let date = type == .movie ? r.releaseDate : r.firstAirDate
        return MatchCandidate(tmdbId: r.id, mediaType: type, title: title,
                              originalTitle: original == title ? nil : original,
                              year: year(date), popularity: r.popularity ?? 0, posterPath: r.posterPath)
    }

    /// The year of a TMDb date (`1999-10-15`); nil for `""` and nil.
    static func year(_ date: String?) -> Int? {
        guard let date, date.utf8.count >= 4 else { return nil }
        return Int(date.prefix(4))
    }

    /// The best agreement between the subject's titles and the candidate's.
    static func titleMatch(_ c: MatchCandidate, _ s: MatchSubject) -> TitleMatch {
        let mine = [s.title, s.originalTitle].compactMap { $0 }.map(TitleNormalizer.normalize)
        let theirs = [c.title, c.originalTitle].compactMap { $0 }.map(TitleNormalizer.normalize)
        var best = TitleMatch.none
        for a in mine { for b in theirs { best = max(best, TitleNormalizer.compareNormalized(a, b)) } }
        return best
    }

    /// 0–100: title up to 60 (``TitleMatch``), year 30 exact / 15 off by one / 5 unknown on
    /// either side, kind 10 when it is the kind asked for (5 for a show found for a Letterboxd film).
    static func score(_ c: MatchCandidate, _ s: MatchSubject) -> Int {
        var points = titleMatch(c, s).points
        switch (s.year, c.year) {
        case let (a?, b?) where a == b: points += 30
        case let (a?, b?) where abs(a - b) == 1: points += 15
        case (nil, _), (_, nil): points += 5
        default: break
        }
        switch s.kind {
        case .movie, .tv, .any: points += s.kind.accepts(c.mediaType) ? 10 : 0
        case .film: points += c.mediaType == .movie ? 10 : 5
        }
        return Int(points.rounded())
    }

    /// Scores `candidates` and sorts them best first (score, then popularity, then id for a
    /// stable order).
    static func ranked(_ candidates: [MatchCandidate], _ s: MatchSubject) -> [MatchCandidate] {
        candidates.map { var c = $0; c.score = score(c, s); return c }.sorted {
            ($0.score, $0.popularity, -$0.tmdbId) > ($1.score, $1.popularity, -$1.tmdbId)
        }
    }

    /// The clear-winner rule (see the type's comment).
    /// `complete`: every search page asked for listed all its results (no further page), so
    /// no namesake is unseen — what lets a title without a year be accepted.
    static func verdict(_ candidates: [MatchCandidate], _ s: MatchSubject, complete: Bool = false) -> Verdict {
        if candidates.isEmpty { return .review("TMDb found nothing under this title") }
        let titled = candidates.map { ($0, titleMatch($0, s)) }
        guard let year = s.year else {
            let same = titled.filter { $0.1.isSameTitle && s.kind.accepts($0.0.mediaType) }
            let rivals = titled.filter { $0.1.couldBeSameTitle }
            // Without a year only uniqueness can make a winner: the one title of this name TMDb has.
            if complete, same.count == 1, rivals.count == 1 { return .accept(same[0].0) }
            let n = titled.filter { $0.1.isSameTitle }.count
            let unseen = !complete && n == 1 ? "; TMDb lists more results than one page, so a namesake may be unseen" : ""
            return .review("no year in the file" + (n > 0 ? " (\(n) candidate(s) with this title)" : "") + unseen)
        }
        let winners = titled.filter { $0.1.isSameTitle && $0.0.year == year && s.kind.accepts($0.0.mediaType) }
        let rivals = titled.filter { c, t in t.couldBeSameTitle && (c.year.map { abs($0 - year) <= 1 } ?? true) }
        if winners.count == 1, rivals.count == 1 { return .accept(winners[0].0) }
        if winners.count > 1 { return .review("\(winners.count) candidates have this title and year") }
        if winners.count == 1 {
            let others = rivals.filter { $0.0 != winners[0].0 }.map { describe($0.0) }
            return .review("another candidate could be this title: " + others.prefix(3).joined(separator: ", "))
        }
        let sameTitle = titled.filter { $0.1.isSameTitle }
        if let near = sameTitle.first(where: { c, _ in c.year.map { abs($0 - year) == 1 } ?? false }) {
            return .review("year off by one: the file says \(year), TMDb \(near.0.year!)")
        }
        if sameTitle.contains(where: { c, _ in c.year == year }) {
            return .review("this title and year is of another kind on TMDb")
        }
        if !sameTitle.isEmpty {
            return .review("no candidate of this title from \(year)")
        }
        if let other = titled.first(where: { $0.1 == .foreignArticle }) {
            return .review("only a title with another leading article: \(describe(other.0))")
        }
        return .review("no candidate with this title")
    }

    /// Whether adding shows to `candidates` could still give a clear winner: the row has a year
    /// and no candidate already blocks it (a TV search that cannot change the verdict is not sent).
    static func showCouldWin(_ candidates: [MatchCandidate], _ s: MatchSubject) -> Bool {
        guard let year = s.year else { return false }
        return !candidates.contains { c in titleMatch(c, s).couldBeSameTitle && (c.year.map { abs($0 - year) <= 1 } ?? true) }
    }

    static func describe(_ c: MatchCandidate) -> String {
        "\(c.reference) \(c.title)" + (c.year.map { " (\($0))" } ?? " (no year)")
    }
}
