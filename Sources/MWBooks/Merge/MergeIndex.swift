/// The merge's key indexes (``LibraryMerger``): a key's text (`isbn:…`, `goodreads:…`,
/// `title:…|…`, `name:…`) → the position of the first record that has it.
///
/// Held by a 128-bit hash of the text, not the text, and the position as 32 bits: a
/// 50,000-book `--merge-into` kept about 27 MB of key strings alive in String-keyed
/// dictionaries, and the indexes were the largest part of its peak memory after the records.
/// Two texts share a slot only if both 64-bit halves (SipHash of the text, under two
/// different leading bytes, with the process's random seed) collide — about 1 in 2^128 per
/// pair, far below any chance of a wrong match from the data itself, and never the same pair
/// twice since the seed changes with every run.
struct KeyIndex {
    private var slots: [Key: Int32] = [:]

    /// 128 bits of a keyed hash of a key's text.
    struct Key: Hashable {
        let a: UInt64, b: UInt64

        init(_ text: String) {
            var h1 = Hasher(), h2 = Hasher()
            h1.combine(0x6B as UInt8)
            h1.combine(text)
            h2.combine(0x69 as UInt8)
            h2.combine(text)
            a = UInt64(bitPattern: Int64(h1.finalize()))
            b = UInt64(bitPattern: Int64(h2.finalize()))
        }

        // `a` is already a hash: the dictionary hashes it again, but not the text.
        func hash(into hasher: inout Hasher) { hasher.combine(a) }
    }

    mutating func reserveCapacity(_ n: Int) { slots.reserveCapacity(n) }

    /// The record that has `key`, if any.
    subscript(_ key: String) -> Int? { slots[Key(key)].map(Int.init) }

    /// The first key of `keys` a record has, with that record.
    func first(of keys: [String]) -> (key: String, index: Int)? {
        for k in keys { if let i = slots[Key(k)] { return (k, Int(i)) } }
        return nil
    }

    /// `key` names record `i` unless a record already has it (the first record keeps a key).
    mutating func claim(_ key: String, _ i: Int) {
        let k = Key(key)
        if slots[k] == nil { slots[k] = Int32(i) }
    }
}
