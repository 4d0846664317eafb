import Foundation
import MWMacros

/// A date as an export wrote it, keeping how precise it was. Letterboxd and IMDb write days
/// (`2023-09-10`): a day is not an instant and must stay the same calendar day whatever the time
/// zone, so it is kept as a day. Trakt writes instants (`2024-09-10T13:52:56.000Z`). TV Time and
/// old IMDb write wall-clock times without a zone (`2019-10-04 03:43:42`): kept as local times.
@PublicMemberwiseInit
public struct ForeignDate: Sendable, Codable, Hashable, Comparable {
    /// How precise the written value is.
    public enum Precision: String, Sendable, Codable {
        /// A calendar day, no time (`2023-09-10`).
        case day
        /// A date and time without a zone (`2019-10-04 03:43:42`, `Sat Apr 23 08:36:35 2011`).
        case localTime
        /// An instant: a time with a zone or UTC marker (`…Z`, `+0000 UTC`, a Unix timestamp).
        case instant
    }

    /// The value exactly as written in the file.
    public var raw: String
    public var precision: Precision
    /// For `.day`: 00:00 UTC of that day; `.localTime`: the wall-clock time read as if UTC;
    /// `.instant`: the instant.
    public var date: Date

    /// The calendar day `YYYY-MM-DD` (for `.instant`, the UTC day).
    public var day: String { String(DateCoding.formatRFC3339(date).prefix(10)) }

    public static func < (a: ForeignDate, b: ForeignDate) -> Bool { a.date < b.date }

