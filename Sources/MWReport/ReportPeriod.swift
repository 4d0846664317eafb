import Foundation

/// What a report covers: the whole history, or one calendar year (`--year`). Days and months
/// are UTC calendar days, as `mwkit stats` counts years (docs/REPORT.md "Dates").
public enum ReportPeriod: Sendable, Equatable {
    case allTime
    case year(Int)

    /// The year, for a year in review.
    public var year: Int? {
        if case .year(let y) = self { return y }
        return nil
    }

    /// Whether a dated event of `day` falls inside the period.
    func contains(_ day: Day) -> Bool { year.map { day.year == $0 } ?? true }
}

/// A UTC calendar day, the unit of every date in a report.
struct Day: Hashable, Comparable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC day of an instant (seconds arithmetic: a million viewings make a million calls).
    init(_ date: Date) {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        // Civil-from-days (H. Hinnant), exact for the proleptic Gregorian calendar.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// Days since 1970-01-01.
    var ordinal: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `2024-03-09`.
    var iso: String {
        func pad(_ n: Int, _ w: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, w - s.count)) + s }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    /// 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }
}

/// English month names, for labels.
let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                  "September", "October", "November", "December"]

/// The longest run of consecutive days in `days` (0 for none): its length and first day.
func longestStreak(_ days: Set<Day>) -> (length: Int, start: Day?) {
    let ordinals = days.map(\.ordinal).sorted()
    var best = 0, bestStart: Int?
    var run = 0, runStart = 0, previous = Int.min
    for o in ordinals {
        if o == previous + 1 { run += 1 } else { run = 1; runStart = o }
        if run > best { best = run; bestStart = runStart }
        previous = o
    }
    guard let bestStart else { return (0, nil) }
    return (best, Day(Date(timeIntervalSince1970: Double(bestStart) * 86_400)))
}
