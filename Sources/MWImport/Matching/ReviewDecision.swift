import Foundation
import MWCore
import MWFoundation

/// What the user wrote in the `decision` column of the review file.
///
/// Accepted forms (case and surrounding spaces ignored):
/// - `movie:603`, `tv:1396` (also `movie/603`, `tv 1396`): a TMDb ID with its media type;
/// - a TMDb page link: `https://www.themoviedb.org/movie/603-the-matrix`, `…/tv/1396`;
/// - `603`: a bare ID, taking its media type from the row's candidate with that ID, else from
///   the row's kind (`movie` or `tv`); on a row of kind `film` or `any` a bare ID that is not
///   among the candidates is refused, since it could be either;
/// - `ignore`: leave the item out of the import;
/// - empty: no decision (the item stays in review).
public enum ReviewDecision: Sendable, Hashable {
    case match(tmdbId: Int64, mediaType: MediaType)
    case ignore

    /// The outcome a decision gives its items.
    public var outcome: MatchOutcome {
        switch self {
        case .match(let id, let type): return .matched(TMDbMatch(tmdbId: id, mediaType: type, method: .override))
        case .ignore: return .ignored
        }
    }

    /// What a decision cell says; `kind` and `candidates` (references such as `movie:603`) are
    /// the row's, for a bare ID. Nil for an empty cell; throws ``Refused`` with words for a
    /// value that is none of the accepted forms.
    public static func parse(_ text: String, kind: String? = nil, candidates: [String] = []) throws -> ReviewDecision? {
        var t = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        // The review file guards cells against spreadsheet formulas with a leading `'`.
        if t.hasPrefix("'") { t.removeFirst() }
        if t.isEmpty { return nil }
        if t == "ignore" || t == "ignored" { return .ignore }
        if let (type, id) = typed(t) { return .match(tmdbId: id, mediaType: type) }
        guard let id = Int64(t), id > 0 else {
            throw Refused("\(quoted(text)) is not a TMDb ID (write movie:ID, tv:ID, a bare ID or ignore)")
        }
        let types = Set(candidates.compactMap(typed).filter { $0.1 == id }.map(\.0))
        if types.count == 1 { return .match(tmdbId: id, mediaType: types.first!) }
        switch kind?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "movie": return .match(tmdbId: id, mediaType: .movie)
        case "tv": return .match(tmdbId: id, mediaType: .tv)
        default: throw Refused("\(quoted(text)) could be a movie or a show: write movie:\(id) or tv:\(id)")
        }
    }

    /// `movie:603`, `tv/1396`, `tv 1396` or a themoviedb.org link (`…/movie/603-the-matrix`).
    static func typed(_ t: String) -> (MediaType, Int64)? {
        var rest = Substring(t)
        let link = t.range(of: "themoviedb.org/")
        if let link { rest = t[link.upperBound...] }
        for (prefix, type) in [("movie", MediaType.movie), ("tv", .tv)] where rest.hasPrefix(prefix) {
            var after = rest.dropFirst(prefix.count)
            let separator = after.prefix { $0 == ":" || $0 == "/" || $0 == " " }
            guard !separator.isEmpty else { continue }
            after = after.dropFirst(separator.count)
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            guard let id = Int64(digits), id > 0 else { continue }
            // A link goes on with `-the-matrix`; a plain form ends after the digits.
            let tail = after.dropFirst(digits.count)
            if tail.isEmpty || (link != nil && "-/?#".contains(tail.first!)) { return (type, id) }
        }
        return nil
    }

    /// A decision that is none of the accepted forms.
    public struct Refused: Error, CustomStringConvertible, Sendable {
        public var description: String
        init(_ d: String) { description = d }
    }
}

