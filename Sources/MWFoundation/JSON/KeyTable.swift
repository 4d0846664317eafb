#if canImport(Glibc)
import Glibc
#endif

/// Maps object keys, straight from the input bytes, to field numbers without allocating a
/// String or running SipHash per key (a 50 MB backup has millions of keys): FNV-1a hash into
/// a small open-addressing table, then a byte compare.
public struct KeyTable: Sendable {
    private var slots: [Int32]
    private let mask: Int
    private let names: [[UInt8]]
    /// Bit i set when field i is accepted by this table.
    public let allowedMask: UInt64
    public var count: Int { names.count }

    /// `names[i]` is the key of field `i`; `allowed` limits which fields this dialect accepts.
    public init(_ names: [String], allowed: Set<Int>? = nil) {
        self.names = names.map { Array($0.utf8) }
        var size = 16
        while size < names.count * 4 { size *= 2 }
        mask = size - 1
        slots = [Int32](repeating: -1, count: size)
        allowedMask = names.indices.reduce(0) { m, i in (allowed?.contains(i) ?? true) ? m | (1 << UInt64(i)) : m }
        for (i, n) in self.names.enumerated() where allowed?.contains(i) ?? true {
            var h = Int(truncatingIfNeeded: KeyTable.hash(n)) & mask
            while slots[h] >= 0 { h = (h + 1) & mask }
            slots[h] = Int32(i)
        }
    }

    /// Hash of a key: its length and first and last (up to) eight bytes, multiplied to mix.
    /// Cheap, and distinct enough for the few dozen field names of a table; equal hashes are
    /// settled by comparing the bytes.
    public static func hash(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var head: UInt64 = 0, tail: UInt64 = 0
        let n = b.count
        for i in 0..<min(8, n) { head |= UInt64(b[i]) << (8 * UInt64(i)) }
        for i in max(0, n - 8)..<n { tail = tail << 8 | UInt64(b[i]) }
        let h = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(n)
        return h ^ (h >> 29)
    }

    public static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { hash($0) } }

    private func find(_ buf: UnsafeBufferPointer<UInt8>) -> Int? {
        var h = Int(truncatingIfNeeded: KeyTable.hash(buf)) & mask
        while true {
            let i = Int(slots[h])
            if i < 0 { return nil }
            let n = names[i]
            if n.count == buf.count && n.withUnsafeBufferPointer({ memcmp($0.baseAddress!, buf.baseAddress!, buf.count) == 0 }) {
                return i
            }
            h = (h + 1) & mask
        }
    }

    /// The field number of the key in `r`, or nil when the key is not one of this table's.
    public func lookup(_ s: inout JSONScanner, _ r: (start: Int, end: Int, escaped: Bool)) throws -> Int? {
        if r.end == r.start { return nil }
        if r.escaped {
            let decoded = Array(try s.decodeString(r).utf8)
            if decoded.isEmpty { return nil }
            return decoded.withUnsafeBufferPointer { find($0) }
        }
        return find(UnsafeBufferPointer(start: s.base + r.start, count: r.end - r.start))
    }

    public func name(_ i: Int) -> String { String(decoding: names[i], as: UTF8.self) }

    /// The field number of `key` (a name given in code), nil when it is not one of this table's.
    public func index(_ key: StaticString) -> Int? {
        guard key.hasPointerRepresentation, key.utf8CodeUnitCount > 0 else { return nil }
        return find(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }
}
