import Foundation

/// An episode an export names only by its title — Netflix's `Show: Season 2: Episode title`,
/// no number — kept on its show as one `unnumberedEpisodes` value (formatVersion 5 on,
/// docs/FORMAT.md#formatversion-5): `<season>|<days>|<episode title>`, the season a number or
/// empty (a part or an arc no season numbers), the days its viewings were on (`YYYY-MM-DD`,
/// comma-separated, oldest first; empty when undated), then the title as written (it may hold
/// `|` itself). The episodes table needs a number; this keeps the rest until one is known.
public struct UnnumberedEpisode: Equatable, Hashable, Sendable {
    public var season: Int?
    /// The days of its viewings, `YYYY-MM-DD`, oldest first (a day twice for two viewings).
    public var days: [String]
    public var title: String

    public init(season: Int?, days: [String], title: String) {
        self.season = season
        self.days = days.sorted()
        self.title = title
    }

    /// The value as written in a backup.
    public var encoded: String {
        "\(season.map(String.init) ?? "")|\(days.joined(separator: ","))|\(title)"
    }

    /// Reads an `unnumberedEpisodes` value; nil when it is not `<season>|<days>|<title>` with a
    /// non-negative season, `YYYY-MM-DD` days and a non-empty title.
    public init?(_ value: String) {
        let parts = value.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[2].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        if parts[0].isEmpty { season = nil } else {
            guard parts[0].allSatisfy(\.isASCII), let n = Int(parts[0]), n >= 0 else { return nil }
            season = n
        }
        days = parts[1].isEmpty ? [] : parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard days.allSatisfy(Self.isDay) else { return nil }
        days.sort()
        title = parts[2]
    }

    /// The key two values of one show are the same episode by: season and title (any case).
    public var key: String { "\(season.map(String.init) ?? "")|\(title.lowercased())" }

    /// `a` and `b` together: the same episode (``key``) once, with the days of both — a day
    /// both sides hold is one viewing, as a merge of the same backup must change nothing.
    /// Values that are not one (the validator reports them) are kept as written. Sorted.
    public static func union(_ a: [String], _ b: [String]) -> [String] {
        var merged: [String: UnnumberedEpisode] = [:]
        var other: Set<String> = []
        for v in a + b {
            guard let e = UnnumberedEpisode(v) else { other.insert(v); continue }
            guard var old = merged[e.key] else { merged[e.key] = e; continue }
            var extra = e.days
            for d in old.days { if let i = extra.firstIndex(of: d) { extra.remove(at: i) } }
            old.days = (old.days + extra).sorted()
            merged[e.key] = old
        }
        return (merged.values.map(\.encoded) + other).sorted()
    }

    static func isDay(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 10, u[4] == 45, u[7] == 45 else { return false }
        return u.enumerated().allSatisfy { i, c in i == 4 || i == 7 || (48...57).contains(c) }
    }
}
