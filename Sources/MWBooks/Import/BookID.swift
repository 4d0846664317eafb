import Crypto
import Foundation

/// Deterministic identifiers for the records an import creates: a UUID-shaped string hashed
/// (SHA-256) from what the record stands for, so the same files give the same library byte for
/// byte and a re-import finds the ids it made. Why not `UUID()`: see `DerivedID` in MWStore,
/// whose shape (upper case, version nibble 8 = "custom") this follows.
enum BookID {
    static func make(_ kind: String, _ key: String) -> String {
        let digest = Array(SHA256.hash(data: Array("bookstrack\u{1F}\(kind)\u{1F}\(key)".utf8)))
        var b = Array(digest.prefix(16))
        b[6] = 0x80 | (b[6] & 0x0F)
        b[8] = 0x80 | (b[8] & 0x3F)
        let digits = Array("0123456789ABCDEF".utf8)
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
