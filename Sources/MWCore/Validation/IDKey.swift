/// A compact, case-insensitive key for a record id: two words when the id is a UUID (the
/// normal case), the raw string otherwise. Keeps the validator's indexes small for large files.
/// The UUID is parsed by hand: Foundation's `UUID(uuidString:)` goes through `sscanf`, which
/// was the single largest cost when validating a 50 MB backup.
enum IDKey: Hashable {
    case uuid(UInt64, UInt64)
    case raw(String)

    init(_ s: String) {
        if let (hi, lo) = IDKey.parseUUID(s) { self = .uuid(hi, lo) } else { self = .raw(s) }
    }

    var isUUID: Bool { if case .uuid = self { return true } else { return false } }

    /// Parses `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (hex, either case).
    static func parseUUID(_ s: String) -> (UInt64, UInt64)? {
        if let r = s.utf8.withContiguousStorageIfAvailable({ parseUUID($0) }) { return r }
        return Array(s.utf8).withUnsafeBufferPointer { parseUUID($0) }
    }

    static func parseUUID(_ u: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard u.count == 36, u[8] == 0x2D, u[13] == 0x2D, u[18] == 0x2D, u[23] == 0x2D else { return nil }
        var acc: UInt64 = 0, bad: UInt8 = 0
        @inline(__always) func group(_ from: Int, _ n: Int) {
            for i in from..<(from + n) {
                let h = hexTable[Int(u[i])]
                bad |= h
                acc = acc << 4 | UInt64(h & 0x0F)
            }
        }
        group(0, 8); group(9, 4); group(14, 4)
        let hi = acc
        acc = 0
        group(19, 4); group(24, 12)
        return bad & 0xF0 == 0 ? (hi, acc) : nil
    }

    /// Hex digit values; 0xFF for anything else.
    static let hexTable: [UInt8] = (0..<256).map { hexValue(UInt8($0)) ?? 0xFF }

    /// The canonical (uppercase) spelling, for messages.
    var display: String {
        switch self {
        case .raw(let s): return s
        case .uuid(let hi, let lo):
            func hex(_ v: UInt64, _ digits: Int) -> String {
                let s = String(v, radix: 16, uppercase: true)
                return String(repeating: "0", count: digits - s.count) + s
            }
            let a = hex(hi, 16), b = hex(lo, 16)
            return "\(a.prefix(8))-\(a.dropFirst(8).prefix(4))-\(a.suffix(4))-\(b.prefix(4))-\(b.suffix(12))"
        }
    }
}
