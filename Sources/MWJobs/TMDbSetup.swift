import Foundation
import MWCore
import MWTMDb

/// How a job talks to TMDb: credentials, response cache, rate and timeouts. Builds the client
/// the way every command does, so programs embedding mwkit get the same rules.
public struct TMDbSetup: Sendable {
    /// Use only the response cache: no network, no credentials needed.
    public var offline = false
    /// Do not use the response cache.
    public var noCache = false
    /// The cache database (default: `$XDG_CACHE_HOME/mwkit/tmdb-cache.sqlite`).
    public var cachePath: String?
    /// Cached responses older than this are refetched.
    public var cacheTTLHours: Double = 24 * 7
    /// TMDb API root (default: `TMDB_BASE_URL` or the real API).
    public var baseURL: String?
    /// Requests per second at most.
    public var rate: Double = TMDbClientOptions.defaultRate
    /// Per-request timeout in whole seconds.
    public var timeoutSeconds: Int = 30

    public init() {}

    /// The first problem with these settings, as a usage error message; nil when they are usable.
    public var usageProblem: String? {
        guard rate > 0, rate.isFinite else { return "--rate must be a positive number, got \(rate)" }
        guard timeoutSeconds > 0 else { return "--timeout must be a positive number of seconds" }
        if offline && noCache { return "--offline needs the cache; drop --no-cache" }
        if let u = baseURL, URL(string: u)?.scheme == nil { return "--tmdb-base-url must be an absolute URL, got \(quoted(u))" }
        if cacheTTLHours < 0 { return "--cache-ttl-hours must not be negative" }
        return nil
    }

    /// Builds the client. Online, credentials are required (``MWError/usage(_:)`` otherwise;
    /// the secret is never part of a message). An unusable cache is a warning online and an
    /// error offline, where it is the only source.
    public func makeClient(environment env: [String: String] = ProcessInfo.processInfo.environment) throws -> (client: TMDbClient, warnings: [String]) {
        if let usageProblem { throw MWError.usage(usageProblem) }
        let credentials: TMDbCredentials?
        do {
            credentials = try TMDbCredentials.load(environment: env)
        } catch {
            // Offline runs need no credentials, so an unusable config file only matters online.
            if !offline { throw MWError.usage("\(error)") }
            credentials = nil
        }
        if credentials == nil && !offline { throw MWError.usage(TMDbError.missingCredentials.description) }

        var warnings: [String] = []
        var cache: TMDbCache? = nil
        if !noCache {
            let url = cachePath.map { URL(fileURLWithPath: $0) } ?? TMDbCache.defaultURL(environment: env)
            do {
                let c = try TMDbCache(url: url)
                warnings += c.warnings
                cache = c
            } catch {
                if offline { throw MWError.io("cannot open the TMDb cache \(url.path): \(error)") }
                warnings.append("cannot open the TMDb cache \(url.path) (\(error)); continuing without it")
            }
        }
        let base = baseURL.flatMap(URL.init(string:)) ?? TMDbClientOptions.baseURL(environment: env)
        let options = TMDbClientOptions(baseURL: base, requestsPerSecond: rate, timeoutSeconds: timeoutSeconds,
                                        cache: cache, cacheTTL: cacheTTLHours * 3600, offline: offline)
        return (TMDbClient(credentials: credentials, options: options), warnings)
    }
}
