import Foundation

/// Turns the bytes of a text export into a String, as the services write them: UTF-8 (with
/// or without a byte-order mark), UTF-16 with a byte-order mark (LibraryThing's older TSV),
/// and Windows-1252 when the bytes are not valid UTF-8 (older IMDb exports are ISO-8859-1,
/// which Windows-1252 decodes identically for every printable character).
public enum TextDecoding {
    /// The encoding a text was found in.
    public enum Encoding: String, Sendable {
        case utf8 = "UTF-8", utf16LE = "UTF-16LE", utf16BE = "UTF-16BE", windows1252 = "Windows-1252"
    }

    /// The decoded text (byte-order mark removed) and the encoding used.
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: Encoding) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return decodeUTF8(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return (String(decoding: units, as: UTF16.self), little ? .utf16LE : .utf16BE)
        }
        return decodeUTF8(bytes)
    }

    /// Calls `body` with the text's UTF-8 (byte-order mark removed) and the encoding, as
    /// ``decode(_:)`` decodes it. Valid UTF-8 is validated and passed as it is, without
    /// building a String.
    public static func withUTF8<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Encoding) throws -> R) rethrows -> R {
        if !(bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])) {
            let skip = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if isUTF8(bytes, from: skip) {
                return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[skip...]), .utf8) }
            }
        }
        var (text, encoding) = decode(bytes)
        return try text.withUTF8 { try body($0, encoding) }
    }

    /// Whether `bytes[start...]` is valid UTF-8 (as `String(validating:as:)` decides).
    static func isUTF8(_ bytes: [UInt8], from start: Int) -> Bool {
        if #available(macOS 26, *) {  // UTF8Span validates without copying
            return (try? UTF8Span(validating: bytes.span.extracting(start...))) != nil
        }
        return String(validating: bytes[start...], as: UTF8.self) != nil
    }

    private static func decodeUTF8(_ bytes: [UInt8]) -> (text: String, encoding: Encoding) {
        if let s = String(validating: bytes, as: UTF8.self) { return (s, .utf8) }
        let s = String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
        return (s, .windows1252)
    }
}
