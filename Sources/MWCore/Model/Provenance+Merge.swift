import Foundation

/// How provenance values from two sides come together (docs/FORMAT.md#formatversion-3,
/// docs/DATABASE.md#merge): the import builder folds the rows of one export with these, and
/// `restore --strategy merge` folds a backup into the library with the same rules, so that
/// importing or restoring the same data twice changes nothing.
///
/// * Viewings, tags and record sources are sets: the union keeps the existing ones, in order,
///   then appends each incoming one not already there. A viewing is identified by all it holds
///   (date, precision, rewatch, source); two alike are the same watch.
/// * Ratings are kept one per source. An incoming rating from a source already rated replaces
///   the existing one only when it differs and is newer: it has a date, and the existing one
///   has none or an earlier one. An undated or equally dated different rating leaves the
///   existing one (as merge keeps the database's side on a tie).
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

    /// Whether `incoming` (same source) replaces `existing`: different, dated, and newer.
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

    /// Ratings per source by the rule above.
    public static func ratings(_ existing: [OriginalRating], _ incoming: [OriginalRating]) -> RatingMerge {
        var out = RatingMerge(merged: existing, added: [], replaced: [])
        for r in incoming {
            if let i = out.merged.firstIndex(where: { $0.source == r.source }) {
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
