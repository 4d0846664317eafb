import Foundation
import MWFoundation

/// How ratings and reactions become the model's `likedStatus` (-1 disliked, 0 neutral, 1 liked),
/// docs/IMPORT.md "Liked status". Thresholds are on a 10-point scale; a 5-star rating counts
/// double (4/5 = 8/10, Letterboxd's 4.5 = 9/10 — never truncated).
public struct LikedProfile: Sendable, Hashable {
    /// A rating at or above this (out of 10) is liked. Default 8 (= 4 of 5 stars).
    public var likedAt: Double
    /// A rating at or below this (out of 10) is disliked. Default 4 (= 2 of 5 stars).
    public var dislikedAt: Double

    public init(likedAt: Double = 8, dislikedAt: Double = 4) {
        self.likedAt = likedAt
        self.dislikedAt = dislikedAt
    }

    /// Why the thresholds cannot be used, or nil.
    public var problem: String? {
        guard likedAt.isFinite, dislikedAt.isFinite, (0...10).contains(likedAt), (0...10).contains(dislikedAt) else {
            return "--liked-at and --disliked-at are points out of 10 (0–10), got \(likedAt) and \(dislikedAt)"
        }
        guard dislikedAt < likedAt else { return "--disliked-at (\(dislikedAt)) must be below --liked-at (\(likedAt))" }
        return nil
    }

    /// The liked status of `value` on a scale whose top is `scale` (5 or 10).
    public func status(value: Double, scale: Double) -> Int {
        let points = scale > 0 ? value * 10 / scale : value
        if points >= likedAt { return 1 }
        if points <= dislikedAt { return -1 }
        return 0
    }

    /// The liked status a TV Time emotion vote says, nil when it says nothing. TV Time does
    /// not document its emotions; the export writes them as ids or names. Named ones map by
    /// meaning; ids follow the order the app shows them (1 good, 2 funny, 3 wow, 4 sad,
    /// 5 so-so, 6 bad — docs/IMPORT.md).
    public static func emotion(_ value: String) -> Int? {
        let v = value.lowercased()
        if v.contains("so-so") || v.contains("soso") { return 0 }
        let last = v.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).last.map(String.init) ?? v
        switch last {
        case "1", "2", "3", "good", "funny", "wow", "love", "loved", "like", "liked": return 1
        case "6", "bad", "dislike", "disliked", "hate": return -1
        case "4", "5", "sad", "soso", "so-so", "meh": return 0
        default: return nil
        }
    }
}
