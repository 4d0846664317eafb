import Foundation

/// "Now" for everything mwkit writes (exportDate, stored timestamps, snapshot names, ZIP entry
/// times): `SOURCE_DATE_EPOCH` (whole seconds since 1970) when set, so the same input gives the
/// same bytes; else the system clock. The one place that reads the variable.
public enum Clock {
    /// `SOURCE_DATE_EPOCH` as a date, nil when unset or not a whole number.
    public static func sourceDateEpoch(environment env: [String: String] = ProcessInfo.processInfo.environment) -> Date? {
        guard let s = env["SOURCE_DATE_EPOCH"], let v = Int64(s.trimmingCharacters(in: .whitespaces)) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(v))
    }

    /// The current date, or `SOURCE_DATE_EPOCH` when set.
    public static func now(environment env: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        sourceDateEpoch(environment: env) ?? Date()
    }
}
