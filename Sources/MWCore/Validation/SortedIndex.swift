/// An append-only index of fixed-size keys to record numbers, sorted once when complete.
///
/// Why not a Dictionary: hashed tables over 200k+ episode ids cost ~3× the memory (power-of-two
/// growth, per-bucket padding). Validation appends while streaming and only looks keys up
/// after the last record, so one sort gives exact duplicate detection and binary search.
struct SortedIndex<Key: Comparable> {
    private(set) var entries: [(key: Key, index: Int32)] = []
    private var sorted = true

    mutating func append(_ key: Key, _ index: Int32) {
        if let last = entries.last, sorted, last.key > key { sorted = false }
        entries.append((key, index))
    }

    /// Sorts (stable by record number) and returns every later occurrence of a repeated key
    /// with the record number of its first occurrence.
    mutating func finalize() -> [(index: Int32, first: Int32)] {
        if !sorted {
            entries.sort { $0.key < $1.key || ($0.key == $1.key && $0.index < $1.index) }
            sorted = true
        }
        var dupes: [(Int32, Int32)] = []
        var i = 0
        while i < entries.count {
            var j = i + 1
            while j < entries.count && entries[j].key == entries[i].key {
                dupes.append((entries[j].index, entries[i].index))
                j += 1
            }
            i = j
        }
        return dupes.sorted { $0.0 < $1.0 }
    }

    /// Reserves room for `n` entries up front (untouched capacity costs no memory), so the
    /// index never doubles and copies itself while a large file streams in.
    mutating func reserve(_ n: Int) { entries.reserveCapacity(n) }

    /// The first record with `key` (after ``finalize()``).
    func first(_ key: Key) -> Int32? {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < entries.count && entries[lo].key == key ? entries[lo].index : nil
    }
}

/// A UUID as two words, ordered.
struct UUIDWords: Comparable, Hashable {
    var hi: UInt64
    var lo: UInt64
    static func < (a: UUIDWords, b: UUIDWords) -> Bool { a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }
}
