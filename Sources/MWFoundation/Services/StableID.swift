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
        namespace.withUnsafeBytes { sha.update(bufferPointer: $0) }
        var name = name
        name.withUTF8 { sha.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return format(sha.finalize())
    }

    /// The v5 UUID of `parts` joined by the unit separator (no part can forge another's split).
    public static func uuid(_ kind: String, _ parts: [String]) -> String {
        // Hashed part by part: the same bytes as the joined name, without building it (a
        // 50,000-book import makes 200,000 ids).
        var sha = Insecure.SHA1()
        namespace.withUnsafeBytes { sha.update(bufferPointer: $0) }
        var kind = kind
        kind.withUTF8 { sha.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        var separator: UInt8 = 0x1F
        for var part in parts {
            withUnsafeBytes(of: &separator) { sha.update(bufferPointer: $0) }
            part.withUTF8 { sha.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        }
        return format(sha.finalize())
    }

    /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, upper case, with the version (5) and variant
    /// (RFC 9562) bits set on the first 16 bytes of `digest`; written on the bytes because ids
    /// are made per record (a 50,000-book import makes 200,000), where Foundation's `UUID`
    /// string is slow.
    static func format(_ digest: Insecure.SHA1Digest) -> String {
        // On the digest's bytes: walked as a generic Sequence, formatting was half the cost of
        // an id (issue 29).
        digest.withUnsafeBytes { format($0) }
    }

    /// ``format(_:)`` of raw digest bytes (at least 16).
    static func format(_ digest: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: 36) { out in
            let digits: StaticString = "0123456789ABCDEF"
            var n = 0
            for i in 0..<min(16, digest.count) {
                var byte = digest[i]
                if i == 6 { byte = (byte & 0x0F) | 0x50 }  // version 5
                if i == 8 { byte = (byte & 0x3F) | 0x80 }  // RFC 9562 variant
                if i == 4 || i == 6 || i == 8 || i == 10 { out[n] = UInt8(ascii: "-"); n += 1 }
                out[n] = digits.utf8Start[Int(byte >> 4)]
                out[n + 1] = digits.utf8Start[Int(byte & 0x0F)]
                n += 2
            }
            return n
        }
    }
}
