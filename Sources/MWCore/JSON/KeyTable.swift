/// Maps object keys, straight from the input bytes, to field numbers without allocating a
/// String per key (a 50 MB backup has millions of keys): FNV-1a hash, then a byte compare.
struct KeyTable {
    private var slots: [UInt64: Int] = [:]
    private let names: [[UInt8]]

    /// `names[i]` is the key of field `i`; `allowed` limits which fields this dialect accepts.
    init(_ names: [String], allowed: Set<Int>? = nil) {
        self.names = names.map { Array($0.utf8) }
        for (i, n) in self.names.enumerated() where allowed?.contains(i) ?? true {
            slots[KeyTable.hash(n)] = i
        }
    }

    static func hash<C: Sequence>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// The field number of the key in `r`, or nil when the key is not one of this table's.
    func lookup(_ s: inout JSONScanner, _ r: (start: Int, end: Int, escaped: Bool)) throws -> Int? {
        if r.escaped {
            let decoded = Array(try s.decodeString(r).utf8)
            guard let i = slots[KeyTable.hash(decoded)], names[i] == decoded else { return nil }
            return i
        }
        let buf = UnsafeBufferPointer(start: s.base + r.start, count: r.end - r.start)
        guard let i = slots[KeyTable.hash(buf)], names[i].count == buf.count,
              names[i].withUnsafeBufferPointer({ memcmp($0.baseAddress!, buf.baseAddress!, buf.count) == 0 }) else { return nil }
        return i
    }

    func name(_ i: Int) -> String { String(decoding: names[i], as: UTF8.self) }
}

#if canImport(Glibc)
import Glibc
#endif
