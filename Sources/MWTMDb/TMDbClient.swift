import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging

/// A TMDb API v3 client: one long-lived `URLSession`, a client-side rate limiter, at most
/// ``TMDbClientOptions/maxConcurrent`` requests in flight, bounded retries (429 honouring
/// `Retry-After`, 5xx and network errors with jittered exponential backoff; never 401/404)
/// and an optional SQLite response cache.
///
/// The credential is added to the request only at the last moment; URLs in errors, logs and
/// cache keys are built without it, and every message is scrubbed of the secret as well.
///
/// The client is split by concern: endpoints (TMDbEndpoints.swift), credential-free URLs
/// (TMDbClient+URLs.swift), credentials and redaction (TMDbClient+Credentials.swift), the cache
/// (TMDbClient+Cache.swift), decoding (TMDbClient+Decoding.swift), sending with retries
/// (TMDbClient+Retry.swift) and statistics (TMDbStats.swift).
public final class TMDbClient: Sendable {
    /// The settings the client was made with.
    public let options: TMDbClientOptions
    // Internal rather than private so the extensions in the other files can reach them.
    let credentials: TMDbCredentials?
    let session: URLSession
    let limiter: RateLimiter
    let gate: AsyncSemaphore
    let backoff: Backoff
    let logger: Logger
    let counters = Counters()
    let preloaded = Preloaded()
    /// The credential-free API root every public URL starts with (computed once).
    let publicBase: String

    /// - Parameters:
    ///   - credentials: nil is allowed only for offline use (every network request then fails
    ///     with ``TMDbError/missingCredentials``).
    ///   - logger: where retries and failures are logged (never with the secret).
    public init(credentials: TMDbCredentials?, options: TMDbClientOptions = .init(),
                logger: Logger = Logger(label: "mwkit.tmdb")) {
        self.credentials = credentials
        self.options = options
        publicBase = TMDbClient.publicBase(options.baseURL)
        let config = URLSessionConfiguration.ephemeral
        config.httpMaximumConnectionsPerHost = options.maxConcurrent
        config.timeoutIntervalForRequest = TimeInterval(options.timeoutSeconds)
        config.timeoutIntervalForResource = TimeInterval(options.timeoutSeconds * 4)
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.urlCache = nil
        config.httpCookieStorage = nil
        session = URLSession(configuration: config)
        limiter = RateLimiter(requestsPerSecond: options.requestsPerSecond)
        gate = AsyncSemaphore(limit: options.maxConcurrent)
        backoff = Backoff(base: options.baseBackoff, cap: options.maxBackoff)
        self.logger = logger
    }

    deinit { session.finishTasksAndInvalidate() }
}
