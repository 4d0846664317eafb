import Foundation

/// Turns the bytes of a text export into a String, as the services write them: UTF-8 (with
/// or without a byte-order mark), UTF-16 with a byte-order mark (LibraryThing's older TSV) or without one (found by its NUL bytes),
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
        if let (little, start) = utf16Layout(bytes) {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = start
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return (String(decoding: units, as: UTF16.self), little ? .utf16LE : .utf16BE)
        }
        return decodeUTF8(bytes)
    }

    /// Whether `bytes` are UTF-16 and in which byte order, with where the text starts: after a
    /// byte-order mark, or, without one, when the NUL bytes fall in the pattern UTF-16 gives
    /// mostly-Latin text (a NUL in every other byte, always on the same side; UTF-8 and
    /// Windows-1252 text holds no NUL at all). Exports saved by some Windows tools have no mark.
    public static func utf16Layout(_ bytes: [UInt8]) -> (little: Bool, start: Int)? {
        if bytes.starts(with: [0xFF, 0xFE]) { return (true, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (false, 2) }
        let n = min(bytes.count, 4096) & ~1
        guard n >= 4 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for i in stride(from: 0, to: n, by: 2) {
            if bytes[i] == 0 { evenZeros += 1 }
            if bytes[i + 1] == 0 { oddZeros += 1 }
        }
        let pairs = n / 2
        if oddZeros * 2 >= pairs && evenZeros == 0 { return (true, 0) }
        if evenZeros * 2 >= pairs && oddZeros == 0 { return (false, 0) }
        return nil
    }

    /// Calls `body` with the text's UTF-8 (byte-order mark removed) and the encoding, as
    /// ``decode(_:)`` decodes it. Valid UTF-8 is validated and passed as it is, without
    /// building a String.
    public static func withUTF8<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Encoding) throws -> R) rethrows -> R {
        if utf16Layout(bytes) == nil {
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
