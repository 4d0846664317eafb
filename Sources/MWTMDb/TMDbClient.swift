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
public final class TMDbClient: Sendable {
    public let options: TMDbClientOptions
    private let credentials: TMDbCredentials?
    private let session: URLSession
    private let limiter: RateLimiter
    private let gate: AsyncSemaphore
    private let backoff: Backoff
    private let logger: Logger
    private let counters = Counters()
    private let preloaded = Preloaded()
    private let publicBase: String

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

    // MARK: Statistics

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
        /// When the first and the last API request started (for the achieved rate).
        public var firstRequest: ContinuousClock.Instant?
        public var lastRequest: ContinuousClock.Instant?

        /// Requests per second between the first and the last request start.
        public var achievedRate: Double? {
            guard let a = firstRequest, let b = lastRequest, requests > 1 else { return nil }
            let s = (b - a) / .seconds(1)
            return s > 0 ? Double(requests - 1) / s : nil
        }
    }

    public var stats: Stats { counters.get() }

    // MARK: Endpoints

    /// `GET /configuration`: image base URL and sizes.
    public func configuration() async throws -> TMDbConfiguration {
        try await get("/configuration", as: TMDbConfiguration.self)
    }

    /// `GET /movie/{id}`, appending `external_ids` by default (one request for all mwkit needs).
    public func movie(_ id: Int64, append: [String] = ["external_ids"]) async throws -> TMDbMovie {
        let r = TMDbClient.movieRequest(id, append: append)
        return try await get(r.path, query: r.query, as: TMDbMovie.self)
    }

    /// `GET /tv/{id}` with up to 20 appended sub-requests, e.g. `external_ids`, `season/1`.
    public func show(_ id: Int64, append: [String] = ["external_ids"]) async throws -> TMDbShow {
        let r = TMDbClient.showRequest(id, append: append)
        return try await get(r.path, query: r.query, as: TMDbShow.self)
    }

    /// Path and query of ``movie(_:append:)``.
    public static func movieRequest(_ id: Int64, append: [String]) -> (path: String, query: [(String, String)]) {
        ("/movie/\(id)", appendQuery(append))
    }

    /// Path and query of ``show(_:append:)``.
    public static func showRequest(_ id: Int64, append: [String]) -> (path: String, query: [(String, String)]) {
        ("/tv/\(id)", appendQuery(append))
    }

    /// Loads the cached responses of many requests in one database read, so a run over a
    /// warm cache does not pay a lookup per title. Later ``get`` calls use them first.
    public func preloadCache(_ requests: [(path: String, query: [(String, String)])]) {
        guard let cache = options.cache, !requests.isEmpty else { return }
        preloaded.set(cache.entries(for: requests.map { publicKey($0.path, query: $0.query) }))
    }

    /// `GET /tv/{id}/season/{n}`.
    public func season(show id: Int64, number: Int) async throws -> TMDbSeason {
        try await get("/tv/\(id)/season/\(number)", as: TMDbSeason.self)
    }

    /// `GET /find/{imdbId}?external_source=imdb_id`.
    public func find(imdbID: String) async throws -> TMDbFindResult {
        try await get("/find/\(imdbID)", query: [("external_source", "imdb_id")], as: TMDbFindResult.self)
    }

    /// `GET /search/movie`.
    public func searchMovies(_ text: String, page: Int = 1) async throws -> TMDbSearchPage {
        try await get("/search/movie", query: [("query", text), ("page", String(page))], as: TMDbSearchPage.self)
    }

    /// `GET /search/tv`.
    public func searchTV(_ text: String, page: Int = 1) async throws -> TMDbSearchPage {
        try await get("/search/tv", query: [("query", text), ("page", String(page))], as: TMDbSearchPage.self)
    }

    /// `GET /search/multi` (movies, shows and people mixed; see `mediaType`).
    public func searchMulti(_ text: String, page: Int = 1) async throws -> TMDbSearchPage {
        try await get("/search/multi", query: [("query", text), ("page", String(page))], as: TMDbSearchPage.self)
    }

    /// `GET /genre/movie/list`.
    public func movieGenres() async throws -> TMDbGenreList {
        try await get("/genre/movie/list", as: TMDbGenreList.self)
    }

    /// `GET /genre/tv/list`.
    public func tvGenres() async throws -> TMDbGenreList {
        try await get("/genre/tv/list", as: TMDbGenreList.self)
    }

    /// TMDb accepts at most 20 `append_to_response` items.
    public static let maxAppend = 20

    private static func appendQuery(_ items: [String]) -> [(String, String)] {
        precondition(items.count <= TMDbClient.maxAppend, "append_to_response takes at most 20 items")
        return items.isEmpty ? [] : [("append_to_response", items.joined(separator: ","))]
    }

    // MARK: Requests

    /// The URL of a request without credentials: what errors, logs and cache keys show.
    public func publicURL(_ path: String, query: [(String, String)] = []) -> URL {
        URL(string: publicKey(path, query: query))!
    }

    /// ``publicURL(_:query:)`` as a string: the cache key. Built by concatenation because a
    /// warm run computes one per title and `URLComponents` was a visible share of that.
    func publicKey(_ path: String, query: [(String, String)] = []) -> String {
        var s = publicBase
        s += TMDbClient.encode(path, keeping: TMDbClient.pathSafe)
        var first = true
        func add(_ name: String, _ value: String) {
            s += first ? "?" : "&"
            first = false
            s += TMDbClient.encode(name, keeping: TMDbClient.querySafe)
            s += "="
            s += TMDbClient.encode(value, keeping: TMDbClient.querySafe)
        }
        for (n, v) in query { add(n, v) }
        if let lang = options.language { add("language", lang) }
        return s
    }

    /// Scheme, host, port and base path of the API root, without credentials, query or a trailing "/".
    private static func publicBase(_ url: URL) -> String {
        var c = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        c.user = nil
        c.password = nil
        c.query = nil
        c.fragment = nil
        if c.path.hasSuffix("/") { c.path = String(c.path.dropLast()) }
        return c.string ?? url.absoluteString
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let pathSafe = unreserved.union("/,:".utf8)
    private static let querySafe = unreserved.union("/,:".utf8)

    /// Percent-encodes every byte outside `keeping` (UTF-8, upper-case hex).
    private static func encode(_ text: String, keeping safe: Set<UInt8>) -> String {
        if text.utf8.allSatisfy({ safe.contains($0) }) { return text }
        var out = ""
        for b in text.utf8 {
            if safe.contains(b) { out.unicodeScalars.append(Unicode.Scalar(b)) } else { out += String(format: "%%%02X", b) }
        }
        return out
    }

    /// The path and query shown in messages (no scheme, host or secret).
    private func shown(_ url: URL) -> String {
        var s = url.path
        if let q = url.query, !q.isEmpty { s += "?" + q }
        return scrub(s)
    }

    /// Removes the secret from any text that leaves the client. (Secrets shorter than 6
    /// characters are not real TMDb credentials; scrubbing them would mangle ordinary words.)
    func scrub(_ text: String) -> String {
        guard let secret = credentials?.secret, secret.count >= 6 else { return text }
        return text.replacingOccurrences(of: secret, with: "<redacted>")
    }

    /// Fetches and decodes `path`, through the cache.
    public func get<T: Decodable>(_ path: String, query: [(String, String)] = [], as type: T.Type) async throws -> T {
        let key = publicKey(path, query: query)
        if let cache = options.cache, let entry = preloaded.take(key) ?? cache.entry(for: key) {
            let fresh = Date().timeIntervalSince(entry.fetchedAt) < options.cacheTTL
            if fresh || options.offline {
                if let v = try? TMDbClient.decode(T.self, entry.body) {
                    counters.update { $0.cacheHits += 1 }
                    return v
                }
            }
        }
        guard let url = URL(string: key) else { throw TMDbError.http(status: 0, path: path, message: "cannot form a URL") }
        if options.offline { throw TMDbError.offlineMiss(shown(url)) }
        let body = try await fetchAPI(url)
        let value: T
        do {
            value = try TMDbClient.decode(T.self, body)
        } catch {
            logger.warning("undecodable TMDb response", metadata: ["path": "\(shown(url))"])
            throw TMDbError.decoding(path: shown(url), message: scrub(TMDbClient.describe(decoding: error)))
        }
        options.cache?.store(body, for: key)
        return value
    }

    /// Decodes a body, through the fast reader for the models that have one.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        if let fast = type as? any FastDecodable.Type { return try fast.decode(data) as! T }
        return try JSONDecoder().decode(T.self, from: data)
    }

    private static func describe(decoding error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return "malformed JSON" + (c.codingPath.isEmpty ? "" : " at \(c.codingPath.map(\.stringValue).joined(separator: "."))")
        case DecodingError.keyNotFound(let k, _): return "missing key \(k.stringValue)"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "wrong type at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "cannot decode"
        }
    }

    /// Sends an authenticated API request with retries; returns the 2xx body.
    private func fetchAPI(_ url: URL) async throws -> Data {
        guard let credentials else { throw TMDbError.missingCredentials }
        var request: URLRequest
        switch credentials {
        case .apiKey(let key):
            // Appended to the already-encoded public URL, so nothing else is re-encoded.
            let s = url.absoluteString + (url.query == nil ? "?" : "&") + "api_key=" + TMDbClient.encode(key, keeping: TMDbClient.unreserved)
            guard let u = URL(string: s) else { throw TMDbError.http(status: 0, path: shown(url), message: "cannot form a URL") }
            request = URLRequest(url: u)
        case .bearer(let token):
            request = URLRequest(url: url)
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return try await send(request, shownAs: shown(url), isImage: false).data
    }

    /// Downloads an image (no credentials: image URLs are public). Returns body and content type.
    public func download(_ url: URL) async throws -> (data: Data, contentType: String?) {
        if options.offline { throw TMDbError.offlineMiss(url.path) }
        let r = try await send(URLRequest(url: url), shownAs: url.path, isImage: true)
        return (r.data, r.contentType)
    }

    private func send(_ request: URLRequest, shownAs shown: String, isImage: Bool) async throws -> (data: Data, contentType: String?) {
        var request = request
        request.timeoutInterval = TimeInterval(options.timeoutSeconds)
        var attempt = 0
        while true {
            attempt += 1
            try Task.checkCancellation()
            let req = request
            let outcome: Result<(Data, URLResponse), Error> = try await gate.withPermit { [self] in
                try Task.checkCancellation()
                // The API's rate limit does not apply to the image CDN; connections still do.
                if !isImage { try await limiter.acquire() }
                counters.update {
                    if isImage { $0.imageRequests += 1; return }
                    $0.requests += 1
                    let now = ContinuousClock.now
                    if $0.firstRequest == nil { $0.firstRequest = now }
                    $0.lastRequest = now
                }
                do { return .success(try await session.data(for: req)) } catch { return .failure(error) }
            }
            let canRetry = attempt < options.maxAttempts
            switch outcome {
            case .failure(let error):
                if error is CancellationError { throw error }
                let message = TMDbClient.describe(network: error)
                guard canRetry else { throw TMDbError.network(path: shown, message: message) }
                let d = backoff.delay(attempt: attempt)
                logger.warning("network error, retrying", metadata: ["path": "\(shown)", "error": "\(message)", "attempt": "\(attempt)"])
                counters.update { $0.retries += 1 }
                try await Task.sleep(for: .milliseconds(Int64(d * 1000)))
            case .success(let (data, response)):
                let http = response as? HTTPURLResponse
                let status = http?.statusCode ?? 0
                if (200..<300).contains(status) {
                    return (data, http?.value(forHTTPHeaderField: "Content-Type"))
                }
                let apiMessage = (try? JSONDecoder().decode(TMDbErrorBody.self, from: data))?.statusMessage.map(scrub)
                switch status {
                case 401 where !isImage:
                    logger.warning("TMDb refused the credentials", metadata: ["path": "\(shown)"])
                    throw TMDbError.unauthorized(apiMessage ?? shown)
                case 404:
                    throw TMDbError.notFound(shown)
                case 429, 500...599:
                    guard canRetry else { throw TMDbError.http(status: status, path: shown, message: apiMessage) }
                    var d = backoff.delay(attempt: attempt)
                    if status == 429, let ra = Backoff.retryAfter(http?.value(forHTTPHeaderField: "Retry-After")) {
                        d = min(ra, options.maxBackoff)
                        await limiter.pause(seconds: d)
                    }
                    logger.warning("TMDb HTTP \(status), retrying", metadata: ["path": "\(shown)", "attempt": "\(attempt)", "delay": "\(d)"])
                    counters.update { $0.retries += 1 }
                    try await Task.sleep(for: .milliseconds(Int64(d * 1000)))
                default:
                    throw TMDbError.http(status: status, path: shown, message: apiMessage)
                }
            }
        }
    }

    /// A transport error in words, without the URL (FoundationNetworking puts it in userInfo).
    private static func describe(network error: Error) -> String {
        if let u = error as? URLError {
            switch u.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "cannot connect"
            case .networkConnectionLost: return "connection lost"
            case .cannotFindHost: return "cannot find host"
            case .notConnectedToInternet: return "not connected"
            default: return "URL error \(u.code.rawValue)"
            }
        }
        return "transport error"
    }
}

/// Cache entries loaded in bulk, each handed out once.
final class Preloaded: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: TMDbCache.Entry] = [:]
    func set(_ e: [String: TMDbCache.Entry]) { lock.lock(); entries.merge(e) { _, b in b }; lock.unlock() }
    func take(_ key: String) -> TMDbCache.Entry? {
        lock.lock(); defer { lock.unlock() }
        return entries.removeValue(forKey: key)
    }
}

/// Lock-protected statistics shared by the client's tasks.
final class Counters: @unchecked Sendable {
    private let lock = NSLock()
    private var value = TMDbClient.Stats()
    func update(_ f: (inout TMDbClient.Stats) -> Void) { lock.lock(); f(&value); lock.unlock() }
    func get() -> TMDbClient.Stats { lock.lock(); defer { lock.unlock() }; return value }
}
