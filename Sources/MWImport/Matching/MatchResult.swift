import Foundation
import MWCore
import MWFoundation

/// How an item got its TMDb ID.
public enum MatchMethod: String, Sendable, Hashable, CaseIterable {
    /// The export itself gave the TMDb ID (Trakt `ids.tmdb`).
    case fileId
    /// `/find` by the IMDb ID the export gave.
    case imdb
    /// `/find` by the TVDB ID the export gave.
    case tvdb
    /// A search by title and year with one clear winner (see docs/IMPORT.md "Matching").
    case search
    /// The user's decision in the review file.
    case override

    /// Whether the method relies on an identifier rather than on a title.
    public var isByID: Bool { self == .fileId || self == .imdb || self == .tvdb }
}

/// A TMDb title an item was matched to. For an episode it is the episode's show.
public struct TMDbMatch: Sendable, Hashable {
    public var tmdbId: Int64
    /// `.movie` or `.tv`.
    public var mediaType: MediaType
    public var method: MatchMethod
    /// TMDb's title and year when the match came from a response (nil for file IDs and overrides).
    public var title: String?
    public var year: Int?
    /// TMDb's original title (when it differs from ``title``) and poster path, from the same response.
    public var originalTitle: String?
    public var posterPath: String?

    public init(tmdbId: Int64, mediaType: MediaType, method: MatchMethod, title: String? = nil, year: Int? = nil,
                originalTitle: String? = nil, posterPath: String? = nil) {
        self.tmdbId = tmdbId
        self.mediaType = mediaType
        self.method = method
        self.title = title
        self.year = year
        self.originalTitle = originalTitle
        self.posterPath = posterPath
    }

    /// A match to `c`, carrying what TMDb said about it.
    public init(_ c: MatchCandidate, method: MatchMethod) {
        self.init(tmdbId: c.tmdbId, mediaType: c.mediaType, method: method, title: c.title, year: c.year,
                  originalTitle: c.originalTitle, posterPath: c.posterPath)
    }
}

/// A TMDb search result as the matcher saw it, with its score.
public struct MatchCandidate: Sendable, Hashable {
    public var tmdbId: Int64
    public var mediaType: MediaType
    public var title: String
    public var originalTitle: String?
    public var year: Int?
    /// 0–100: title up to 60, year up to 30, kind up to 10 (docs/IMPORT.md "Scoring"). For
    /// ordering and for people; acceptance follows the clear-winner rule, not a threshold.
    public var score: Int
    /// TMDb's popularity, the tie-breaker in ordering only.
    public var popularity: Double
    /// TMDb's poster path (`/abc.jpg`), kept for the minimal metadata of an imported title.
    public var posterPath: String?

    public init(tmdbId: Int64, mediaType: MediaType, title: String, originalTitle: String? = nil, year: Int?, score: Int = 0, popularity: Double = 0,
                posterPath: String? = nil) {
        self.posterPath = posterPath
        self.tmdbId = tmdbId
        self.mediaType = mediaType
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.score = score
        self.popularity = popularity
    }

    /// `movie:603` / `tv:1396`: the form the review file shows and a decision accepts.
    public var reference: String { "\(mediaType.rawValue):\(tmdbId)" }
}

/// Why an item waits for the user, and what the matcher found.
public struct ReviewEntry: Sendable, Hashable {
    /// Why it was not accepted, in words.
    public var reason: String
    /// The best candidates, best first (at most `MatchOptions.maxCandidates` (MWMatching)).
    public var candidates: [MatchCandidate]
    /// The lookup did not run to the end (offline and not cached, or a TMDb error): a later
    /// run may match it without any decision.
    public var incomplete: Bool

    public init(reason: String, candidates: [MatchCandidate] = [], incomplete: Bool = false) {
        self.reason = reason
        self.candidates = candidates
        self.incomplete = incomplete
    }
}

/// What became of one item.
public enum MatchOutcome: Sendable, Hashable {
    case matched(TMDbMatch)
    /// Not matched with certainty: listed in the review file.
    case review(ReviewEntry)
    /// The user wrote `ignore` in the review file: not imported.
    case ignored
}

/// The outcome of one item, in the order of the items given.
public struct ItemMatch: Sendable, Hashable {
    /// Index in the items given to ``TitleMatcher/match(_:overrides:progress:)``.
    public var index: Int
    /// The review key of the item (see ``MatchKey``): the same on every run over the same export.
    public var key: String
    public var outcome: MatchOutcome
    /// For an auto-matched item: the candidates seen, so the review file can show what the
    /// search chose from.
    public var candidates: [MatchCandidate]

    public init(index: Int, key: String, outcome: MatchOutcome, candidates: [MatchCandidate]) {
        self.index = index
        self.key = key
        self.outcome = outcome
        self.candidates = candidates
    }

    /// The match, when there is one.
    public var match: TMDbMatch? { if case .matched(let m) = outcome { return m }; return nil }
    /// The review entry, when the item waits for a decision.
    public var review: ReviewEntry? { if case .review(let r) = outcome { return r }; return nil }
}

/// Counts for the summary.
public struct MatchStats: Sendable, Hashable {
    /// Items given.
    public var items = 0
    /// Matched by an ID in the file (TMDb), through `/find` (IMDb, TVDB).
    public var byFileId = 0, byIMDb = 0, byTVDB = 0
    public var bySearch = 0
    public var byOverride = 0
    /// Sent to review (includes ``unmatched``).
    public var review = 0
    /// Of ``review``: items with no candidate at all, or whose lookup did not complete.
    public var unmatched = 0
    public var ignored = 0
    /// Distinct lookup keys (items that share one are looked up once).
    public var distinctKeys = 0
    /// HTTP requests sent to TMDb during the run (retries included), and answers from the cache.
    public var requests = 0
    public var cacheHits = 0

    public init() {}

    /// Matched through an identifier (file, IMDb or TVDB).
    public var byID: Int { byFileId + byIMDb + byTVDB }
    /// Matched in any way.
    public var matched: Int { byID + bySearch + byOverride }

    public mutating func count(_ outcome: MatchOutcome) {
        items += 1
        switch outcome {
        case .matched(let m):
            switch m.method {
            case .fileId: byFileId += 1
            case .imdb: byIMDb += 1
            case .tvdb: byTVDB += 1
            case .search: bySearch += 1
            case .override: byOverride += 1
            }
        case .review(let r):
            review += 1
            if r.candidates.isEmpty || r.incomplete { unmatched += 1 }
        case .ignored:
            ignored += 1
        }
    }
}

/// What ``TitleMatcher/match(_:overrides:progress:)`` produced.
public struct MatchResult: Sendable {
    /// One per item given, in the same order.
    public var items: [ItemMatch]
    public var stats: MatchStats
    /// Counts per file (the file of each item's first row, ``SourceRef/file``); request counts
    /// are only in ``stats``.
    public var statsByFile: [String: MatchStats]
    /// Lookup failures and override problems, as warnings.
    public var diagnostics: [Diagnostic]

    public init(items: [ItemMatch] = [], stats: MatchStats = MatchStats(), statsByFile: [String: MatchStats] = [:], diagnostics: [Diagnostic] = []) {
        self.items = items
        self.stats = stats
        self.statsByFile = statsByFile
        self.diagnostics = diagnostics
    }

    /// The outcome of item `index`.
    public subscript(index: Int) -> ItemMatch { items[index] }
}
