import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Numbers and the literals `true`, `false`, `null`: the JSON number grammar, exact integer
/// conversion with overflow checks, and doubles via Clinger's fast path or strtod.
extension JSONScanner {
    /// A scanned number: its byte range and whether it has a fraction or exponent.
    public struct NumberToken { public var start: Int; public var end: Int; public var isInteger: Bool }

    /// Scans a number per the JSON grammar.
    public mutating func scanNumber() throws -> NumberToken {
        let start = pos
        if pos < count && base[pos] == UInt8(ascii: "-") {
            pos += 1
            if pos < count && base[pos] == UInt8(ascii: "I") { throw JSONError(code: .jsonNonFinite, message: "NaN and Infinity are not JSON numbers", offset: start) }
        }
        guard pos < count, isDigit(base[pos]) else { throw fail("invalid number: expected a digit, found \(describeByte(at: pos))") }
        if base[pos] == UInt8(ascii: "0") {
            pos += 1
            if pos < count && isDigit(base[pos]) { throw fail("invalid number: leading zero", at: start) }
        } else {
            while pos < count && isDigit(base[pos]) { pos += 1 }
        }
        var isInteger = true
        if pos < count && base[pos] == UInt8(ascii: ".") {
            isInteger = false
            pos += 1
            guard pos < count, isDigit(base[pos]) else { throw fail("invalid number: expected a digit after '.'") }
            while pos < count && isDigit(base[pos]) { pos += 1 }
        }
        if pos < count && (base[pos] == UInt8(ascii: "e") || base[pos] == UInt8(ascii: "E")) {
            isInteger = false
            pos += 1
            if pos < count && (base[pos] == UInt8(ascii: "+") || base[pos] == UInt8(ascii: "-")) { pos += 1 }
            guard pos < count, isDigit(base[pos]) else { throw fail("invalid number: expected a digit in exponent") }
            while pos < count && isDigit(base[pos]) { pos += 1 }
        }
        if pos - start > limits.maxNumberBytes {
            throw JSONError(code: .jsonNumberRange, message: "number literal of \(pos - start) characters is longer than mwkit reads (\(limits.maxNumberBytes))", offset: start)
        }
        return NumberToken(start: start, end: pos, isInteger: isInteger)
    }

    /// The token's value as an integer, or nil if it has a non-zero fraction or is out of Int64 range.
    public func integerValue(_ t: NumberToken) -> Int64? {
        if t.isInteger {
            var i = t.start
            let neg = base[i] == UInt8(ascii: "-")
            if neg { i += 1 }
            var v: Int64 = 0
            while i < t.end {
                let d = Int64(base[i] &- 48)
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (s, o2) = neg ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
                if o1 || o2 { return nil }
                v = s
                i += 1
            }
            return v
        }
        let d = doubleValue(t)
        guard d.isFinite, d == d.rounded(), abs(d) < 9.2e18 else { return nil }
        return Int64(d)
    }

    /// The token's value as a Double (correctly rounded by strtod); may be infinite when out of range.
    public func doubleValue(_ t: NumberToken) -> Double {
        if let fast = fastDouble(t) { return fast }
        let n = t.end - t.start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf in
            for k in 0..<n { buf[k] = CChar(bitPattern: base[t.start + k]) }
            buf[n] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }

    /// Clinger's fast path: a decimal with at most 15 significant digits and no exponent is
    /// an exact integer divided by an exact power of ten, so one IEEE division rounds it
    /// correctly — the same result as strtod, several times faster (dates have fractions).
    private func fastDouble(_ t: NumberToken) -> Double? {
        var i = t.start
        let neg = base[i] == UInt8(ascii: "-")
        if neg { i += 1 }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, seenDot = false
        while i < t.end {
            let c = base[i]
            if c == UInt8(ascii: ".") { seenDot = true; i += 1; continue }
            guard isDigit(c) else { return nil } // exponent: slow path
            if mantissa != 0 || c != 48 { digits += 1 }
            if digits > 15 { return nil }
            mantissa = mantissa * 10 + UInt64(c - 48)
            if seenDot { fraction += 1 }
            i += 1
        }
        guard fraction <= 22 else { return nil }
        let v = Double(mantissa) / JSONScanner.powersOfTen[fraction]
        return neg ? -v : v
    }

    private static let powersOfTen: [Double] = (0...22).map { p in (0..<p).reduce(1.0) { a, _ in a * 10 } }

    /// Reads `true` or `false`.
    public mutating func readBool() throws -> Bool {
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw unexpectedValue()
    }

    /// Reads `null`.
    public mutating func readNull() throws {
        if !matchLiteral("null") { throw unexpectedValue() }
    }

    private mutating func matchLiteral(_ lit: StaticString) -> Bool {
        let n = lit.utf8CodeUnitCount
        guard pos + n <= count, memcmp(base + pos, lit.utf8Start, n) == 0 else { return false }
        if pos + n < count, isIdentChar(base[pos + n]) { return false }
        pos += n
        return true
    }
}
