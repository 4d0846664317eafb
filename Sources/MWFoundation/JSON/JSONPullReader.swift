import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A public pull-reader over MWCore's JSON scanner, for code outside MWCore that decodes JSON
/// fast without building a document (e.g. TMDb responses on a warm cache). Keys are compared in
/// place; values are built only when asked for; anything unexpected throws ``Failure``.
/// It shares the scanner (UTF-8 validation, escapes, numbers, depth limit) with the backup reader,
/// so there is one hand-written JSON parser in the project.
public struct JSONPullReader {
    /// The document is not what the caller expected (syntax, type, or limits).
    public struct Failure: Error {
        public init() {}
    }

    var s: JSONScanner

    /// A reader over `bytes` (which must outlive it), after a UTF-8 byte order mark if any.
    public init(bytes: UnsafeRawBufferPointer, limits: JSONLimits = .init()) {
        s = JSONScanner(bytes: bytes, limits: limits)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { s.pos = 3 }
    }

    /// The byte offset of the next unread byte.
    public var offset: Int { s.pos }

    // Kind tests for the next value (white space skipped, nothing consumed).

    /// Whether the next value is a string.
    public mutating func isString() -> Bool { s.peekKind() == .string }
    /// Whether the next value is an object.
    public mutating func isObject() -> Bool { s.peekKind() == .object }
    /// Whether the next value is an array.
    public mutating func isArray() -> Bool { s.peekKind() == .array }

    /// Insists nothing but whitespace follows.
    public mutating func end() throws { try s.expectEnd() }

    /// Decodes a whole document with `body`, insisting nothing but whitespace follows.
    public static func decode<T>(_ data: Data, _ body: (inout JSONPullReader) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            var r = JSONPullReader(bytes: raw)
            do {
                let v = try body(&r)
                try r.s.expectEnd()
                return v
            } catch is JSONError {
                throw Failure()
            }
        }
    }

    /// Skips white space.
    public mutating func skipWS() { s.skipWhitespace() }

    /// True (and consumed) when the next value is `null`.
    public mutating func isNull() throws -> Bool {
        guard s.peekKind() == .null else { return false }
        try s.readNull()
        return true
    }

    /// An object key, compared in place against literals (no string is built per key).
    public struct Key {
        let bytes: [UInt8]

        func matches(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
            bytes.count == n && bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, p, n) == 0 }
        }

        /// The number after `prefix` ("season/3" → 3), nil when the key is not of that form.
        public func number(after prefix: StaticString) -> Int? {
            let n = prefix.utf8CodeUnitCount
            guard bytes.count > n, bytes.count - n <= 9,
                  bytes.withUnsafeBufferPointer({ memcmp(prefix.utf8Start, $0.baseAddress!, n) == 0 }) else { return nil }
            var v = 0
            for c in bytes[n...] {
                guard isDigit(c) else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }

        /// The key as a String.
        public var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Calls `body` with each key of an object; `body` must consume the value.
    public mutating func object(_ body: (inout JSONPullReader, Key) throws -> Void) throws {
        guard s.peekKind() == .object else { throw Failure() }
        try s.beginObject()
        var first = true
        while let k = try s.nextKey(first: &first) {
            let key: Key
            if k.escaped {
                key = Key(bytes: Array(try s.decodeString(k).utf8))
            } else {
                key = Key(bytes: Array(UnsafeBufferPointer(start: s.base + k.start, count: k.end - k.start)))
            }
            try body(&self, key)
        }
    }

    /// Calls `body` for each element of an array; `body` must consume the element.
    public mutating func array(_ body: (inout JSONPullReader) throws -> Void) throws {
        guard s.peekKind() == .array else { throw Failure() }
        try s.beginArray()
        var first = true
        while try s.nextElement(first: &first) { try body(&self) }
    }

    /// The next value as a string (throws ``Failure`` for any other type).
    public mutating func string() throws -> String {
        guard s.peekKind() == .string else { throw Failure() }
        return try s.readString()
    }

    /// The next value as an integer (an integral number; throws otherwise).
    public mutating func int64() throws -> Int64 {
        guard s.peekKind() == .number else { throw Failure() }
        guard let v = s.integerValue(try s.scanNumber()) else { throw Failure() }
        return v
    }

    /// The next value as an `Int`.
    public mutating func int() throws -> Int { Int(try int64()) }

    /// The next value as a finite `Double`.
    public mutating func double() throws -> Double {
        guard s.peekKind() == .number else { throw Failure() }
        let d = s.doubleValue(try s.scanNumber())
        guard d.isFinite else { throw Failure() }
        return d
    }

    /// The next value as a boolean.
    public mutating func bool() throws -> Bool {
        guard s.peekKind() == .bool else { throw Failure() }
        return try s.readBool()
    }

    // Optional variants: nil for `null`.

    /// A string or nil for `null`.
    public mutating func optString() throws -> String? { try isNull() ? nil : try string() }
    public mutating func optInt() throws -> Int? { try isNull() ? nil : try int() }
    public mutating func optInt64() throws -> Int64? { try isNull() ? nil : try int64() }
    public mutating func optDouble() throws -> Double? { try isNull() ? nil : try double() }
    public mutating func optArray<T>(_ element: (inout JSONPullReader) throws -> T) throws -> [T]? {
        if try isNull() { return nil }
        var out: [T] = []
        try array { out.append(try element(&$0)) }
        return out
    }

    /// Skips any value, checking its syntax but building nothing.
    public mutating func skip() throws { try s.skipValue() }
}

/// Lets `switch key { case "name": … }` compare a key in place (a global operator, so it is
/// found from other modules).
public func ~= (pattern: StaticString, key: JSONPullReader.Key) -> Bool {
    key.matches(pattern.utf8Start, pattern.utf8CodeUnitCount)
}
