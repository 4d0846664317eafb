/// Stripping: removing every TMDb-derivable field so a backup is small and private and can be
/// re-hydrated from TMDb later (`mwkit strip`, `mwkit hydrate`).
///
/// What stays: ids, `tmdbId`, `mediaType`, season and episode numbers, the episode's TMDb id,
/// and all user data (watched state and dates, liked status, local image paths, lists, notes,
/// preferences). The TMDb-derived part (`metadata`) becomes nil, which v2 writes as
/// `"stripped": true`.
extension Title {
    /// This title without its TMDb-derived metadata.
    public func stripped() -> Title {
        var t = self
        t.metadata = nil
        return t
    }
}

extension Episode {
    /// This episode without its TMDb-derived metadata (its `tmdbId` is kept).
    public func stripped() -> Episode {
        var e = self
        e.metadata = nil
        return e
    }
}

extension Library {
    /// This library with every title and episode stripped; everything else unchanged.
    public func stripped() -> Library {
        var l = self
        l.titles = titles.map { $0.stripped() }
        l.episodes = episodes.map { $0.stripped() }
        return l
    }

    /// Numbers of stripped titles and episodes.
    public var strippedCounts: (titles: Int, episodes: Int) {
        (titles.lazy.filter(\.isStripped).count, episodes.lazy.filter(\.isStripped).count)
    }
}
