import Foundation
import MWCore
import MWFoundation

/// How an export's dates become model dates (docs/FORMAT.md#days, docs/IMPORT.md).
///
/// A day (`2023-09-10`, Letterboxd, IMDb) is not an instant. Where the model keeps a precision
/// (viewings, ratings) it stays a day: its 00:00 UTC with ``DatePrecision/day`` (``DayDate``).
/// Where the model holds an instant only (watchedDate, dateAdded, a list's dates) it becomes
/// the instant v1 uses for a day, ``DayDate/instant(ofDay:)``, which reads back as the same
/// calendar day in every time zone. An instant (Trakt) stays itself. A wall-clock time without
/// a zone (TV Time, old IMDb) is read as UTC, an instant (the exports give no zone to apply).
enum ImportDates {
    /// The model date of `d` and its precision, for values that keep one.
    static func model(_ d: ForeignDate) -> (date: Date, precision: DatePrecision) {
        switch d.precision {
        case .day: return (DayDate.day(of: d.date), .day)
        case .localTime, .instant: return (d.date, .instant)
        }
    }

    /// The instant for a model value that holds no precision.
    static func date(_ d: ForeignDate?) -> Date? {
        guard let d else { return nil }
        let (date, precision) = model(d)
        return precision == .day ? DayDate.instant(ofDay: date) : date
    }
}
