import Foundation

extension LibraryStore {
    /// The snapshots `restore --strategy replace` left beside this database
    /// (`<name>.snapshot-<UTC time>[-n]`), oldest first.
    public func snapshots() -> [URL] {
        let dir = url.deletingLastPathComponent()
        let prefix = url.lastPathComponent + ".snapshot-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        // The UTC time in the name sorts as text; `-n` (same second) after its base name.
        return names.filter { $0.hasPrefix(prefix) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") && !$0.hasSuffix("-journal") }
            .sorted { a, b in
                let (ta, na) = Self.snapshotOrder(a), (tb, nb) = Self.snapshotOrder(b)
                return ta == tb ? na < nb : ta < tb
            }
            .map { dir.appendingPathComponent($0) }
    }

    /// Removes all but the newest `keep` snapshots, never `made` (the one this restore just
    /// made); returns the paths removed.
    func pruneSnapshots(keeping keep: Int, made: URL) -> [String] {
        let all = snapshots()
        let excess = all.count - max(keep, 1)
        guard excess > 0 else { return [] }
        var removed: [String] = []
        for old in all.prefix(excess) where old.standardizedFileURL != made.standardizedFileURL {
            LibraryStore.removeFiles(at: old)
            removed.append(old.path)
        }
        return removed
    }

    /// `(time, n)` of `<name>.snapshot-<time>[-n]`.
    private static func snapshotOrder(_ name: String) -> (String, Int) {
        guard let r = name.range(of: ".snapshot-", options: .backwards) else { return (name, 0) }
        let rest = name[r.upperBound...]
        let parts = rest.split(separator: "-")
        if parts.count == 2, let n = Int(parts[1]) { return (String(parts[0]), n) }
        return (String(rest), 1)
    }
}
