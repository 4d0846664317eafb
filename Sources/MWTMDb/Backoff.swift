import Foundation

/// Backoff delays: exponential from `base`, capped, with "equal jitter" (half fixed, half
/// random) so retrying clients spread out instead of hammering in lock-step.
struct Backoff: Sendable {
    var base: Double
    var cap: Double

    /// Delay before retry number `attempt` (1 = first retry).
    func delay(attempt: Int) -> Double {
        let d = min(cap, base * pow(2, Double(max(0, attempt - 1))))
        return d / 2 + Double.random(in: 0...(d / 2))
    }

    /// Parses `Retry-After`: delta seconds or an HTTP date; nil when absent or unreadable.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let v = value?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return nil }
        if let s = Double(v), s >= 0, s.isFinite { return s }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        if let d = f.date(from: v) { return max(0, d.timeIntervalSince(now)) }
        return nil
    }
}
