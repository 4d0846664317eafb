import Foundation

/// Settings of a ``TMDbClient``. Defaults suit the real API; tests shrink the delays.
public struct TMDbClientOptions: Sendable {
    /// The API root, e.g. `https://api.themoviedb.org/3` (`--tmdb-base-url` / `TMDB_BASE_URL`).
    public var baseURL: URL
    /// Requests per second at most (TMDb allows roughly 40–50; we stay below by default).
    public var requestsPerSecond: Double
    /// Requests in flight at most (TMDb tolerates about 20 connections; we use 6).
    public var maxConcurrent: Int
    /// Attempts per request, the first included, for 429, 5xx and network errors.
    public var maxAttempts: Int
    /// First backoff delay in seconds; doubles per attempt, with jitter, up to ``maxBackoff``.
    public var baseBackoff: Double
    /// Longest backoff delay, and the cap for an honoured `Retry-After`.
    public var maxBackoff: Double
    /// Request timeout in whole seconds (FoundationNetworking truncates fractions, so a
    /// fractional value would silently become a different one).
    public var timeoutSeconds: Int
    /// Response cache; nil disables caching.
    public var cache: TMDbCache?
    /// Cache entries older than this are refetched (unless offline).
    public var cacheTTL: TimeInterval
    /// Serve only from the cache; a miss is ``TMDbError/offlineMiss(_:)``.
    public var offline: Bool
    /// `language` query item sent with every request (nil: TMDb's default, en-US).
    public var language: String?

    /// The public API root.
    public static let defaultBaseURL = URL(string: "https://api.themoviedb.org/3")!
    /// Default: 35 requests per second, under TMDb's documented ~40.
    public static let defaultRate = 35.0

    public init(baseURL: URL = TMDbClientOptions.defaultBaseURL, requestsPerSecond: Double = TMDbClientOptions.defaultRate,
                maxConcurrent: Int = 6, maxAttempts: Int = 5, baseBackoff: Double = 0.5, maxBackoff: Double = 30,
                timeoutSeconds: Int = 30, cache: TMDbCache? = nil, cacheTTL: TimeInterval = 7 * 86400,
                offline: Bool = false, language: String? = nil) {
        self.baseURL = baseURL
        self.requestsPerSecond = requestsPerSecond
        self.maxConcurrent = max(1, min(maxConcurrent, 6))
        self.maxAttempts = max(1, maxAttempts)
        self.baseBackoff = baseBackoff
        self.maxBackoff = maxBackoff
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.cache = cache
        self.cacheTTL = cacheTTL
        self.offline = offline
        self.language = language
    }

    /// Base URL from `TMDB_BASE_URL` when set, else the public API.
    public static func baseURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let s = environment["TMDB_BASE_URL"], !s.isEmpty, let u = URL(string: s) { return u }
        return defaultBaseURL
    }
}