    /// Parses the date forms the supported exports use; nil for an empty value, for the
    /// "unknown" placeholder `0001-01-01` (TV Time) and for anything unreadable (callers report
    /// that with the raw value).
    public static func parse(_ value: String?) -> ForeignDate? {
        guard let value else { return nil }
        let s = value.trimmedBlanks(newlines: false)
        if s.isEmpty || s.hasPrefix("0001-01-01") || s.hasPrefix("0000-00-00") { return nil }
        let b = Array(s.utf8)
        // YYYY-MM-DD or YYYY/MM/DD
        if b.count == 10, let d = civil(b, sep: b[4]) {
            return ForeignDate(raw: value, precision: .day, date: d)
        }
        if b.count >= 19, b.count > 10, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " ") {
            // Zoned ISO 8601 (Trakt, TV Time 2026 export): an instant.
            if let d = DateCoding.parseISO(s) { return ForeignDate(raw: value, precision: .instant, date: d) }
            // Go's time.String(): `2017-05-02 21:24:51 +0000 UTC`.
            if s.hasSuffix(" UTC"), let d = DateCoding.parseISO(String(s.dropLast(4)).replacingOccurrences(of: " +", with: "+").replacingOccurrences(of: " -", with: "-")) {
                return ForeignDate(raw: value, precision: .instant, date: d)
            }
            // No zone: a wall-clock time.
            if let d = DateCoding.parseISO(s + "Z") { return ForeignDate(raw: value, precision: .localTime, date: d) }
        }
        // A day as a spreadsheet re-saved it (`25/12/2021`, `12-25-21`, `25.12.2021`).
        if let d = spreadsheetDay(s) { return ForeignDate(raw: value, precision: .day, date: d) }
        // ctime (`Sat Apr 23 08:36:35 2011`, IMDb lists up to 2017): a wall-clock time.
        if let d = ctime(s) { return ForeignDate(raw: value, precision: .localTime, date: d) }
        // A Unix timestamp written as a float (`1.707766149e+09`, TV Time's Go map dumps).
        if s.contains("e+") || s.allSatisfy({ $0.isNumber || $0 == "." }), s.count >= 9, let t = Double(s), t > 0 {
            return ForeignDate(raw: value, precision: .instant, date: Date(timeIntervalSince1970: t))
        }
        return nil
    }

    /// Why a non-empty `value` that ``parse(_:)`` cannot read gives no date, for a warning;
    /// nil when it is empty, a placeholder for "unknown" (`0001-01-01`) or readable.
    public static func unreadable(_ value: String?) -> String? {
        guard let value else { return nil }
        let s = value.trimmedBlanks(newlines: false)
        if s.isEmpty || s.hasPrefix("0001-01-01") || s.hasPrefix("0000-00-00") || parse(s) != nil { return nil }
        if let (a, b) = spreadsheetReadings(s), a != nil, b != nil {
            return "\(quoted(value)) could be read day first or month first; kept without a date"
        }
        return "\(quoted(value)) is not a date"
    }

    /// `DD/MM/YYYY`, `MM/DD/YYYY`, `DD-MM-YY`, `DD.MM.YYYY` (one- or two-digit day and month,
    /// two- or four-digit year): the day a spreadsheet writes back when it re-saves an export in
    /// the user's locale. Read only when unambiguous: one order gives no valid day (`25/12/2021`,
    /// `12/25/2021`), or both orders give the same day (`05/05/2021`); `.` is written day first
    /// by every locale that uses it. A two-digit year is 2000–2069 below 70, else 1900s.
    static func spreadsheetDay(_ s: String) -> Date? {
        guard let (dayFirst, monthFirst) = spreadsheetReadings(s) else { return nil }
        switch (dayFirst, monthFirst) {
        case let (a?, b?): return a == b ? a : nil
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }

    /// The two readings of a spreadsheet day (day first, month first), nil when not of that shape.
    private static func spreadsheetReadings(_ s: String) -> (Date?, Date?)? {
        guard let sep = s.first(where: { $0 == "/" || $0 == "-" || $0 == "." }) else { return nil }
        let p = s.split(separator: sep, omittingEmptySubsequences: false)
        guard p.count == 3, p.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              p[0].count <= 2, p[1].count <= 2, p[2].count == 2 || p[2].count == 4,
              let a = Int(p[0]), let b = Int(p[1]), var y = Int(p[2]) else { return nil }
        if p[2].count == 2 { y += y < 70 ? 2000 : 1900 }
        func day(_ d: Int, _ m: Int) -> Date? {
            guard (1...12).contains(m), d >= 1, d <= DateCoding.daysIn(month: m, year: y) else { return nil }
            return Date(timeIntervalSince1970: Double(DateCoding.daysFromCivil(y, m, d) * 86_400))
        }
        return (day(a, b), sep == "." ? nil : day(b, a))
    }

    private static func civil(_ b: [UInt8], sep: UInt8) -> Date? {
        guard sep == UInt8(ascii: "-") || sep == UInt8(ascii: "/"), b[7] == sep else { return nil }
        func n(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r { guard (48...57).contains(b[i]) else { return nil }; v = v * 10 + Int(b[i] - 48) }
            return v
        }
        guard let y = n(0..<4), let m = n(5..<7), let d = n(8..<10), (1...12).contains(m),
              d >= 1, d <= DateCoding.daysIn(month: m, year: y) else { return nil }
        return Date(timeIntervalSince1970: Double(DateCoding.daysFromCivil(y, m, d) * 86_400))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func ctime(_ s: String) -> Date? {
        let p = s.split(separator: " ", omittingEmptySubsequences: true)
        guard p.count == 5, let m = months.firstIndex(of: p[1].lowercased()), let d = Int(p[2]), let y = Int(p[4]) else { return nil }
        let t = p[3].split(separator: ":")
        guard t.count == 3, let h = Int(t[0]), let mi = Int(t[1]), let se = Int(t[2]),
              d >= 1, d <= DateCoding.daysIn(month: m + 1, year: y), h < 24, mi < 60, se < 61 else { return nil }
        let secs = DateCoding.daysFromCivil(y, m + 1, d) * 86_400 + Int64(h * 3600 + mi * 60 + se)
        return Date(timeIntervalSince1970: Double(secs))
    }
}
