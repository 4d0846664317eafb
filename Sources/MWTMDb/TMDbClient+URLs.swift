import Foundation

/// Credential-free request URLs: what errors, logs and cache keys show.
extension TMDbClient {
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
    static func publicBase(_ url: URL) -> String {
        var c = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        c.user = nil
        c.password = nil
        c.query = nil
        c.fragment = nil
        if c.path.hasSuffix("/") { c.path = String(c.path.dropLast()) }
        return c.string ?? url.absoluteString
    }

    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let pathSafe = unreserved.union("/,:".utf8)
    private static let querySafe = unreserved.union("/,:".utf8)

    /// Percent-encodes every byte outside `keeping` (UTF-8, upper-case hex).
    static func encode(_ text: String, keeping safe: Set<UInt8>) -> String {
        if text.utf8.allSatisfy({ safe.contains($0) }) { return text }
        var out = ""
        for b in text.utf8 {
            if safe.contains(b) { out.unicodeScalars.append(Unicode.Scalar(b)) } else { out += String(format: "%%%02X", b) }
        }
        return out
    }
}
