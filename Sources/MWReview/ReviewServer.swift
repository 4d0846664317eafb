import FlyingFox
import FlyingSocks
import Foundation
import MWFoundation

/// `mwkit review`: the review page served on 127.0.0.1 (docs/REPORT.md "mwkit review"), with
/// FlyingFox as the HTTP server. It answers only requests whose `Host` (and `Origin`, when a
/// browser sends one) is its own address, so no other web page can read rows or post
/// decisions, not even through a DNS name re-pointed at 127.0.0.1.
public enum ReviewServer {
    /// How the server runs.
    public struct Options: Sendable {
        /// The port on 127.0.0.1; 0 lets the system choose one.
        public var port: UInt16 = 0
        /// Stops by itself after this long without a request (docs/REPORT.md: 30 minutes).
        public var idleTimeout: Duration = .seconds(30 * 60)
        /// The TMDb cache to read candidates' overviews and posters from (nil: none).
        public var cacheURL: URL?
        /// mwkit's image cache, where posters may be (nil: none).
        public var imageDirectory: URL?
        public init() {}
    }

    /// Why the server stopped.
    public enum Stopped: Sendable, Equatable { case interrupted, idle }

    /// Serves the review file at `url` until Ctrl-C (SIGINT or SIGTERM) or the idle time-out.
    /// `listening` gets the address once the server accepts connections.
    public static func serve(_ url: URL, options: Options, listening: @Sendable (String) -> Void) async throws -> Stopped {
        let doc = try ReviewDocument(url: url)
        let refs = Set(doc.pending.flatMap { $0.candidates.map(\.reference) })
        let details = options.cacheURL.map { CandidateDetails(cacheURL: $0, references: refs) } ?? CandidateDetails()
        let session = ReviewSession(doc: doc, details: details, imageDirectory: options.imageDirectory)
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: options.port), timeout: 30, logger: .disabled, handler: session)
        // A port in use fails `run` at once; say so instead of waiting for the listening address.
        let failure = Locked<String?>(nil)
        let task = Task {
            do { try await server.run() } catch { failure.withLock { $0 = "\(error)" } }
        }
        var bound: UInt16?
        for _ in 0..<600 {
            if case .ip4(_, let p) = await server.listeningAddress { bound = p; break }
            if let why = failure.withLock({ $0 }) { throw MWError.io("cannot listen on 127.0.0.1:\(options.port): \(why)") }
            try? await Task.sleep(for: .milliseconds(50))
        }
        guard let port = bound else {
            task.cancel()
            throw MWError.io("the review server did not start listening on 127.0.0.1:\(options.port) within 30 s")
        }
        await session.setPort(port)
        listening("http://127.0.0.1:\(port)/")

        let interrupted = Locked(false)
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { interrupted.withLock { $0 = true } }
            s.resume()
            sources.append(s)
        }
        defer { for s in sources { s.cancel() } }
        var why = Stopped.idle
        while true {
            try? await Task.sleep(for: .milliseconds(200))
            if interrupted.withLock({ $0 }) { why = .interrupted; break }
            if await session.idle(longerThan: options.idleTimeout) { break }
            if task.isCancelled { break }
        }
        await server.stop(timeout: 1)
        task.cancel()
        return why
    }
}

/// The state one server holds: the document (re-read after each save) and the request log
/// time for the idle time-out. An actor: FlyingFox handles connections concurrently.
actor ReviewSession: HTTPHandler {
    private var doc: ReviewDocument
    private let details: CandidateDetails
    private let imageDirectory: URL?
    private var port: UInt16 = 0
    private var last = ContinuousClock.now

    init(doc: ReviewDocument, details: CandidateDetails, imageDirectory: URL?) {
        self.doc = doc
        self.details = details
        self.imageDirectory = imageDirectory
    }

    func setPort(_ p: UInt16) { port = p }

    func idle(longerThan d: Duration) -> Bool { ContinuousClock.now - last > d }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        last = .now
        guard ReviewGuard.allowed(host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")], port: port) else {
            return text(.forbidden, "This server answers its own page only (Host and Origin must be 127.0.0.1:\(port) or localhost:\(port)).")
        }
        switch (request.method, request.path) {
        case (.GET, "/"):
            return html(.ok, ReviewPageHTML.page(doc, details: details, posters: posters()))
        case (.POST, "/save"):
            let form = ReviewGuard.form(try await request.bodyData)
            // Rows by the keys the form carries, not by position: the file may have changed
            // since the page was made (save() reads it again).
            var decisions: [String: String] = [:]
            var i = 0
            while let key = form["k\(i)"] {
                defer { i += 1 }
                let choice = form["d\(i)"] ?? "", typed = form["t\(i)"] ?? ""
                // A typed ID counts when its radio is chosen, or when none but "later" is.
                if choice == "typed" || (choice.isEmpty && !typed.trimmingCharacters(in: .whitespaces).isEmpty) {
                    decisions[key] = typed
                } else if !choice.isEmpty, choice != "typed" {
                    decisions[key] = choice
                }
            }
            do {
                let saved = try doc.save(decisions)
                return html(.ok, ReviewPageHTML.page(doc, details: details, posters: posters(), saved: saved))
            } catch {
                return html(.internalServerError, ReviewPageHTML.message("Not saved", "The review file could not be written: \((error as? MWError)?.description ?? "\(error)")"))
            }
        case (.GET, let path) where path.hasPrefix("/image/"):
            let name = String(path.dropFirst("/image/".count))
            guard posters().contains(name), let dir = imageDirectory,
                  let data = try? Data(contentsOf: dir.appendingPathComponent(name)) else { return text(.notFound, "Not found.") }
            let type = name.lowercased().hasSuffix(".png") ? "image/png" : name.lowercased().hasSuffix(".webp") ? "image/webp" : "image/jpeg"
            return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: data)
        default:
            return text(.notFound, "Not found.")
        }
    }

    /// The posters of shown candidates that are in the image cache: the only images served.
    private func posters() -> Set<String> {
        guard let dir = imageDirectory else { return [] }
        var out = Set<String>()
        for p in doc.pending { for c in p.candidates {
            if let name = details.info[c.reference]?.poster, FileNames.isSafeComponent(name),
               FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) { out.insert(name) }
        } }
        return out
    }

    /// `same-origin`, not `no-referrer`: under `no-referrer` a browser sends `Origin: null` with
    /// the form's post, which the Origin check must refuse.
    private func html(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                                   HTTPHeader("X-Frame-Options"): "DENY", HTTPHeader("Referrer-Policy"): "same-origin"],
                     body: Data(body.utf8))
    }

    private func text(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data((body + "\n").utf8))
    }
}

/// The request checks and form parsing, apart so tests reach them without a socket.
public enum ReviewGuard {
    /// Whether a request with these headers comes to this server by its own name: `Host` is
    /// `127.0.0.1:PORT` or `localhost:PORT`, and `Origin`, when sent, is the same with `http://`.
    public static func allowed(host: String?, origin: String?, port: UInt16) -> Bool {
        let own = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = host?.lowercased(), own.contains(host) else { return false }
        guard let origin = origin?.lowercased() else { return true }
        return own.map { "http://" + $0 }.contains(origin)
    }

    /// An `application/x-www-form-urlencoded` body as name → value (the first of a repeated name).
    public static func form(_ body: Data) -> [String: String] {
        var out: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String { (String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding) ?? String(s) }
            let name = decode(kv[0])
            if out[name] == nil { out[name] = kv.count > 1 ? decode(kv[1]) : "" }
        }
        return out
    }
}
