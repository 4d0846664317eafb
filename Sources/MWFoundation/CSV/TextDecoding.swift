import Foundation

/// Turns the bytes of a text export into a String, as the services write them: UTF-8 (with
/// or without a byte-order mark), UTF-16 with a byte-order mark (LibraryThing's older TSV) or without one (found by its NUL bytes),
/// and Windows-1252 when the bytes are not valid UTF-8 (older IMDb exports are ISO-8859-1,
/// which Windows-1252 decodes identically for every printable character). A text that is UTF-8
/// with a few invalid byte runs stays UTF-8: only those bytes are read as Windows-1252
/// (``decodeMixed(_:)``), and the lines holding them are reported.
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
        var lines: [Int] = []
        return try withUTF8(bytes, fallbackLines: &lines, body)
    }

    /// As ``withUTF8(_:_:)``, and `fallbackLines` gets the 1-based lines of a mostly-UTF-8
    /// text whose bytes were not UTF-8 there (see ``decodeMixed(_:)``); empty otherwise.
    public static func withUTF8<R>(_ bytes: [UInt8], fallbackLines: inout [Int], _ body: (UnsafeBufferPointer<UInt8>, Encoding) throws -> R) rethrows -> R {
        fallbackLines = []
        if utf16Layout(bytes) == nil {
            let skip = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if isUTF8(bytes, from: skip) {
                return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[skip...]), .utf8) }
            }
            let mixed = decodeMixed(bytes[skip...])
            if let lines = mixed.fallbackLines {
                fallbackLines = lines
                return try mixed.utf8.withUnsafeBufferPointer { try body($0, .utf8) }
            }
            return try mixed.utf8.withUnsafeBufferPointer { try body($0, .windows1252) }
        }
        var (text, encoding) = decode(bytes)
        return try text.withUTF8 { try body($0, encoding) }
    }

    /// Decodes bytes that are not valid UTF-8 throughout. When they hold at least one valid
    /// multi-byte UTF-8 sequence, the text is UTF-8 with a few bad runs (LibraryThing exports
    /// carry MARC-8/ANSEL bytes on some lines): every valid sequence is read as UTF-8 and only
    /// the bytes of the invalid runs as Windows-1252, one character each, and `fallbackLines`
    /// names the 1-based lines holding them. Without any valid multi-byte sequence the text is
    /// Windows-1252 (an older IMDb export), `fallbackLines` is nil, and every byte above 0x7F
    /// is read as Windows-1252 — which is the same decoding, so a text is never decoded whole
    /// as Windows-1252 when it is UTF-8 anywhere. The result is UTF-8.
    public static func decodeMixed(_ bytes: ArraySlice<UInt8>) -> (utf8: [UInt8], fallbackLines: [Int]?) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var lines: [Int] = []
        var line = 1, multiByte = false
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A || (b == 0x0D && (i + 1 == end || bytes[i + 1] != 0x0A)) { line += 1 }
                out.append(b)
                i += 1
                continue
            }
            let n = validSequenceLength(bytes, at: i)
            if n > 0 {
                multiByte = true
                out.append(contentsOf: bytes[i..<(i + n)])
                i += n
                continue
            }
            if lines.last != line { lines.append(line) }
            appendWindows1252(b, to: &out)
            i += 1
        }
        return (out, multiByte ? lines : nil)
    }

    /// The length of the well-formed UTF-8 sequence starting at `i` (a lead byte ≥ 0x80), or 0
    /// (Unicode table 3-7: no overlong forms, surrogates or values past U+10FFFF).
    static func validSequenceLength(_ bytes: ArraySlice<UInt8>, at i: Int) -> Int {
        let b = bytes[i]
        let n: Int, lo: UInt8, hi: UInt8
        switch b {
        case 0xC2...0xDF: n = 2; lo = 0x80; hi = 0xBF
        case 0xE0: n = 3; lo = 0xA0; hi = 0xBF
        case 0xE1...0xEC, 0xEE...0xEF: n = 3; lo = 0x80; hi = 0xBF
        case 0xED: n = 3; lo = 0x80; hi = 0x9F
        case 0xF0: n = 4; lo = 0x90; hi = 0xBF
        case 0xF1...0xF3: n = 4; lo = 0x80; hi = 0xBF
        case 0xF4: n = 4; lo = 0x80; hi = 0x8F
        default: return 0
        }
        guard i + n <= bytes.endIndex else { return 0 }
        let second = bytes[i + 1]
        guard second >= lo && second <= hi else { return 0 }
        for k in 2..<n where bytes[i + k] & 0xC0 != 0x80 { return 0 }
        return n
    }

    /// Windows-1252's 0x80–0x9F (the five bytes it leaves undefined as the C1 controls of the
    /// same value, as WHATWG's decoder reads them); 0xA0–0xFF are U+00A0–U+00FF.
    static let windows1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Appends the UTF-8 of the Windows-1252 character `b` (≥ 0x80).
    static func appendWindows1252(_ b: UInt8, to out: inout [UInt8]) {
        let u = b < 0xA0 ? windows1252High[Int(b - 0x80)] : UInt16(b)
        if u < 0x800 {
            out.append(UInt8(0xC0 | (u >> 6)))
        } else {
            out.append(UInt8(0xE0 | (u >> 12)))
            out.append(UInt8(0x80 | ((u >> 6) & 0x3F)))
        }
        out.append(UInt8(0x80 | (u & 0x3F)))
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
        let mixed = decodeMixed(bytes[...])
        return (String(decoding: mixed.utf8, as: UTF8.self), mixed.fallbackLines == nil ? .windows1252 : .utf8)
    }
}
