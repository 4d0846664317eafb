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
        var s = s
        return s.withUTF8 { u -> (UInt64, UInt64)? in
            guard u.count == 36, u[8] == 0x2D, u[13] == 0x2D, u[18] == 0x2D, u[23] == 0x2D else { return nil }
            var hi: UInt64 = 0, lo: UInt64 = 0, n = 0
            for i in 0..<36 where i != 8 && i != 13 && i != 18 && i != 23 {
                guard let h = hexValue(u[i]) else { return nil }
                if n < 16 { hi = hi << 4 | UInt64(h) } else { lo = lo << 4 | UInt64(h) }
                n += 1
            }
            return (hi, lo)
        }
    }

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
