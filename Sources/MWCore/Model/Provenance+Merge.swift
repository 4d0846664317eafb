import Foundation

/// How provenance values from two sides come together (docs/FORMAT.md#formatversion-3,
/// docs/DATABASE.md#merge): the import builder folds the rows of one export with these, and
/// `restore --strategy merge` folds a backup into the library with the same rules, so that
/// importing or restoring the same data twice changes nothing.
///
/// * Tags and record sources are sets: the union keeps the existing ones, in order, then
///   appends each incoming one not already there.
/// * Viewings are a multiset: two alike (date, precision, rewatch, source) can be two watches
///   (a film played three times without dates is three undated viewings), so the union keeps,
///   of each distinct viewing, as many as the side that has more — merging the same data again
///   adds nothing, and no play is lost.
/// * Ratings are kept per source and date: every rating the user gave (a Letterboxd diary entry
///   rated 5, the film re-rated 4.5 a year later) stays, the newest dated one being the
///   source's current rating. A record holds one rating per (source, date); an incoming rating
///   with a (source, date) already there replaces it only when it differs and is newer (never,
///   for equal dates: merge keeps the database's side on a tie).
public enum ProvenanceMerge {
    /// `existing`, then each element of `incoming` that neither `existing` nor an earlier
    /// incoming element has; and those added, in order.
    public static func union<T: Hashable>(_ existing: [T], _ incoming: [T]) -> (merged: [T], added: [T]) {
        guard !incoming.isEmpty else { return (existing, []) }
        var seen = Set(existing)
        var merged = existing
        var added: [T] = []
        for x in incoming where seen.insert(x).inserted {
            merged.append(x)
            added.append(x)
        }
        return (merged, added)
    }

    /// Of each distinct element, as many as the side with more has: `existing` in order, then
    /// the extra copies `incoming` brings; and those added, in order.
    public static func unionCounted<T: Hashable>(_ existing: [T], _ incoming: [T]) -> (merged: [T], added: [T]) {
        guard !incoming.isEmpty else { return (existing, []) }
        var have: [T: Int] = [:]
        for x in existing { have[x, default: 0] += 1 }
        var merged = existing
        var added: [T] = []
        for x in incoming {
            if let n = have[x], n > 0 { have[x] = n - 1; continue }
            merged.append(x)
            added.append(x)
        }
        return (merged, added)
    }

    /// Whether `incoming` (same source and date) replaces `existing`: different, dated, and newer.
    public static func replaces(_ existing: OriginalRating, with incoming: OriginalRating) -> Bool {
        guard existing != incoming, let new = incoming.date else { return false }
        guard let old = existing.date else { return true }
        return new > old
    }

    /// What merging ratings does: the result (existing order kept, a replaced rating in its
    /// place, new sources appended), the ratings added and the ones replaced (old, new).
    public struct RatingMerge: Equatable, Sendable {
        public var merged: [OriginalRating]
        public var added: [OriginalRating]
        public var replaced: [Replacement]

        public struct Replacement: Equatable, Sendable {
            public var old: OriginalRating
            public var new: OriginalRating
        }
    }

    /// Ratings per (source, date) by the rule above.
    public static func ratings(_ existing: [OriginalRating], _ incoming: [OriginalRating]) -> RatingMerge {
        var out = RatingMerge(merged: existing, added: [], replaced: [])
        for r in incoming {
            if let i = out.merged.firstIndex(where: { $0.source == r.source && $0.date == r.date }) {
                if replaces(out.merged[i], with: r) {
                    out.replaced.append(.init(old: out.merged[i], new: r))
                    out.merged[i] = r
                }
            } else {
                out.merged.append(r)
                out.added.append(r)
            }
        }
        return out
    }
}

extension Title {
    /// Whether the title carries any formatVersion 3 value.
    public var hasProvenance: Bool { !ratings.isEmpty || !viewings.isEmpty || !tags.isEmpty || !sources.isEmpty }

    /// The title without its formatVersion 3 values.
    public func withoutProvenance() -> Title {
        var t = self
        t.ratings = []
        t.viewings = []
        t.tags = []
        t.sources = []
        return t
    }
}

extension Episode {
    /// Whether the episode carries any formatVersion 3 value.
    public var hasProvenance: Bool { !ratings.isEmpty || !viewings.isEmpty || !sources.isEmpty }

    /// The episode without its formatVersion 3 values.
    public func withoutProvenance() -> Episode {
        var e = self
        e.ratings = []
        e.viewings = []
        e.sources = []
        return e
    }
}
