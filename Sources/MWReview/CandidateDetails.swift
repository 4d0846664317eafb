import Foundation
import MWTMDb

/// What the TMDb cache knows of a candidate beyond the review file's title and year: its
/// overview and poster, read from cached search and details answers (never fetched: the
/// review page works offline; docs/REPORT.md "mwkit review").
public struct CandidateDetails: Sendable {
    public struct Info: Sendable, Equatable {
        public var overview: String?
        /// The poster's file name (`abc.jpg`), as TMDb's `poster_path` without its slash.
        public var poster: String?

        public init(overview: String? = nil, poster: String? = nil) {
            self.overview = overview
            self.poster = poster
        }
    }

    /// By candidate reference (`movie:603`).
    public private(set) var info: [String: Info] = [:]

    public init() {}

    /// The details of `references` found in the cache at `cacheURL` (none when it cannot be
    /// opened: a missing cache is the offline case, not an error).
    public init(cacheURL: URL, references: Set<String>) {
        guard !references.isEmpty, FileManager.default.fileExists(atPath: cacheURL.path),
              let cache = try? TMDbCache(url: cacheURL) else { return }
        for key in cache.allKeys() {
            guard let path = URL(string: key)?.path else { continue }
            // `/3/search/movie`, `/3/movie/603`, `/3/tv/1396`, `/3/search/multi`.
            let parts = path.split(separator: "/").map(String.init).filter { $0 != "3" }
            guard let first = parts.first, ["search", "movie", "tv"].contains(first) else { continue }
            let kind = first == "search" ? (parts.count > 1 ? parts[1] : "") : first
            guard let body = cache.entry(for: key)?.body,
                  let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { continue }
            let objects = (json["results"] as? [[String: Any]]) ?? [json]
            for o in objects {
                guard let id = (o["id"] as? NSNumber)?.int64Value else { continue }
                let type = (o["media_type"] as? String) ?? kind
                let ref = "\(type):\(id)"
                guard references.contains(ref) else { continue }
                var i = info[ref] ?? Info()
                if i.overview == nil, let ov = o["overview"] as? String, !ov.isEmpty { i.overview = ov }
                if i.poster == nil, let p = o["poster_path"] as? String, p.hasPrefix("/"), !p.dropFirst().contains("/") { i.poster = String(p.dropFirst()) }
                info[ref] = i
            }
        }
    }
}
