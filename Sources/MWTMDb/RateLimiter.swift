import Foundation

/// Spaces request starts at least `1/rate` seconds apart across all tasks of a client, and lets
/// a 429 pause everyone (TMDb's limit is per key, so one refusal means all should wait).
///
/// Why spacing rather than a bursty token bucket: TMDb counts requests over short windows;
/// evenly spaced starts reach the configured rate without ever bursting past it.
actor RateLimiter {
    private let interval: Duration
    private var next: ContinuousClock.Instant

    init(requestsPerSecond: Double) {
        let r = requestsPerSecond > 0 ? requestsPerSecond : 1_000_000
        interval = .nanoseconds(Int64((1e9 / r).rounded()))
        next = .now
    }

    /// Reserves the next start slot and returns when it is due.
    func reserve() -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        let slot = max(now, next)
        next = slot + interval
        return slot
    }

    /// Holds every later start until `seconds` from now (a 429's `Retry-After`).
    func pause(seconds: Double) {
        let until = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        if until > next { next = until }
    }

    /// Waits for a start slot.
    nonisolated func acquire() async throws {
        let slot = await reserve()
        if slot > .now { try await Task.sleep(until: slot, clock: .continuous) }
    }
}

/// A counting semaphore for async code: at most `limit` holders at a time, FIFO.
actor AsyncSemaphore {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { available = limit }

    func wait() async {
        if available > 0 { available -= 1; return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func signal() {
        if waiters.isEmpty { available += 1 } else { waiters.removeFirst().resume() }
    }

    /// Runs `body` holding one permit.
    nonisolated func withPermit<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await wait()
        do {
            let r = try await body()
            await signal()
            return r
        } catch {
            await signal()
            throw error
        }
    }
}

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
