#if canImport(Glibc)
import Glibc
#endif

/// Skipping values: the validating skip used for unknown keys, and the bracket-counting skip
/// the top-level pre-scan uses for collections the main pass reads again.
extension JSONScanner {
    /// Skips an array or object by bracket counting only (strings are jumped over, nothing is
    /// validated), handing passed pages back to `mapped`. Used by the top-level pre-scan for
    /// collections the main pass reads (and validates) again; on any doubt it throws and the
    /// caller falls back to ``skipValue()``.
    public mutating func fastSkipContainer(mapped: MappedFile?) throws {
        var d = 0
        var lastRelease = pos
        while pos < count {
            let c = base[pos]
            switch c {
            case UInt8(ascii: "\""):
                // Jump to the closing quote with memchr; a quote preceded by an odd number of
                // backslashes is escaped.
                pos += 1
                while pos < count {
                    guard let q = memchr(base + pos, 0x22, count - pos) else { pos = count; break }
                    let qi = base.distance(to: q.assumingMemoryBound(to: UInt8.self))
                    var bs = 0
                    while qi - bs - 1 >= pos && base[qi - bs - 1] == UInt8(ascii: "\\") { bs += 1 }
                    pos = qi
                    if bs % 2 == 0 { break }
                    pos += 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                d += 1
                if d > limits.maxDepth { throw JSONError(code: .jsonTooDeep, message: "nesting too deep", offset: pos) }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                d -= 1
                if d == 0 { pos += 1; return }
            default: break
            }
            pos += 1
            if pos - lastRelease > 1 << 20 {
                mapped?.releaseBefore(pos)
                lastRelease = pos
            }
        }
        throw fail("unterminated value", at: count)
    }

    /// Skips one complete value, validating it fully (strings, numbers, nesting, duplicate keys
    /// are not checked inside unknown values).
    public mutating func skipValue() throws {
        switch peekKind() {
        case .object:
            try beginObject()
            var first = true
            while try nextKey(first: &first) != nil { try skipValue() }
        case .array:
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skipValue() }
        case .string: _ = try scanString()
        case .number: _ = try scanNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        case .end: throw fail("expected a value", at: count)
        case .invalid: throw unexpectedValue()
        }
    }
}
