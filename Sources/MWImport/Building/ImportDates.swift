import Foundation
import MWCore
import MWFoundation

/// How an export's dates become model dates (docs/FORMAT.md "Days", docs/IMPORT.md).
///
/// A day (`2023-09-10`, Letterboxd, IMDb) is not an instant: it becomes 12:00:00 UTC of that
/// day with ``DatePrecision/day``, so the calendar day reads back the same in every time zone
/// from UTC−12 to UTC+11, and the day (not the noon) is what a v2 reader keeps. An instant
/// (Trakt) stays itself. A wall-clock time without a zone (TV Time, old IMDb) is read as UTC,
/// an instant (the model has no "local time" precision; the exports give no zone to apply).
enum ImportDates {
    /// Seconds from 00:00 to 12:00.
    static let noon: TimeInterval = 12 * 3600

    /// The model date of `d` and its precision.
    static func model(_ d: ForeignDate) -> (date: Date, precision: DatePrecision) {
        switch d.precision {
        case .day: return (dayAtNoon(d.date), .day)
        case .localTime, .instant: return (d.date, .instant)
        }
    }

    /// The model date of `d` alone.
    static func date(_ d: ForeignDate?) -> Date? { d.map { model($0).date } }

    /// 12:00:00 UTC of the UTC day holding `midnight` (`ForeignDate` keeps days at 00:00 UTC).
    private static func dayAtNoon(_ midnight: Date) -> Date {
        let day = (midnight.timeIntervalSince1970 / 86_400).rounded(.down)
        return Date(timeIntervalSince1970: day * 86_400 + noon)
    }
}
