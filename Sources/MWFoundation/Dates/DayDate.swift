import Foundation

/// Calendar days, one rule for both families, films and books (docs/FORMAT.md#days). A
/// date-only value — Letterboxd's `Watched Date`, an IMDb `Date Rated`, a Goodreads `Date
/// Read` — is a day, not an instant. The model holds a day as the `Date` of its
/// midnight UTC with `DatePrecision.day`; formatVersion 3 writes it as `"YYYY-MM-DD"`.
///
/// v1 has only instants (`watchedDate`), and a book entry's dates are instants. A day becomes the instant of its **11:00 UTC**
/// (``instant(ofDay:)``): that instant falls on the same calendar day in every time zone from
/// UTC−11 to UTC+12:59 (it is 00:00 at UTC−11 and 23:00 at UTC+12), so the app shows the day
/// the user logged wherever it runs, New Zealand included. (Noon UTC would be 00:00 of the next
/// day at UTC+12.) Back from such an instant, ``day(of:)`` gives the same day exactly (the UTC
/// day the instant falls in).
///
/// Plain arithmetic on seconds since 1970 (no `Calendar`): the proleptic Gregorian calendar in
/// UTC, no leap seconds, as RFC 3339 and Foundation count.
public enum DayDate {
    private static let secondsPerDay: Double = 86_400
    private static let unixToReference: Double = 978_307_200

    /// Midnight UTC of a day; nil when the day does not exist (month 13, 30 February).
    public static func day(year: Int, month: Int, day: Int) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(year: year, month: month) else { return nil }
        return Date(timeIntervalSince1970: Double(DateCoding.daysFromCivil(year, month, day)) * secondsPerDay)
    }

    /// The day of `"YYYY-MM-DD"` (exactly that: four-digit year, two-digit month and day).
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        func digits(_ r: Range<Int>) -> Int? {
            var n = 0
            for i in r {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        guard let y = digits(0..<4), let m = digits(5..<7), let d = digits(8..<10) else { return nil }
        return day(year: y, month: m, day: d)
    }

    /// Whether `date` is a midnight UTC, i.e. can stand for a day.
    public static func isDay(_ date: Date) -> Bool {
        let t = date.timeIntervalSince1970
        return t.isFinite && (t / secondsPerDay).rounded(.down) * secondsPerDay == t
    }

    /// The midnight UTC of the UTC calendar day `date` falls in.
    public static func day(of date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / secondsPerDay).rounded(.down) * secondsPerDay)
    }

    /// The hour of the day, UTC, a day's v1 instant is at (see above).
    public static let v1InstantHourUTC = 11

    /// The v1 instant of a day: its 11:00 UTC (`day` is taken as the UTC day it falls in).
    public static func instant(ofDay day: Date) -> Date {
        Date(timeIntervalSince1970: self.day(of: day).timeIntervalSince1970 + Double(v1InstantHourUTC) * 3600)
    }

    /// Whether `date` is exactly a day's v1 instant (its 11:00:00 UTC), so stands for that day.
    public static func isV1Instant(_ date: Date) -> Bool {
        let t = date.timeIntervalSince1970 - Double(v1InstantHourUTC) * 3600
        return t.isFinite && (t / secondsPerDay).rounded(.down) * secondsPerDay == t
    }

    /// `"YYYY-MM-DD"` of the UTC day `date` falls in.
    public static func string(_ date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / secondsPerDay).rounded(.down))
        let (y, m, d) = DateCoding.civilFromDays(Int64(days))
        func pad(_ n: Int, _ w: Int) -> String {
            let s = String(abs(n))
            return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, w - s.count)) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    private static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
