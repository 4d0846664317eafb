import Foundation
import MWFoundation

/// Reading single values of a JSON export the way the services write them (Ryot, Simkl): numbers
/// as numbers or strings, dates that must never vanish in silence.
enum JSONValues {
    /// An integer written as a number or a string.
    static func int(_ any: Any?) -> Int? {
        if let n = any as? NSNumber { return n.intValue }
        return Values.int(any as? String)
    }

    /// A decimal written as a number or a string (`"85.5"`: Rust's decimals serialise as strings).
    static func number(_ any: Any?) -> Double? {
        if let n = any as? NSNumber { return n.doubleValue }
        return Values.text(any as? String).flatMap { Double($0) }
    }

    /// The date at `pointer`; a value there that gives no date is reported with its place, and
    /// the record keeps no date rather than an invented one.
    static func date(_ any: Any?, _ file: ExportFile, _ pointer: String, _ c: ItemCollector) -> ForeignDate? {
        let raw = any as? String
        if let d = ForeignDate.parse(raw) { return d }
        if let why = ForeignDate.unreadable(raw) ?? ((any == nil || any is NSNull || raw != nil) ? nil : "\(any!) is not a date") {
            c.warn(.warning(.importBadValue, "\(file.display): \(pointer): \(why)", pointer: pointer))
        }
        return nil
    }
}
