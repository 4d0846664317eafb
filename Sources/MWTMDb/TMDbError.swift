import Foundation

/// What can go wrong talking to TMDb. Messages name the request by its *redacted* path
/// (no `api_key`), never the credential itself.
public enum TMDbError: Error, CustomStringConvertible, Sendable, Equatable {
    /// 401: the key or token was refused. Stops a run at once (never retried).
    case unauthorized(String)
    /// 404: the resource does not exist on TMDb (never retried).
    case notFound(String)
    /// Another HTTP status (after retries for 429 and 5xx).
    case http(status: Int, path: String, message: String?)
    /// Transport failure (timeout, refused connection…) after retries.
    case network(path: String, message: String)
    /// The body did not decode into the expected shape.
    case decoding(path: String, message: String)
    /// `--offline` and the response is not in the cache.
    case offlineMiss(String)
    /// No credentials were configured.
    case missingCredentials
    /// The caller asked for a request TMDb would refuse (nothing was sent).
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .unauthorized(let m): return "TMDb refused the credentials (401): \(m)"
        case .notFound(let p): return "not found on TMDb (404): \(p)"
        case .http(let s, let p, let m): return "TMDb answered HTTP \(s) for \(p)" + (m.map { ": \($0)" } ?? "")
        case .network(let p, let m): return "network error for \(p): \(m)"
        case .decoding(let p, let m): return "unexpected TMDb response for \(p): \(m)"
        case .offlineMiss(let p): return "offline and not in the cache: \(p)"
        case .missingCredentials:
            return "no TMDb credentials: set TMDB_API_KEY (v3 key) or TMDB_ACCESS_TOKEN (v4 read token), or write \(TMDbCredentials.defaultConfigPath().path); "
                + "or add --offline, which needs no key (import matches from the IDs in the files and the cache, and puts the rest in the review file; hydrate fills from the cache)"
        case .invalidRequest(let m): return "invalid TMDb request: \(m)"
        }
    }

    /// Whether the run must stop (credentials unusable) rather than skip one record.
    public var isFatal: Bool {
        switch self {
        case .unauthorized, .missingCredentials: return true
        default: return false
        }
    }
}
