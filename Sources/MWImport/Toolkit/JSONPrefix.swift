import Foundation

/// What detection can tell from the start of a JSON object too large to be parsed from the
/// sniffed prefix (Ryot's and Simkl's exports): its first key.
enum JSONPrefix {
    /// The first key of the JSON object `bytes` start with (blanks and a byte order mark
    /// skipped); nil when they do not start an object with a plain key.
    static func firstKey(_ bytes: [UInt8]) -> String? {
        var i = 0
        func skip() { while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains(bytes[i]) { i += 1 } }
        skip()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        skip()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let start = i + 1
        guard let end = bytes[start...].prefix(64).firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
