import Foundation
import MWFoundation
import MWCore

/// What is looked up for an item: the item itself, or for an episode its show. Items with the
/// same ``key`` share one lookup.
public struct MatchSubject: Sendable, Hashable {
    /// What TMDb should hold.
    public enum Kind: String, Sendable, Hashable {
        case movie
        case tv
        /// A Letterboxd "film": nearly always a movie, sometimes a TV miniseries.
        case film
        /// Unknown (an IMDb title type we do not know): `/search/multi`.
        case any

        public func accepts(_ t: MediaType) -> Bool {
            switch self {
            case .movie: return t == .movie
            case .tv: return t == .tv
            case .film, .any: return t == .movie || t == .tv
            }
        }
    }

    public var kind: Kind
    public var title: String?
    public var originalTitle: String?
    public var year: Int?
    public var tmdb: Int64?
    public var imdb: String?
    public var tvdb: Int?
    /// For an episode without show IDs: the episode's own IDs, whose `/find` names its show.
    public var episodeIMDb: String?
    public var episodeTVDB: Int?
    /// The lookup key, ID-based when there is an ID (see ``MatchKey``).
    public var key: String = ""

    /// The subject of `item`, or nil when it has neither an ID nor a title to look up.
    public init?(_ item: ForeignItem) {
        switch item.kind {
        case .episode:
            let ep = item.episode ?? EpisodeRef()
            kind = .tv
            title = Values.text(ep.showTitle)
            year = ep.showYear
            tmdb = ep.showIDs.tmdb.map(Int64.init)
            imdb = ep.showIDs.imdb
            tvdb = ep.showIDs.tvdb
            // Trakt's `ids.tmdb` on an episode is the EPISODE's id: never used as the show's.
            episodeIMDb = item.ids.imdb
            episodeTVDB = item.ids.tvdb
        case .movie, .tvShow, .unknown:
            kind = item.kind == .tvShow ? .tv : item.kind == .unknown ? .any : item.source.service == .letterboxd ? .film : .movie
            title = Values.text(item.title)
            originalTitle = Values.text(item.originalTitle)
            year = item.year
            tmdb = item.ids.tmdb.map(Int64.init)
            imdb = item.ids.imdb
            tvdb = item.ids.tvdb
        }
        // A TMDb ID without a media type cannot be used: only movie/tv kinds keep it.
        if kind == .any || kind == .film { tmdb = nil }
        guard let key = MatchKey.subject(self) else { return nil }
        self.key = key
    }
}

/// Keys that name an item across runs. A key is built only from what the export says (IDs,
/// or the normalised title, year and kind), never from what TMDb answered, so a decision
/// written in the review file finds its item again on the next run.
public enum MatchKey {
    /// The review key of `item`: `<service>:<lookup key>`, e.g.
    /// `letterboxd:title:film:heat:1995`, `imdb:imdb:tt0113277`, `tvtime:tvdb:tv:81189`. Nil
    /// for an item with neither an ID nor a title.
    public static func review(_ item: ForeignItem) -> String? {
        MatchSubject(item).map { "\(item.source.service.rawValue):\($0.key)" }
    }

    /// The lookup key: the strongest ID, else kind + normalised title + year (empty when unknown).
    public static func subject(_ s: MatchSubject) -> String? {
        if let t = s.tmdb { return "tmdb:\(s.kind.rawValue):\(t)" }
        if let i = s.imdb { return "imdb:\(i)" }
        if let t = s.tvdb { return "tvdb:\(s.kind.rawValue):\(t)" }
        if let title = s.title, !TitleNormalizer.normalize(title).isEmpty {
            return "title:\(s.kind.rawValue):\(TitleNormalizer.normalize(title)):\(s.year.map(String.init) ?? "")"
        }
        if let i = s.episodeIMDb { return "imdb-episode:\(i)" }
        if let t = s.episodeTVDB { return "tvdb-episode:\(t)" }
        return nil
    }
}
