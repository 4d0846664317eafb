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
