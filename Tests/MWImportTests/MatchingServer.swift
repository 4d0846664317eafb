import FlyingFox
import FlyingSocks
import Foundation

/// A title of the test catalogue (invented: names, ids and external ids are ours).
struct CatalogueTitle: Sendable {
    var id: Int64
    var type: String   // "movie" or "tv"
    var title: String
    var original: String?
    var date: String   // "YYYY-MM-DD" or ""
    var imdb: String?
    var tvdb: Int?
    var popularity: Double = 1
}

/// An episode known by TVDB / IMDb id, for `/find`'s `tv_episode_results`.
struct CatalogueEpisode: Sendable {
    var id: Int64
    var showId: Int64
    var tvdb: Int?
    var imdb: String?
}

/// A TMDb stand-in on 127.0.0.1 (real HTTP through FlyingFox) answering `/search/*` and
/// `/find/*` from a catalogue, and logging every request it receives.
actor MatchingServer {
    static let secret = "match-test-secret-0123456789"

    let catalogue: [CatalogueTitle]
    let episodes: [CatalogueEpisode]
    /// Episode names of a show's seasons (show id → season → names, numbered from 1), for
    /// `/tv/{id}?append_to_response=season/N`.
    let seasons: [Int64: [Int: [String]]]
    /// Titles per page: small values exercise the year-filtered second search.
    let pageSize: Int
    private let server: HTTPServer
    private var task: Task<Void, Error>?
    private(set) var port: UInt16 = 0
    /// `path?query` of every API request, query items sorted, without the key.
    private(set) var received: [String] = []

    init(catalogue: [CatalogueTitle], episodes: [CatalogueEpisode] = [], seasons: [Int64: [Int: [String]]] = [:], pageSize: Int = 20) {
        self.catalogue = catalogue
        self.episodes = episodes
        self.seasons = seasons
        self.pageSize = pageSize
        server = HTTPServer(address: try! .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/3")! }

    func start() async throws {
        let server = self.server
        await server.appendRoute("GET /*") { [weak self] req in
            guard let self else { return HTTPResponse(statusCode: .internalServerError) }
            return await self.handle(req)
        }
        task = Task { try await server.run() }
        // FlyingFox waits 5 s by default: a loaded CI machine running the suites in parallel can take longer to listen.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let p) = await server.listeningAddress else { throw CocoaError(.featureUnsupported) }
        port = p
    }

    func stop() async {
        await server.stop()
        task?.cancel()
    }

    /// Requests whose path starts with `prefix`.
    func count(_ prefix: String = "/") -> Int { received.filter { $0.hasPrefix(prefix) }.count }

    private func json(_ obj: Any, _ status: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "X"), headers: [.contentType: "application/json;charset=utf-8"],
                     body: try! JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys]))
    }

    static func fold(_ s: String) -> [Substring] {
        s.replacingOccurrences(of: "&", with: " and ").folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    }

    /// Rough like TMDb's: every word of the query appears in the title or original title.
    func matches(_ query: String, _ t: CatalogueTitle) -> Bool {
        let q = Self.fold(query)
        return [t.title, t.original].compactMap { $0 }.contains { name in
            let words = Set(Self.fold(name))
            return !q.isEmpty && q.allSatisfy { words.contains($0) }
        }
    }

    func body(_ t: CatalogueTitle, multi: Bool) -> [String: Any] {
        var d: [String: Any] = ["id": t.id, "popularity": t.popularity, "poster_path": NSNull(), "adult": false, "genre_ids": [18]]
        if t.type == "movie" {
            d["title"] = t.title; d["original_title"] = t.original ?? t.title; d["release_date"] = t.date
        } else {
            d["name"] = t.title; d["original_name"] = t.original ?? t.title; d["first_air_date"] = t.date; d["origin_country"] = ["US"]
        }
        if multi { d["media_type"] = t.type }
        return d
    }

    func handle(_ req: HTTPRequest) async -> HTTPResponse {
        var q: [String: String] = [:]
        for item in req.query { q[item.name] = item.value }
        let path = String(req.path.dropFirst(2))   // strip "/3"
        let shown = q.filter { $0.key != "api_key" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        received.append(path + "?" + shown)
        guard q["api_key"] == Self.secret else {
            return json(["status_code": 7, "status_message": "Invalid API key: You must be granted a valid key.", "success": false], 401)
        }
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 2, parts[0] == "search" {
            let text = q["query"] ?? ""
            let year = q["primary_release_year"] ?? q["first_air_date_year"]
            let page = Int(q["page"] ?? "1") ?? 1
            let all = catalogue.filter { t in
                (parts[1] == "multi" || t.type == parts[1]) && matches(text, t) && (year == nil || t.date.hasPrefix(year!))
            }.sorted { $0.popularity > $1.popularity }
            let pages = max(1, (all.count + pageSize - 1) / pageSize)
            let slice = all.dropFirst((page - 1) * pageSize).prefix(pageSize)
            return json(["page": page, "results": slice.map { body($0, multi: parts[1] == "multi") },
                         "total_pages": pages, "total_results": all.count])
        }
        if parts.count == 2, parts[0] == "find" {
            let id = parts[1]
            let source = q["external_source"] ?? ""
            let hit = catalogue.filter { source == "imdb_id" ? $0.imdb == id : source == "tvdb_id" ? $0.tvdb.map(String.init) == id : false }
            let eps = episodes.filter { source == "imdb_id" ? $0.imdb == id : $0.tvdb.map(String.init) == id }
            return json(["movie_results": hit.filter { $0.type == "movie" }.map { body($0, multi: true) },
                         "tv_results": hit.filter { $0.type == "tv" }.map { body($0, multi: true) },
                         "tv_episode_results": eps.map { ["id": $0.id, "show_id": $0.showId, "media_type": "tv_episode", "name": "Episode"] },
                         "person_results": [], "tv_season_results": []])
        }
        if parts.count == 2, parts[0] == "tv", let t = catalogue.first(where: { $0.type == "tv" && String($0.id) == parts[1] }) {
            var d = body(t, multi: false)
            for a in (q["append_to_response"] ?? "").split(separator: ",").map(String.init) {
                if a == "external_ids" {
                    d[a] = ["imdb_id": t.imdb.map { $0 as Any } ?? NSNull(), "tvdb_id": t.tvdb.map { $0 as Any } ?? NSNull()]
                } else if a.hasPrefix("season/"), let k = Int(a.dropFirst(7)), let names = seasons[t.id]?[k] {
                    d[a] = ["id": t.id * 100 + Int64(k), "season_number": k, "name": "Season \(k)",
                            "episodes": names.enumerated().map { n, name in
                                ["id": t.id * 1000 + Int64(k * 100 + n + 1), "season_number": k, "episode_number": n + 1, "name": name] as [String: Any]
                            }] as [String: Any]
                }
            }
            return json(d)
        }
        return json(["status_code": 34, "status_message": "The resource you requested could not be found.", "success": false], 404)
    }
}

/// Runs `body` with a started server, stopping it afterwards.
func withMatchingServer<T>(_ catalogue: [CatalogueTitle], episodes: [CatalogueEpisode] = [], seasons: [Int64: [Int: [String]]] = [:],
                           pageSize: Int = 20, _ body: (MatchingServer) async throws -> T) async throws -> T {
    let server = MatchingServer(catalogue: catalogue, episodes: episodes, seasons: seasons, pageSize: pageSize)
    try await server.start()
    do {
        let r = try await body(server)
        await server.stop()
        return r
    } catch {
        await server.stop()
        throw error
    }
}
