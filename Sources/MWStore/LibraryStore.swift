import Foundation
import CSQLiteTuning
import GRDB
import MWCore

/// An mwkit library database: one SQLite file (WAL mode, foreign keys on) holding the six
/// entities of docs/SPEC.md#data-model. Backups restore into it (``restore(_:options:)``) and archive out
/// of it (``loadLibrary(selection:)``). docs/DATABASE.md describes the schema.
///
/// Opening checks the file before anything writes to it: a file that is not SQLite, is
/// corrupt, belongs to another program or was written by a newer mwkit is refused with
/// ``MWError`` and left exactly as it was. An older schema is migrated after a copy of the
/// file is kept beside it (``migrationBackupURL``).
public final class LibraryStore {
    /// The database file.
    public let url: URL
    /// The copy of the file made before migrating it from an older schema, if one was made.
    public private(set) var migrationBackupURL: URL?
    /// The schema version the file had when opened (0 for a new file).
    public private(set) var openedVersion: Int = 0
    let queue: DatabaseQueue

    /// What ``open(at:mode:)`` does when the file does not exist.
    public enum OpenMode: Sendable {
        /// Create a new, empty library database.
        case create
        /// Fail with ``MWError/io(_:)``.
        case mustExist
        /// Open an existing file read-only: nothing is created, migrated or written (`check`).
        /// An older schema is opened as it is (``openedVersion`` says which).
        case readOnly
    }

    /// Opens (and creates or migrates when needed) the library database at `url`.
    public static func open(at url: URL, mode: OpenMode = .create) throws -> LibraryStore {
        try LibraryStore(url: url, mode: mode)
    }

    /// ``open(at:mode:)`` creating the database, its folder made first when missing (an import's
    /// `--db`: the default database's folder may not exist yet).
    public static func openMakingFolder(at url: URL) throws -> LibraryStore {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try open(at: url, mode: .create)
    }

    /// An in-memory library with the current schema (for dry runs against a missing file, and tests).
    public static func inMemory() throws -> LibraryStore {
        try LibraryStore(memory: ())
    }

    private init(memory: Void) throws {
        url = URL(fileURLWithPath: ":memory:")
        queue = try DatabaseQueue(configuration: LibraryStore.configuration())
        try StoreSchema.migrator().migrate(queue)
    }

