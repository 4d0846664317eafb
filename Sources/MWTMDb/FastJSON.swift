import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small pull parser for the TMDb bodies mwkit maps. Why not only `JSONDecoder`: a warm-cache
/// run decodes every cached show with all its seasons' episodes, and `Codable`'s per-key
/// overhead dominated that path (≈ 5× slower). This reader visits keys in place, builds only
/// the values the models keep and skips the rest without allocating.
///
/// It is strict where the models are (wrong types throw), and any failure makes the caller fall
/// back to `JSONDecoder`, which then decides and words the error.
struct FastJSONReader {
    struct Failure: Error {}

    private let b: UnsafeRawBufferPointer
    private var i = 0

    init(_ bytes: UnsafeRawBufferPointer) { b = bytes }

    /// Decodes a whole document with `body`, insisting nothing but whitespace follows.
    static func decode<T>(_ data: Data, _ body: (inout FastJSONReader) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            var r = FastJSONReader(raw)
            let v = try body(&r)
            r.skipWS()
            guard r.i == r.b.count else { throw Failure() }
            return v
        }
    }

    mutating func skipWS() {
        while i < b.count {
            switch b[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    private mutating func expect(_ c: UInt8) throws {
        skipWS()
        guard i < b.count, b[i] == c else { throw Failure() }
        i += 1
    }

    /// True (and consumed) when the next value is `null`.
    mutating func isNull() throws -> Bool {
        skipWS()
        guard i < b.count, b[i] == UInt8(ascii: "n") else { return false }
        guard i + 4 <= b.count, b[i + 1] == UInt8(ascii: "u"), b[i + 2] == UInt8(ascii: "l"), b[i + 3] == UInt8(ascii: "l") else { throw Failure() }
        i += 4
        return true
    }

    /// An object key, compared in place against literals (no string is built per key).
    /// Keys with escapes (e.g. `season\/1` as some encoders write it) are unescaped first.
    struct Key {
        let bytes: UnsafeRawBufferPointer
        let unescaped: [UInt8]?

        private func equals(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
            if let u = unescaped { return u.count == n && u.withUnsafeBufferPointer { memcmp($0.baseAddress!, p, n) == 0 } }
            return bytes.count == n && memcmp(p, bytes.baseAddress!, n) == 0
        }

        static func ~= (pattern: StaticString, key: Key) -> Bool {
            key.equals(pattern.utf8Start, pattern.utf8CodeUnitCount)
        }

        /// The number after `prefix` ("season/3" → 3), nil when the key is not of that form.
        func number(after prefix: StaticString) -> Int? {
            let all = unescaped ?? Array(bytes)
            let n = prefix.utf8CodeUnitCount
            guard all.count > n, all.count - n <= 9,
                  all.withUnsafeBufferPointer({ memcmp(prefix.utf8Start, $0.baseAddress!, n) == 0 }) else { return nil }
            var v = 0
            for c in all[n...] {
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                v = v * 10 + Int(c - UInt8(ascii: "0"))
            }
            return v
        }
    }

    private mutating func key() throws -> Key {
        try expect(UInt8(ascii: "\""))
        let start = i
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let k = Key(bytes: UnsafeRawBufferPointer(rebasing: b[start..<i]), unescaped: nil)
                i += 1
                return k
            }
            if c == UInt8(ascii: "\\") {
                i = start
                return Key(bytes: UnsafeRawBufferPointer(start: nil, count: 0), unescaped: Array(try escapedString().utf8))
            }
            if c < 0x20 { throw Failure() }
            i += 1
        }
        throw Failure()
    }

    /// Calls `body` with each key of an object; `body` must consume the value.
    mutating func object(_ body: (inout FastJSONReader, Key) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        skipWS()
        if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return }
        while true {
            skipWS()
            let key = try key()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            skipWS()
            guard i < b.count else { throw Failure() }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { i += 1; return }
            throw Failure()
        }
    }

    /// Calls `body` for each element of an array; `body` must consume the element.
    mutating func array(_ body: (inout FastJSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        skipWS()
        if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return }
        while true {
            try body(&self)
            skipWS()
            guard i < b.count else { throw Failure() }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "]") { i += 1; return }
            throw Failure()
        }
    }

    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = i
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeRawBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") { i = start; return try escapedString() }
            if c < 0x20 { throw Failure() }
            i += 1
        }
        throw Failure()
    }

    private mutating func escapedString() throws -> String {
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw Failure() }
                return s
            case UInt8(ascii: "\\"):
                guard i < b.count else { throw Failure() }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else { throw Failure() }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Failure() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw Failure() }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw Failure()
                }
            default:
                if c < 0x20 { throw Failure() }
                out.append(c)
            }
        }
        throw Failure()
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count else { throw Failure() }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            i += 1
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = v << 4 | UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = v << 4 | UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = v << 4 | UInt32(c - UInt8(ascii: "A") + 10)
            default: throw Failure()
            }
        }
        return v
    }

    /// The bytes of a number literal, validated by the conversions below.
    private mutating func numberText() throws -> Substring {
        skipWS()
        let start = i
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"): i += 1
            default:
                return try text(start)
            }
        }
        return try text(start)
    }

    private func text(_ start: Int) throws -> Substring {
        guard i > start else { throw Failure() }
        return Substring(String(decoding: UnsafeRawBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
    }

    /// An integer literal, read in place (no intermediate string). Fractions and exponents
    /// are not integers for the models either, so they fail (and the fallback decides).
    mutating func int64() throws -> Int64 {
        skipWS()
        var neg = false
        if i < b.count, b[i] == UInt8(ascii: "-") { neg = true; i += 1 }
        let start = i
        var v: Int64 = 0
        while i < b.count, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") {
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(b[i] - UInt8(ascii: "0")))
            guard !o1, !o2 else { throw Failure() }
            v = a
            i += 1
        }
        guard i > start, i - start == 1 || b[start] != UInt8(ascii: "0") else { throw Failure() }
        if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") { throw Failure() }
        return neg ? -v : v
    }

    mutating func int() throws -> Int { Int(try int64()) }

    mutating func double() throws -> Double {
        guard let v = Double(try numberText()), v.isFinite else { throw Failure() }
        return v
    }

    mutating func bool() throws -> Bool {
        skipWS()
        if i + 4 <= b.count, b[i] == UInt8(ascii: "t"), b[i + 1] == UInt8(ascii: "r"), b[i + 2] == UInt8(ascii: "u"), b[i + 3] == UInt8(ascii: "e") { i += 4; return true }
        if i + 5 <= b.count, b[i] == UInt8(ascii: "f"), b[i + 1] == UInt8(ascii: "a"), b[i + 2] == UInt8(ascii: "l"), b[i + 3] == UInt8(ascii: "s"), b[i + 4] == UInt8(ascii: "e") { i += 5; return false }
        throw Failure()
    }

    // Optional forms: null → nil, as `decodeIfPresent` does.
    mutating func optString() throws -> String? { try isNull() ? nil : try string() }
    mutating func optInt() throws -> Int? { try isNull() ? nil : try int() }
    mutating func optInt64() throws -> Int64? { try isNull() ? nil : try int64() }
    mutating func optDouble() throws -> Double? { try isNull() ? nil : try double() }
    mutating func optArray<T>(_ element: (inout FastJSONReader) throws -> T) throws -> [T]? {
        if try isNull() { return nil }
        var out: [T] = []
        try array { out.append(try element(&$0)) }
        return out
    }

    /// Skips any value, checking its syntax but building nothing.
    mutating func skip() throws {
        skipWS()
        guard i < b.count else { throw Failure() }
        switch b[i] {
        case UInt8(ascii: "{"): try object { r, _ in try r.skip() }
        case UInt8(ascii: "["): try array { try $0.skip() }
        case UInt8(ascii: "\""):
            i += 1
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; return }
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c < 0x20 { throw Failure() }
                i += 1
            }
            throw Failure()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard try isNull() else { throw Failure() }
        default:
            // A number: scan it without converting.
            let start = i
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                     UInt8(ascii: "e"), UInt8(ascii: "E"): i += 1
                default:
                    guard i > start else { throw Failure() }
                    return
                }
            }
            guard i > start else { throw Failure() }
        }
    }
}
