import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sending: rate limit, concurrency gate and bounded retries around `URLSession`.
extension TMDbClient {
    /// Sends an authenticated API request with retries; returns the 2xx body.
    func fetchAPI(_ url: URL) async throws -> Data {
        try await send(try authorizedRequest(url), shownAs: shown(url), isImage: false).data
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
                // Credentials refused once are refused for every request: none is sent after
                // the first 401, even by tasks that were already waiting for a connection.
                if !isImage, let refused = counters.refused { throw TMDbError.unauthorized(refused) }
                // The API's rate limit does not apply to the image CDN; connections still do.
                if !isImage { try await limiter.acquire() }
                if !isImage, let refused = counters.refused { throw TMDbError.unauthorized(refused) }
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
                    counters.refuse(apiMessage ?? shown)
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