    private init(url: URL, mode: OpenMode) throws {
        self.url = url
        let path = url.path
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        if exists && isDir.boolValue { throw MWError.io("\(path) is a directory, not a library database") }
        if !exists {
            if mode != .create { throw MWError.io("no library database at \(path)") }
            let dir = url.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: dir) else {
                throw MWError.io("cannot create \(path): directory \(dir) does not exist")
            }
        } else {
            try LibraryStore.checkHeader(url)
        }
        do {
            var config = LibraryStore.configuration()
            config.readonly = mode == .readOnly
            queue = try DatabaseQueue(path: path, configuration: config)
        } catch {
            throw StoreErrors.map(error, url: url)
        }
        do {
            try prepareSchema(existed: exists, readOnly: mode == .readOnly)
        } catch {
            try? queue.close()
            throw StoreErrors.map(error, url: url)
        }
    }

    /// Closes the connection (also done when the store is released).
    public func close() throws {
        try queue.close()
    }

    /// Turns off SQLite's memory statistics for the whole process: otherwise SQLite takes a
    /// global mutex around every allocation to count bytes (~3% of a large restore's database
    /// thread). Process-wide: `sqlite3_memory_used()`, `sqlite3_status64()` and SQLite's heap
    /// limits stop working for all code in the process, which is why the library leaves the
    /// call to whoever owns the process; the `mwkit` CLI makes it first thing. It only takes
    /// effect before SQLite's first connection in the process; returns whether it did (the
    /// first call's answer, every time).
    @discardableResult
    public static func applyProcessWideSQLiteOptions() -> Bool {
        memstatusOff == 0
    }

    private static let memstatusOff: Int32 = mwkit_sqlite_disable_memstatus()

    static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // Another process restoring into the same file waits for a while rather than failing at once.
        config.busyMode = .timeout(10)
        config.label = "mwkit.library"
        return config
    }

    /// The first 16 bytes of every SQLite database file.
    private static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    /// Refuses a file that is not an SQLite database by its first 16 bytes, before SQLite
    /// (which would leave it alone, too) gets a chance to touch its journal settings.
    static func checkHeader(_ url: URL) throws {
        guard let h = FileHandle(forReadingAtPath: url.path) else {
            throw MWError.io("cannot open \(url.path) for reading")
        }
        defer { try? h.close() }
        let head = (try? h.read(upToCount: 16)) ?? Data()
        if head.isEmpty { return } // an empty file is a valid, empty SQLite database
        if !head.elementsEqual(sqliteMagic) {
            throw MWError.io("\(url.path) is not an SQLite database (unrecognised header); the file was left untouched")
        }
    }

    /// The schema version an mwkit library file records in its header (`PRAGMA user_version`,
    /// bytes 60–63), read without SQLite so nothing about the file changes; nil when the file
    /// is missing, unreadable, or not an mwkit library (`application_id`, bytes 68–71).
    /// A restore uses it to know, before reading the backup, that opening will not migrate.
    public static func headerSchemaVersion(at url: URL) -> Int? {
        guard let h = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? h.close() }
        guard let data = try? h.read(upToCount: 100), data.count == 100 else { return nil }
        let head = [UInt8](data)
        guard head.prefix(16).elementsEqual(sqliteMagic) else { return nil }
        func int32(_ at: Int) -> Int32 {
            Int32(bitPattern: head[at...at + 3].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        guard int32(68) == StoreSchema.applicationID else { return nil }
        return Int(int32(60))
    }

    /// Identifies the file as an mwkit library, refuses newer schemas, then migrates
    /// (keeping a copy of an older file first) and switches to WAL.
    private func prepareSchema(existed: Bool, readOnly: Bool) throws {
        let migrator = StoreSchema.migrator()
        let state: (appID: Int32, userVersion: Int, tables: [String], superseded: Bool, applied: Int, completed: Int) = try queue.read { db in
            let appID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            guard tables.contains("grdb_migrations") else { return (appID, userVersion, tables, false, 0, 0) }
            return (appID, userVersion, tables, try migrator.hasBeenSuperseded(db),
                    try migrator.appliedIdentifiers(db).count, try migrator.completedMigrations(db).count)
        }
        if state.appID != 0 && state.appID != StoreSchema.applicationID {
            throw MWError.failed("\(url.path) is an SQLite database of another program (application_id \(String(format: "0x%08X", state.appID))), not an mwkit library; it was left untouched")
        }
        if state.appID == 0 && !state.tables.isEmpty {
            throw MWError.failed("\(url.path) is an SQLite database but not an mwkit library (tables: \(state.tables.prefix(5).joined(separator: ", "))); it was left untouched")
        }
        // A migration this mwkit does not register (GRDB: superseded) is a newer mwkit's; so is
        // a header version above ours, which is all a file migrated outside GRDB may show.
        if state.superseded || state.userVersion > StoreSchema.currentVersion {
            throw MWError.failed("\(url.path) was written by a newer mwkit (schema version \(max(state.userVersion, state.applied)), this mwkit knows up to \(StoreSchema.currentVersion)); upgrade mwkit to use it — the file was left untouched")
        }
        openedVersion = state.completed
        if readOnly { return }
        if existed && state.completed > 0 && state.completed < StoreSchema.currentVersion {
            migrationBackupURL = try copyBeforeMigration(fromVersion: state.completed)
        }
        if state.completed == 0 {
            // A new file gets 16 KiB pages (SQLite's default is 4 KiB; the setting only takes
            // before the first table exists). Fewer, fuller pages make shallower B-trees and a
            // quarter of the write calls: a bulk restore of bench/store.sh spent ~0.5 s less in
            // the kernel and about 10% less overall. Existing files keep their page size.
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA page_size = \(StoreSchema.pageSize)") }
        }
        if state.completed < StoreSchema.currentVersion {
            try migrator.migrate(queue)
        }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            // NORMAL in WAL mode is crash-safe (a killed process never corrupts the file or
            // leaves half a transaction); only the last commits may be lost on power failure.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
    }

    /// Keeps a consistent copy of the file (`library.sqlite.bak-v1`, …) before migrating it.
    private func copyBeforeMigration(fromVersion v: Int) throws -> URL {
        let target = LibraryStore.freshURL(url.deletingLastPathComponent()
            .appendingPathComponent("\(url.lastPathComponent).bak-v\(v)"))
        try vacuumInto(target)
        return target
    }

    /// Writes a consistent copy of the database to `target` (through a temporary file and a
    /// rename, so a killed process never leaves a half-written copy under that name).
    func vacuumInto(_ target: URL) throws {
        // Copies a killed run was making (snapshots, pre-migration copies) go first.
        AtomicFile.removeStaleTemporaries(in: url.deletingLastPathComponent(), targetsStartingWith: url.lastPathComponent + ".")
        let tmp = AtomicFile.temporaryURL(beside: target)
        do {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM INTO ?", arguments: [tmp.path])
            }
            try AtomicFile.commit(tmp, to: target)
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
    }

    /// Removes a database file and the journal files SQLite keeps beside it — for a caller
    /// that created the file and must leave no trace (a refused restore into a new database).
    public static func removeFiles(at url: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }

    /// `url` itself if nothing exists there, else `url-2`, `url-3`, … (never overwrites).
    static func freshURL(_ url: URL) -> URL {
        var candidate = url
        var n = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = URL(fileURLWithPath: url.path + "-\(n)")
            n += 1
        }
        return candidate
    }

    /// The schema version of the open database (number of migrations applied).
    public func schemaVersion() throws -> Int {
        try queue.read { db in try StoreSchema.migrator().completedMigrations(db).count }
    }

    /// Numbers of records per entity.
    public func counts() throws -> EntityCounts {
        try wrap {
            try queue.read { db in
                var c = EntityCounts()
                c.lists = try Int.fetchOne(db, sql: "SELECT count(*) FROM lists") ?? 0
                c.listItems = try Int.fetchOne(db, sql: "SELECT count(*) FROM list_items") ?? 0
                c.titles = try Int.fetchOne(db, sql: "SELECT count(*) FROM titles") ?? 0
                c.episodes = try Int.fetchOne(db, sql: "SELECT count(*) FROM episodes") ?? 0
                c.notes = try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") ?? 0
                c.preferences = try Int.fetchOne(db, sql: "SELECT count(*) FROM preferences") ?? 0
                return c
            }
        }
    }

    /// Runs `PRAGMA integrity_check` and `PRAGMA foreign_key_check`; returns the problems
    /// found (empty when the file is sound).
    public func integrityProblems() throws -> [String] {
        try wrap {
            try queue.read { db in
                var out = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
                let fk = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                out += fk.map { "foreign key violation in \($0[0] as String? ?? "?") row \($0[1] as Int64? ?? -1)" }
                return out
            }
        }
    }

    /// Writes a consistent copy of the whole database to a new file beside it named
    /// `<name>.snapshot-<UTC time>` and returns its URL (used before `restore --strategy replace`).
    public func snapshot(now: Date = Clock.now()) throws -> URL {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let target = LibraryStore.freshURL(url.deletingLastPathComponent()
            .appendingPathComponent("\(url.lastPathComponent).snapshot-\(f.string(from: now))"))
        try wrap { try vacuumInto(target) }
        return target
    }

    /// Runs `body`, mapping SQLite errors to ``MWError`` with the file's path.
    func wrap<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw StoreErrors.map(error, url: url) }
    }
}



/// Maps SQLite / GRDB errors to ``MWError`` with messages that name the file.
enum StoreErrors {
    static func map(_ error: Error, url: URL) -> Error {
        if error is MWError || error is InvalidBackup { return error }
        guard let e = error as? DatabaseError else { return MWError.failed("\(url.path): \(error)") }
        let msg = e.message ?? "\(e.resultCode)"
        switch e.resultCode.primaryResultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return MWError.io("\(url.path) is corrupt or not a database (SQLite: \(msg)); the file was left untouched")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_IOERR:
            return MWError.io("cannot use \(url.path) (SQLite: \(msg))")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return MWError.failed("\(url.path) is locked by another process (SQLite: \(msg))")
        case .SQLITE_FULL:
            return MWError.failed("disk full while writing \(url.path); nothing was changed")
        default:
            return MWError.failed("\(url.path): database error: \(msg)")
        }
    }
}
