import Foundation
import MWCore

/// Requests through the response cache (``TMDbClientOptions/cache``).
extension TMDbClient {
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

    /// Loads the cached responses of many requests in one database read, so a run over a
    /// warm cache does not pay a lookup per title. Later ``get`` calls use them first.
    public func preloadCache(_ requests: [(path: String, query: [(String, String)])]) {
        guard let cache = options.cache, !requests.isEmpty else { return }
        preloaded.set(cache.entries(for: requests.map { publicKey($0.path, query: $0.query) }))
    }
}

/// Cache entries loaded in bulk, each handed out once.
final class Preloaded: Sendable {
    private let entries = Locked<[String: TMDbCache.Entry]>([:])
    func set(_ e: [String: TMDbCache.Entry]) { entries.withLock { $0.merge(e) { _, b in b } } }
    func take(_ key: String) -> TMDbCache.Entry? { entries.withLock { $0.removeValue(forKey: key) } }
}
