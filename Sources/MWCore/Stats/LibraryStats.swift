/// Summary figures of a library (`mwkit stats`): counts, per-list size and watch progress,
/// per-show episode progress (docs/SPEC.md#watch-progress), liked distribution.
public struct LibraryStats: Codable, Sendable, Equatable {
    public struct ListStats: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var titles: Int
        public var watched: Int
        /// watched / titles (0 for an empty list), as List.watchProgress.
        public var progress: Double
    }

    public struct ShowStats: Codable, Sendable, Equatable {
        public var id: String
        public var tmdbId: Int64
        public var title: String?
        public var episodes: Int
        public var watchedEpisodes: Int
        /// watched episodes / episodes (0 without episodes), as Title.watchProgress.
        public var progress: Double
    }

    public var counts: EntityCounts
    public var movies: Int
    public var shows: Int
    public var strippedTitles: Int
    public var watchedTitles: Int
    /// likedStatus → number of titles ("-1", "0", "1").
    public var liked: [String: Int]
    public var lists: [ListStats]
    public var shows_: [ShowStats]

    private enum CodingKeys: String, CodingKey {
        case counts, movies, shows = "tvShows", strippedTitles, watchedTitles, liked, lists, shows_ = "showProgress"
    }

    /// Computes the figures for `library`.
    public init(_ library: Library) {
        counts = EntityCounts(library)
        movies = library.titles.filter { $0.mediaType == .movie }.count
        shows = library.titles.filter { $0.mediaType == .tv }.count
        strippedTitles = library.titles.filter(\.isStripped).count
        var byId: [String: Title] = [:]
        for t in library.titles { byId[t.id] = t }
        var liked = ["-1": 0, "0": 0, "1": 0]
        for t in library.titles { liked[String(t.likedStatus), default: 0] += 1 }
        self.liked = liked
        var eps: [String: (Int, Int)] = [:]
        for e in library.episodes {
            var v = eps[e.showId] ?? (0, 0)
            v.0 += 1
            if e.watched { v.1 += 1 }
            eps[e.showId] = v
        }
        // Title.watchProgress: TV from episodes; a movie is 1 when watched.
        func titleWatched(_ t: Title) -> Bool {
            if t.mediaType == .tv, let (n, w) = eps[t.id], n > 0 { return w == n }
            return t.watched
        }
        watchedTitles = library.titles.filter(titleWatched).count
        lists = library.lists.map { l in
            let w = l.items.filter { byId[$0.titleId]?.watched == true }.count
            return ListStats(id: l.id, name: l.name, titles: l.items.count, watched: w,
                             progress: l.items.isEmpty ? 0 : Double(w) / Double(l.items.count))
        }
        shows_ = library.titles.filter { $0.mediaType == .tv }.map { t in
            let (n, w) = eps[t.id] ?? (0, 0)
            return ShowStats(id: t.id, tmdbId: t.tmdbId, title: t.knownName, episodes: n, watchedEpisodes: w,
                             progress: n == 0 ? 0 : Double(w) / Double(n))
        }
    }

    /// A plain-text rendering.
    public var text: String {
        func pct(_ p: Double) -> String { String(Int((p * 100).rounded())) + "%" }
        var s = "Lists: \(counts.lists)  Titles: \(counts.titles) (\(movies) movies, \(shows) TV)  Episodes: \(counts.episodes)  Notes: \(counts.notes)\n"
        s += "Watched titles: \(watchedTitles)  Stripped titles: \(strippedTitles)\n"
        s += "Liked: \(liked["1"] ?? 0)  Neutral: \(liked["0"] ?? 0)  Disliked: \(liked["-1"] ?? 0)\n"
        if !lists.isEmpty {
            s += "\nLists:\n"
            for l in lists { s += "  \(l.name): \(l.watched)/\(l.titles) watched (\(pct(l.progress)))\n" }
        }
        if !shows_.isEmpty {
            s += "\nShows:\n"
            for sh in shows_ { s += "  \(sh.title ?? "tmdb:\(sh.tmdbId) (stripped)"): \(sh.watchedEpisodes)/\(sh.episodes) episodes (\(pct(sh.progress)))\n" }
        }
        return s
    }
}
