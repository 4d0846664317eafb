import FlyingFox
import FlyingSocks
import Foundation

/// A fault the fake server injects for a request path (consumed in order).
enum Fault: Sendable {
    case status(Int, retryAfter: String? = nil)
    case delay(Double)
    /// No answer until the test ends (``FakeTMDb/stop()``): the client's time-out, not the
    /// machine's speed, decides what happens to the request.
    case hang
    /// Holds the answer until `n` requests are in flight at once, or `total` requests have
    /// arrived (the last ones need no partners), or the test ends: a test sees the client's
    /// concurrency without depending on how fast requests arrive.
    case holdUntilInFlight(Int, total: Int)
    case malformed
    case notImage
}

/// A real HTTP server on 127.0.0.1 standing in for TMDb, with injectable faults and a log of
/// what it received. Unknown movie/show ids ≥ 900_000_000 answer 404 like TMDb does.
actor FakeTMDb {
    struct Received: Sendable {
        var path: String
        var query: [String: String]
        var authorization: String?
        var rawTarget: String
    }

    let secret: String
    private let server: HTTPServer
    private var task: Task<Void, Error>?
    private(set) var port: UInt16 = 0
    private(set) var received: [Received] = []
    private var faults: [String: [Fault]] = [:]
    private var inFlight = 0
    private(set) var maxInFlight = 0
    /// Requests answered by ``Fault/hang`` (held until the end).
    private(set) var hung = 0
    private var released = false

    init(secret: String = "sekr3t-test-key-0123456789") {
        self.secret = secret
        server = HTTPServer(address: try! .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/3")! }
    var imageBase: String { "http://127.0.0.1:\(port)/t/p/" }

    func start() async throws {
        let server = self.server
        await server.appendRoute("GET /*") { [weak self] req in
            guard let self else { return HTTPResponse(statusCode: .internalServerError) }
            return await self.handle(req)
        }
        task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)   // FlyingFox's default 5 s is short on a loaded CI machine
        guard case .ip4(_, let p) = await server.listeningAddress else { throw CocoaError(.featureUnsupported) }
        port = p
    }

    func stop() async {
        released = true
        await server.stop()
        task?.cancel()
    }

    /// Queues faults for requests whose path (without /3 prefix and query) equals `path`.
    func inject(_ path: String, _ f: [Fault]) { faults[path, default: []] += f }

    /// Waits (polling; the actor is free meanwhile) until the test ends or, given `n`, until `n`
    /// requests are in flight or `total` have arrived; at most 60 s times the time scale, a bound that only turns a
    /// broken client into a failed expectation instead of a hung test.
    private func hold(untilInFlight n: Int? = nil, total: Int = .max) async {
        for _ in 0..<(3000 * timeScale) {
            if released || n.map({ inFlight >= $0 }) == true || received.count >= total { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    func count(path: String) -> Int { received.filter { $0.path == path }.count }
    var apiRequests: Int { received.filter { !$0.path.hasPrefix("/t/p/") }.count }

    private func body(_ obj: Any, _ status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var h = headers
        h[.contentType] = "application/json;charset=utf-8"
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "X"), headers: h, body: FakeTMDbData.json(obj))
    }

    private func error(_ status: Int, _ code: Int, _ msg: String) -> HTTPResponse {
        body(["success": false, "status_code": code, "status_message": msg], status)
    }

    func handle(_ req: HTTPRequest) async -> HTTPResponse {
        var q: [String: String] = [:]
        for item in req.query { q[item.name] = item.value }
        let fullPath = req.path
        let isImage = fullPath.hasPrefix("/t/p/")
        let path = isImage ? fullPath : String(fullPath.dropFirst(2))   // strip "/3"
        received.append(Received(path: path, query: q, authorization: req.headers[HTTPHeader("Authorization")],
                                 rawTarget: req.path + "?" + req.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")))
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        defer { inFlight -= 1 }

        if var list = faults[path], !list.isEmpty {
            let f = list.removeFirst()
            faults[path] = list
            switch f {
            case .status(let s, let ra):
                var h = HTTPHeaders()
                if let ra { h[HTTPHeader("Retry-After")] = ra }
                if s == 429 { return body(["success": false, "status_code": 25, "status_message": "Your request count is over the allowed limit."], 429, headers: h) }
                return body(["success": false, "status_code": 11, "status_message": "Internal error."], s, headers: h)
            case .delay(let d):
                try? await Task.sleep(for: .milliseconds(Int64(d * 1000)))
            case .hang:
                hung += 1
                await hold()
            case .holdUntilInFlight(let n, let total):
                await hold(untilInFlight: n, total: total)
            case .malformed:
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data("{\"id\": 1, \"title\": ".utf8))
            case .notImage:
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html"], body: Data("<html>oops</html>".utf8))
            }
        }

        if isImage {
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg"], body: FakeTMDbData.jpeg(path))
        }
        // Authentication: v3 key in the query or v4 token as Bearer.
        let auth = req.headers[HTTPHeader("Authorization")]
        guard q["api_key"] == secret || auth == "Bearer \(secret)" else {
            return body(["status_code": 7, "status_message": "Invalid API key: You must be granted a valid key.", "success": false], 401)
        }
        let parts = path.split(separator: "/").map(String.init)
        let append = (q["append_to_response"] ?? "").split(separator: ",").map(String.init)
        switch parts.count {
        case 1 where parts[0] == "configuration":
            return body(FakeTMDbData.configuration(imageBase))
        case 2 where parts[0] == "movie":
            guard let id = Int64(parts[1]), id < 900_000_000 else { return error(404, 34, "The resource you requested could not be found.") }
            return body(FakeTMDbData.movie(id, append: append))
        case 2 where parts[0] == "tv":
            guard let id = Int64(parts[1]), id < 900_000_000 else { return error(404, 34, "The resource you requested could not be found.") }
            return body(FakeTMDbData.show(id, append: append))
        case 2 where parts[0] == "search":
            let text = q["query"] ?? ""
            let page = Int(q["page"] ?? "1") ?? 1
            var results: [[String: Any]] = []
            if page == 1 {
                if parts[1] != "tv" { results.append(["id": 550, "title": "Movie about \(text)", "release_date": "", "media_type": "movie", "poster_path": NSNull(), "genre_ids": [18]]) }
                if parts[1] != "movie" { results.append(["id": 13, "name": "Show about \(text)", "first_air_date": "2008-01-20", "media_type": "tv", "origin_country": ["US"]]) }
                if parts[1] == "multi" { results.append(["id": 17419, "name": "A Person", "media_type": "person", "known_for": [], "profile_path": NSNull()]) }
            }
            return body(["page": page, "results": results, "total_pages": 1, "total_results": results.count])
        case 2 where parts[0] == "find" && q["external_source"] == "imdb_id":
            let movie = parts[1] == "tt0000550"
            return body(["movie_results": movie ? [["id": 550, "title": "Movie 550", "media_type": "movie"]] : [],
                         "person_results": [], "tv_results": movie ? [] : [["id": 13, "name": "Show 13", "media_type": "tv"]],
                         "tv_episode_results": [], "tv_season_results": []])
        case 3 where parts[0] == "genre" && parts[2] == "list":
            return body(["genres": parts[1] == "movie" ? [["id": 28, "name": "Action"], ["id": 18, "name": "Drama"]] : [["id": 10759, "name": "Action & Adventure"]]])
        case 4 where parts[0] == "tv" && parts[2] == "season":
            guard let id = Int64(parts[1]), let k = Int(parts[3]), id < 900_000_000 else { return error(404, 34, "Not found.") }
            return body(FakeTMDbData.season(id, k))
        default:
            return error(404, 34, "The resource you requested could not be found.")
        }
    }
}
