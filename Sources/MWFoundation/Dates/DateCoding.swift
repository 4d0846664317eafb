import Foundation

/// Date conversions between the app's representation (seconds since 2001-01-01T00:00:00Z as a
/// Double, i.e. `Date.timeIntervalSinceReferenceDate`) and JSON.
///
/// Hand-written because `ISO8601DateFormatter` is slow, allocates, and cannot round-trip every
/// sub-microsecond value; exact round trips are what make migrations lossless.
public enum DateCoding {
    /// Seconds between 1970-01-01 and 2001-01-01.
    public static let unixToReference: Int64 = 978_307_200

    /// Interprets a JSON number as a date under `encoding` (nil for `.iso8601`, where numbers are invalid).
    public static func date(fromNumber v: Double, encoding: DateEncoding) -> Date? {
        switch encoding {
        case .reference: return Date(timeIntervalSinceReferenceDate: v)
        case .unix: return Date(timeIntervalSince1970: v)
        case .unixMs: return Date(timeIntervalSince1970: v / 1000)
        case .iso8601: return nil
        }
    }

    /// Parses an ISO 8601 / RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM|±HHMM)`.
    /// Also accepts a lowercase `t`/`z`, a space separator, and a date alone (`YYYY-MM-DD`, UTC midnight).
    public static func parseISO(_ s: String) -> Date? {
        var u = Array(s.utf8)
        return u.withUnsafeMutableBufferPointer { parseISO(UnsafeBufferPointer($0)) }
    }

    public static func parseISO(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        func num(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = b[i + k]
                guard isDigit(c) else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += n
            return v
        }
        func lit(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let y = num(4), lit(UInt8(ascii: "-")), let mo = num(2), lit(UInt8(ascii: "-")), let d = num(2) else { return nil }
        guard (1...12).contains(mo), d >= 1, d <= daysIn(month: mo, year: y) else { return nil }
        var secs = daysFromCivil(y, mo, d) * 86_400
        if i == b.count { return referenceDate(unixSeconds: secs, fraction: 0) }
        guard i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let h = num(2), lit(UInt8(ascii: ":")), let mi = num(2), lit(UInt8(ascii: ":")), let se = num(2) else { return nil }
        guard h < 24, mi < 60, se < 61 else { return nil }
        secs += Int64(h * 3600 + mi * 60 + se)
        var fraction = 0.0
        if i < b.count && (b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",")) {
            let start = i
            i += 1
            while i < b.count && isDigit(b[i]) { i += 1 }
            guard i - start > 1 else { return nil }
            fraction = parseFraction(UnsafeBufferPointer(rebasing: b[(start + 1)..<i]))
        }
        guard i < b.count else { return nil } // a zone is required
        switch b[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: Int64 = b[i] == UInt8(ascii: "+") ? 1 : -1
            i += 1
            guard let oh = num(2) else { return nil }
            _ = lit(UInt8(ascii: ":"))
            guard let om = num(2), oh < 24, om < 60 else { return nil }
            secs -= sign * Int64(oh * 3600 + om * 60)
        default:
            return nil
        }
        guard i == b.count else { return nil }
        return referenceDate(unixSeconds: secs, fraction: fraction)
    }

    /// "0.<digits>" as a correctly rounded Double.
    private static func parseFraction(_ digits: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: digits.count + 3) { buf in
            buf[0] = 48; buf[1] = 46
            for k in 0..<digits.count { buf[k + 2] = CChar(bitPattern: digits[k]) }
            buf[digits.count + 2] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }

    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, as seconds since the reference date.
    static let firstRepresentable: Double = -63_113_904_000
    static let lastRepresentable: Double = 252_423_993_599

    /// Whether RFC 3339 can express `date`: years 1–9999.
    public static func isRepresentable(_ date: Date) -> Bool {
        let x = date.timeIntervalSinceReferenceDate
        return x.isFinite && x >= firstRepresentable && x < lastRepresentable + 1
    }

