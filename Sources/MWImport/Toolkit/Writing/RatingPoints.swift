import MWCore

/// Whole points out of 10, the rating scale of IMDb, Trakt and Movary: what those writers
/// share, in the toolkit rather than borrowed from one of them.
enum RatingPoints {
    /// Points for `--rating-from-liked`: liked 8, disliked 4, neutral none (the import
    /// profile's thresholds: ≥ 8 liked, ≤ 4 disliked).
    static let liked: [Int: Int] = [1: 8, -1: 4]

    /// A kept rating as whole points: 10 points as is, 5 stars × 2 (Letterboxd's 4.5 is 9),
    /// another scale converted; rounded to the nearest point; nil when outside 1–10.
    static func of(_ r: OriginalRating) -> Int? {
        guard r.scale > 0, r.value.isFinite else { return nil }
        let p = (r.value * 10 / r.scale).rounded()
        return (1...10).contains(p) ? Int(p) : nil
    }
}

/// What several writers call the watchlist.
enum Watchlist {
    /// The watchlist: the list an import made for it, or one the user named so.
    static func contains(_ l: MediaList) -> Bool {
        l.id == ImportIDs.list("watchlist") || ["watchlist", "watch list", "want to watch"].contains(l.name.lowercased())
    }
}
