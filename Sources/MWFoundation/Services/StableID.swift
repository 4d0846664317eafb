import Crypto

/// The one maker of deterministic record ids, for every record mwkit creates or re-keys (an
/// import's titles, episodes, lists and notes; a book import's works, editions, authors and
/// entries; ids a restore derives). Why not `UUID()`: the same input must give the same ids,
/// so outputs are byte-identical and a re-import or re-restore finds what it made. An id is a
/// name-based UUID (RFC 9562 version 5: SHA-1 of a namespace and a name), upper case as the apps
/// write ids; names are built from what a record stands for, never from row positions.
public enum StableID {
    /// mwkit's namespace: 16 bytes chosen once, never to change (changing them would change
    /// every id mwkit has made).
    public static let namespace: [UInt8] = [0x6F, 0x2B, 0x4A, 0x31, 0x9C, 0x5E, 0x5D, 0x0A, 0x8B, 0x47, 0x1E, 0x93, 0xD2, 0x60, 0xC4, 0x18]

    /// The v5 UUID of `name` in mwkit's namespace.
    public static func uuid(_ name: String) -> String {
        var sha = Insecure.SHA1()
        sha.update(data: namespace)
        sha.update(data: Array(name.utf8))
        var b = Array(sha.finalize().prefix(16))
        b[6] = (b[6] & 0x0F) | 0x50  // version 5
        b[8] = (b[8] & 0x3F) | 0x80  // RFC 9562 variant
        return format(b)
    }

    /// The v5 UUID of `parts` joined by the unit separator (no part can forge another's split).
    public static func uuid(_ kind: String, _ parts: [String]) -> String {
        uuid(([kind] + parts).joined(separator: "\u{1F}"))
    }

    /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, upper case; written on the bytes because ids are
    /// made per record (a 50,000-book import makes 200,000), where Foundation's `UUID` string is slow.
    static func format(_ b: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (i, byte) in b.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
