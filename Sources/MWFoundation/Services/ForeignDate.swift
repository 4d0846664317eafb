import Foundation

/// A date as an export wrote it, keeping how precise it was. Letterboxd and IMDb write days
/// (`2023-09-10`): a day is not an instant and must stay the same calendar day whatever the time
/// zone, so it is kept as a day. Trakt writes instants (`2024-09-10T13:52:56.000Z`). TV Time and
/// old IMDb write wall-clock times without a zone (`2019-10-04 03:43:42`): kept as local times.
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

    public init(raw: String, precision: Precision, date: Date) {
        self.raw = raw
        self.precision = precision
        self.date = date
    }

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
        // ctime (`Sat Apr 23 08:36:35 2011`, IMDb lists up to 2017): a wall-clock time.
        if let d = ctime(s) { return ForeignDate(raw: value, precision: .localTime, date: d) }
        // A Unix timestamp written as a float (`1.707766149e+09`, TV Time's Go map dumps).
        if s.contains("e+") || s.allSatisfy({ $0.isNumber || $0 == "." }), s.count >= 9, let t = Double(s), t > 0 {
            return ForeignDate(raw: value, precision: .instant, date: Date(timeIntervalSince1970: t))
        }
        return nil
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
