/// Deterministic identifiers for records mwkit has to create or re-key during a restore.
///
/// Why not `UUID()`: restoring the same backup twice must give the same database, and
/// archives must be reproducible, so an id mwkit makes is a function of what it stands for.
enum DerivedID {
    /// A UUID-shaped string (uppercase, version nibble 8 = "custom") hashed from `parts`.
    static func make(_ parts: String...) -> String {
        var h1: UInt64 = 0xcbf2_9ce4_8422_2325
        var h2: UInt64 = 0x84222325_cbf29ce4
        for p in parts {
            for b in p.utf8 {
                h1 = (h1 ^ UInt64(b)) &* 0x0000_0100_0000_01B3
                h2 = (h2 ^ UInt64(b)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9_7F4A_7C15
            }
            h1 = (h1 ^ 0x1F) &* 0x0000_0100_0000_01B3
            h2 = (h2 ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        h1 ^= h2 >> 29
        h2 ^= h1 << 7
        func hex(_ v: UInt64, _ n: Int) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, n - s.count)) + s.suffix(n)
        }
        let a = hex(h1 >> 32, 8)
        let b = hex((h1 >> 16) & 0xFFFF, 4)
        let c = hex(0x8000 | (h1 & 0x0FFF), 4)
        let d = hex(0x8000 | ((h2 >> 48) & 0x3FFF), 4)
        let e = hex(h2 & 0xFFFF_FFFF_FFFF, 12)
        return "\(a)-\(b)-\(c)-\(d)-\(e)"
    }
}
