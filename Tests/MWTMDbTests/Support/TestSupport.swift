import Foundation
import Logging
@testable import MWTMDb
import MWCore

/// One directory for this test process's files, removed when the process exits.
let testRoot: URL = {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("mwtmdb-tests-\(getpid())")
    try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: testRoot) }
    return u
}()

/// A fresh temporary directory per test.
func tempDir(_ name: String = #function) -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let u = testRoot.appendingPathComponent("\(safe)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}

/// Collects every log line so tests can grep them for secrets.
final class LogCapture: Sendable {
    private let lines = Locked<[String]>([])
    func append(_ s: String) { lines.withLock { $0.append(s) } }
    var all: String { lines.withLock { $0.joined(separator: "\n") } }

    var logger: Logger {
        Logger(label: "test.tmdb") { _ in CapturingHandler(capture: self) }
    }

    struct CapturingHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            capture.append("\(event.level) \(event.message) \(event.metadata ?? [:])")
        }
    }
}

/// Stretches the client's timeouts (and the waits that must outlast them): under a sanitizer on a
/// busy machine an answer can take longer than 5 s, and a timed-out first attempt consumes the
/// response a test injected. scripts/test-sanitize.sh sets MWKIT_TEST_TIME_SCALE.
let timeScale = max(1, Int(ProcessInfo.processInfo.environment["MWKIT_TEST_TIME_SCALE"] ?? "") ?? 1)

/// Options suited to tests: fast backoff, generous rate, and a timeout long enough (30 s) that a
/// full parallel run on two cores, whose blocking tests can hold the cooperative pool the loopback
/// server runs on, never times out an answer (a retry changes the request counts tests assert);
/// the timeout tests pass their own.
func testOptions(_ fake: FakeTMDb, cache: TMDbCache? = nil, rate: Double = 1000, attempts: Int = 3,
                 timeout: Int = 30, offline: Bool = false) async -> TMDbClientOptions {
    TMDbClientOptions(baseURL: await fake.baseURL, requestsPerSecond: rate, maxConcurrent: 6, maxAttempts: attempts,
                      baseBackoff: 0.02, maxBackoff: 2, timeoutSeconds: timeout * timeScale, cache: cache, offline: offline)
}

/// What the fake server's data maps to, computed through the real decoders and mapper.
enum Expected {
    static func movie(_ id: Int64) throws -> TitleMetadata {
        let m = try JSONDecoder().decode(TMDbMovie.self, from: FakeTMDbData.json(FakeTMDbData.movie(id, append: ["external_ids"])))
        return TMDbMapper.metadata(movie: m)
    }
    static func show(_ id: Int64) throws -> TitleMetadata {
        let s = try JSONDecoder().decode(TMDbShow.self, from: FakeTMDbData.json(FakeTMDbData.show(id, append: ["external_ids"])))
        return TMDbMapper.metadata(show: s)
    }
    static func episode(_ show: Int64, _ season: Int, _ ep: Int) throws -> EpisodeMetadata {
        let s = try JSONDecoder().decode(TMDbSeason.self, from: FakeTMDbData.json(FakeTMDbData.season(show, season)))
        return TMDbMapper.metadata(episode: s.episodes!.first { $0.episodeNumber == ep }!)
    }
}

let t0 = Date(timeIntervalSince1970: 1_700_000_000)

/// A deterministic UUID string for a readable test id ("M550" → "…-4D3535…"), so sample
/// libraries validate (ids must be UUIDs) while tests still name records by meaning.
func uid(_ name: String) -> String {
    let hex = Array(name.utf8.prefix(12)).map { String(format: "%02X", $0) }.joined()
    let tail = String(repeating: "0", count: 24 - hex.count) + hex
    return "00000000-0000-4000-8" + tail.prefix(3) + "-" + tail.suffix(12)
}

/// A library with full metadata as hydrate would produce it, plus user data of every kind.
func sampleLibrary(movies: [Int64], shows: [Int64], seasonsPerShow: [Int]? = nil) throws -> Library {
    var lib = Library(sourceVersion: "1.0", exportDate: t0)
    var list = MediaList(id: uid("L1"), name: "Watchlist", sortOrder: 0, isDefault: true, dateCreated: t0)
    for (i, id) in movies.enumerated() {
        let t = Title(id: uid("M\(id)"), tmdbId: id, mediaType: .movie, metadata: try Expected.movie(id), watched: i % 2 == 0,
                      watchedDate: i % 2 == 0 ? t0 : nil, likedStatus: [1, 0, -1][i % 3], dateAdded: t0.addingTimeInterval(Double(i)),
                      dateModified: t0, localPosterPath: i == 0 ? "Images/p\(id).jpg" : nil)
        lib.titles.append(t)
        list.items.append(ListItem(id: uid("LI\(id)"), titleId: t.id, orderIndex: list.items.count, dateAdded: t0))
    }
    for id in shows {
        lib.titles.append(Title(id: uid("S\(id)"), tmdbId: id, mediaType: .tv, metadata: try Expected.show(id), likedStatus: 1, dateAdded: t0))
        list.items.append(ListItem(titleId: uid("S\(id)"), orderIndex: list.items.count))
        for k in seasonsPerShow ?? Array(1...FakeTMDbData.seasonCount(id)) {
            for e in 1...FakeTMDbData.episodesPerSeason {
                lib.episodes.append(Episode(id: uid("E\(id)-\(k)-\(e)"), showId: uid("S\(id)"), tmdbId: FakeTMDbData.episodeId(id, k, e),
                                            seasonNumber: k, episodeNumber: e, metadata: try Expected.episode(id, k, e),
                                            watched: e == 1, watchedDate: e == 1 ? t0 : nil))
            }
        }
    }
    lib.lists = [list]
    if let first = lib.titles.first {
        lib.notes = [Note(id: uid("N1"), parentId: first.id, parentType: .title, text: "great", ownerOnly: true, dateCreated: t0)]
    }
    lib.preferences = UserPreferences(id: uid("P"), defaultListId: uid("L1"), imageQuality: "w500")
    return lib
}

/// Runs `body` with a started fake server, stopping it afterwards.
func withFakeTMDb<T>(_ body: (FakeTMDb) async throws -> T) async throws -> T {
    let fake = FakeTMDb()
    try await fake.start()
    do {
        let r = try await body(fake)
        await fake.stop()
        return r
    } catch {
        await fake.stop()
        throw error
    }
}