    /// Builds the reference-date Double the same way ``formatRFC3339(_:)`` inverts it.
    private static func referenceDate(unixSeconds: Int64, fraction: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(unixSeconds - unixToReference) + fraction)
    }

    /// Formats a date as RFC 3339 UTC with the fewest fractional digits that parse back to the
    /// exact same Double (none for whole seconds).
    /// Readers refuse dates outside ``isRepresentable(_:)``; a date beyond it (a library built
    /// in code) is written clamped to the nearest end rather than trapping.
    public static func formatRFC3339(_ date: Date) -> String {
        var x = date.timeIntervalSinceReferenceDate
        guard x.isFinite else { return "0001-01-01T00:00:00Z" }
        x = min(max(x, firstRepresentable), lastRepresentable)
        let whole = x.rounded(.down)
        let frac = x - whole // exact
        let unix = Int64(whole) + unixToReference
        var days = unix / 86_400
        var rem = unix % 86_400
        if rem < 0 { rem += 86_400; days -= 1 }
        let (y, m, d) = civilFromDays(days)
        // Years 1–9999 after the clamp: fixed width, written as bytes (string concatenation
        // was most of the cost of a date).
        var b = [UInt8](repeating: 0, count: 19)
        func put(_ v: Int, _ at: Int, _ width: Int) {
            var v = v
            for i in stride(from: at + width - 1, through: at, by: -1) { b[i] = UInt8(48 + v % 10); v /= 10 }
        }
        put(y, 0, 4); b[4] = 0x2D; put(m, 5, 2); b[7] = 0x2D; put(d, 8, 2); b[10] = 0x54
        put(Int(rem / 3600), 11, 2); b[13] = 0x3A; put(Int(rem % 3600 / 60), 14, 2); b[16] = 0x3A; put(Int(rem % 60), 17, 2)
        var s = String(decoding: b, as: UTF8.self)
        if frac != 0 {
            for digits in 1...60 {
                let f = fixed(frac, digits: digits) // "0.xxx"
                guard f.hasPrefix("0.") else { continue } // rounded up to 1.0: need more digits
                var t = f.dropFirst(2)
                while t.hasSuffix("0") { t = t.dropLast() }
                if t.isEmpty { continue }
                let back = Array(t.utf8).withUnsafeBufferPointer { parseFraction($0) }
                if whole + back == x {
                    s += "." + t
                    break
                }
            }
        }
        return s + "Z"
    }

    /// `frac` (in [0, 1)) as `String(format: "%.<digits>f", frac)` writes it: the exact binary
    /// value rounded half-to-even to `digits` decimals. Computed with 128-bit integers for up
    /// to 17 digits, because `String(format:)` costs about a microsecond a call and the date
    /// writer calls it several times per date (it was most of a batch migration's time).
    public static func fixed(_ frac: Double, digits: Int) -> String {
        guard digits <= 17, frac.isNormal, frac > 0, frac < 1 else { return String(format: "%.\(digits)f", frac) }
        // frac = mant × 2^-shift exactly.
        let mant = UInt128(frac.significandBitPattern | (1 << 52))
        let shift = 52 - Int(frac.exponent)
        guard shift < 127 else { return String(format: "%.\(digits)f", frac) }
        var pow10: UInt128 = 1
        for _ in 0..<digits { pow10 *= 10 }
        let product = mant * pow10
        var q = product >> shift
        let rem = product - (q << shift)
        let half = UInt128(1) << (shift - 1)
        if rem > half || (rem == half && q & 1 == 1) { q += 1 }
        if q == pow10 { return "1." + String(repeating: "0", count: digits) }
        let body = String(q)
        return "0." + String(repeating: "0", count: digits - body.count) + body
    }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil algorithms (public domain), on 1970-01-01 = day 0: the
    // one copy every day and instant of mwkit is counted with (DayDate, ForeignDate, ZIP times).

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return Int64(era * 146_097 + doe - 719_468)
    }

    /// The proleptic Gregorian (year, month, day) of a day number (days since 1970-01-01).
    public static func civilFromDays(_ z0: Int64) -> (Int, Int, Int) {
        let z = Int(z0) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// A Double as Swift's `JSONEncoder` writes it: shortest round-trip digits, no ".0" on
    /// whole numbers.
    public static func jsonNumber(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
