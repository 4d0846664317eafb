import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the secret enters a request, and where it is kept out of everything else.
extension TMDbClient {
    /// `url` (a public URL) as an authenticated API request.
    func authorizedRequest(_ url: URL) throws -> URLRequest {
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
        return request
    }

    /// The path and query shown in messages (no scheme, host or secret).
    func shown(_ url: URL) -> String {
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
}
