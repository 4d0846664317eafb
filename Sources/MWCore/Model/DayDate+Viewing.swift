import Foundation
import MWFoundation

extension Viewing {
    /// The instant v1's `watchedDate` takes for this viewing: the date itself for an instant,
    /// the day's 11:00 UTC for a day (``DayDate/instant(ofDay:)``); nil when undated.
    public var watchedDate: Date? {
        guard let date else { return nil }
        return precision == .day ? DayDate.instant(ofDay: date) : date
    }

    /// A viewing of the day `day` (any instant of it: its UTC midnight is kept).
    public static func onDay(_ day: Date, rewatch: Bool = false, source: String? = nil) -> Viewing {
        Viewing(date: DayDate.day(of: day), precision: .day, rewatch: rewatch, source: source)
    }
}
