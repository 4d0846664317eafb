import Foundation
import MWFoundation
import GRDB

/// A disposable on-disk cache of TMDb response bodies (SQLite through GRDB).
///
/// Keys are request URLs *without* credentials (see ``TMDbClient``), so the database never
/// holds the API key. The cache is disposable (docs/SPEC.md#persistence): when its schema does not match or
/// the file is corrupt, the files (`.sqlite`, `-wal`, `-shm`) are deleted and recreated with a
/// warning instead of failing the run.
public final class TMDbCache: Sendable {
    /// Bumped whenever the table layout changes; a mismatch recreates the cache.
    public static let schemaVersion = 1

    public let url: URL
    private let db: DatabaseQueue
    /// Warnings raised while opening (recreation after a mismatch or corruption).
    public let warnings: [String]

    /// Default location: `$XDG_CACHE_HOME/mwkit/tmdb-cache.sqlite`, else `~/.cache/mwkit/tmdb-cache.sqlite`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserDirectories.mwkitFile(.cache, "tmdb-cache.sqlite", environment: environment)
    }

    /// Opens (creating if needed) the cache at `url`. Recreates it when unusable; throws only
    /// when even a fresh database cannot be created (e.g. unwritable directory).
    public init(url: URL) throws {
        self.url = url
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var warnings: [String] = []
        do {
            db = try TMDbCache.openChecked(url)
        } catch {
            warnings.append("TMDb cache \(url.path) was unusable (\(TMDbCache.describe(error))); deleted and recreated")
            TMDbCache.deleteFiles(url)
            db = try TMDbCache.openChecked(url)
        }
        self.warnings = warnings
    }

    private static func describe(_ error: Error) -> String {
        if let e = error as? DatabaseError { return e.message ?? "SQLite error \(e.resultCode.rawValue)" }
        return "\(error)"
    }

    /// Removes the database and its WAL/shared-memory companions.
    static func deleteFiles(_ url: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }

    struct SchemaMismatch: Error, CustomStringConvertible {
        var found: Int
        var description: String { "schema version \(found), expected \(TMDbCache.schemaVersion)" }
    }

    private static func openChecked(_ url: URL) throws -> DatabaseQueue {
        var config = Configuration()
        config.busyMode = .timeout(5)
        let q = try DatabaseQueue(path: url.path, configuration: config)
        try q.writeWithoutTransaction { db in
            // Reading the header proves the file is a database (corruption throws here).
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            if version == 0 && tables.isEmpty {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: """
                    CREATE TABLE response (
                        key TEXT PRIMARY KEY NOT NULL,
                        body BLOB NOT NULL,
                        fetched_at DOUBLE NOT NULL
                    ) WITHOUT ROWID;
                    PRAGMA user_version = \(schemaVersion);
                    """)
            } else if version != schemaVersion {
                throw SchemaMismatch(found: version)
            } else {
                // Check the table still has the expected columns.
                _ = try Row.fetchOne(db, sql: "SELECT key, body, fetched_at FROM response LIMIT 1")
            }
        }
        return q
    }

    /// A cached body and when it was fetched.
    public struct Entry: Sendable {
        public var body: Data
        public var fetchedAt: Date
    }

    /// The entry for `key`, or nil. A read error counts as a miss (the cache is disposable).
    public func entry(for key: String) -> Entry? {
        try? db.read { db in
            let statement = try db.cachedStatement(sql: "SELECT body, fetched_at FROM response WHERE key = ?")
            guard let row = try Row.fetchOne(statement, arguments: [key]) else {
                return nil
            }
            return Entry(body: row["body"], fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
        }
    }

    /// The entries for many keys at once, in a single read (the warm-cache fast path).
    public func entries(for keys: [String]) -> [String: Entry] {
        var out: [String: Entry] = [:]
        out.reserveCapacity(keys.count)
        _ = try? db.read { db in
            var start = 0
            while start < keys.count {
                let chunk = Array(keys[start..<min(keys.count, start + 500)])
                start += chunk.count
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let rows = try Row.fetchCursor(db, sql: "SELECT key, body, fetched_at FROM response WHERE key IN (\(marks))",
                                               arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    out[row["key"]] = Entry(body: row["body"], fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
                }
            }
        }
        return out
    }

    /// Stores a body. Failures are ignored: losing a cache write only costs a refetch.
    public func store(_ body: Data, for key: String, at date: Date = Date()) {
        try? db.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO response (key, body, fetched_at) VALUES (?, ?, ?)",
                           arguments: [key, body, date.timeIntervalSince1970])
        }
    }

    /// Number of cached responses.
    public func count() -> Int {
        (try? db.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM response") ?? 0 }) ?? 0
    }

    /// Every cached key (for tests and diagnostics).
    public func allKeys() -> [String] {
        (try? db.read { try String.fetchAll($0, sql: "SELECT key FROM response ORDER BY key") }) ?? []
    }
}
