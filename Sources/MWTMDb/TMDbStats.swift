import Foundation
import MWCore

extension TMDbClient {
    /// What the client did so far.
    public struct Stats: Sendable, Equatable {
        /// HTTP requests sent to the API (each retry counts).
        public var requests = 0
        /// Requests answered from the cache.
        public var cacheHits = 0
        /// Retries after 429, 5xx or network errors.
        public var retries = 0
        /// Image downloads sent.
        public var imageRequests = 0
        /// When the first API request started (for the achieved rate).
        public var firstRequest: ContinuousClock.Instant?
        /// When the last API request started.
        public var lastRequest: ContinuousClock.Instant?

        /// Requests per second between the first and the last request start.
        public var achievedRate: Double? {
            guard let a = firstRequest, let b = lastRequest, requests > 1 else { return nil }
            let s = (b - a) / .seconds(1)
            return s > 0 ? Double(requests - 1) / s : nil
        }
    }

    /// A snapshot of the statistics so far.
    public var stats: Stats { counters.get() }
}

/// Lock-protected statistics shared by the client's tasks, and the one piece of state that
/// stops them: the credential refusal.
final class Counters: Sendable {
    private struct State { var value = TMDbClient.Stats(); var refusal: String? }
    private let state = Locked(State())
    func update(_ f: (inout TMDbClient.Stats) -> Void) { state.withLock { f(&$0.value) } }
    func get() -> TMDbClient.Stats { state.withLock { $0.value } }

    /// Records that TMDb refused the credentials (401); every later API request fails at once.
    func refuse(_ message: String) { state.withLock { if $0.refusal == nil { $0.refusal = message } } }
    /// The refusal, once there was one.
    var refused: String? { state.withLock { $0.refusal } }
}
