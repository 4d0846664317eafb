import Foundation
import MWCore
import MWFoundation
import MWStore

/// `mwkit restore` as a job: a backup of any family into the library database. The backup's
/// family decides the tables (films: ``LibraryStore/restore(_:options:onDecision:)``, books:
/// ``LibraryStore/restoreBooks(_:options:onDecision:)``), never the command; a JSON replace into
/// a database that needs no migration streams (a reader thread validates while rows go in). An
/// invalid backup is refused with ``InvalidBackup`` before the database is touched.
public enum RestoreJob {
    /// What one run does.
    public struct Options {
        /// The backup ("-" for standard input).
        public var backup: String
        /// The library database.
        public var database: URL
        /// Create the database's folder when missing (the default location's).
        public var createFolder = false
        /// Strategy, policy, dry run, snapshots, "now".
        public var restore: RestoreOptions
        /// `--on-conflict` as given; nil takes the family's default (films keep, books newer).
        public var onConflict: ConflictPolicy?
        /// `--plan FILE` ("-" for standard output): every decision as JSON.
        public var plan: String?
        public var readOptions = ReadOptions()
        public var loader = BackupLoader()

        public init(backup: String, database: URL, restore: RestoreOptions) {
            self.backup = backup
            self.database = database
            self.restore = restore
        }
    }

    /// What the run did, for the command to print.
    public struct Outcome {
        /// The backup's own warnings.
        public var backupWarnings: [Diagnostic] = []
        /// Things said before the summary (the database migrated, with the copy kept).
        public var notices: [String] = []
        /// The summary table and what became of snapshots and images.
        public var summary = ""
        /// Warnings of the restore itself.
        public var warnings: [String] = []
    }

    /// Restores the backup. Throws ``InvalidBackup`` for an invalid one (nothing touched),
    /// ``MWError`` for unreadable input or a failed restore.
    public static func run(_ o: Options) throws -> Outcome {
        if o.loader.format(of: o.backup)?.family == ModelFamily("books") { return try books(o, try o.loader.load(o.backup, options: o.readOptions).result) }
        if canStream(o) { return try streaming(o) }
        // Read and validate the backup before the database is even opened.
        let loaded = try RestoreInput.read(path: o.backup, options: o.readOptions, loader: o.loader)
        let result = loaded.result
        if result.model != nil, result.library == nil { return try books(o, result) }
        guard result.isValid, let library = result.library else { throw InvalidBackup(report: FileReport(path: o.backup, read: result)) }
        o.restore.onPhase?("read+validate")
        var out = Outcome(backupWarnings: warnings(result))
        var options = o.restore
        options.onConflict = o.onConflict ?? .keep
        let store = try open(o, &out)
        defer { try? store.close() }
        let report = try withPlan(o, options) { onDecision in try store.restore(library, options: options, onDecision: onDecision) }!
        // Images of a ZIP backup go to the image cache beside the database (a cache, outside the transaction).
        let images = options.dryRun ? 0 : try loaded.storeImages(forDatabase: o.database)
        out.summary = summary(report, o, imagesStored: images)
        out.warnings = report.warnings
        return out
    }

    /// Replace of a JSON file into a database that opening will not migrate reads and loads at
    /// once; the rest — merge, a ZIP (its images need the whole backup), stdin, a database to
    /// migrate first — validates the whole backup before the database is opened.
    static func canStream(_ o: Options) -> Bool {
        guard o.restore.strategy == .replace, o.backup != "-" else { return false }
        guard (try? BackupIO.detect(url: URL(fileURLWithPath: o.backup))) == .json else { return false }
        if !FileManager.default.fileExists(atPath: o.database.path) { return true }
        return LibraryStore.headerSchemaVersion(at: o.database) == StoreSchema.currentVersion
    }

    static func streaming(_ o: Options) throws -> Outcome {
        var out = Outcome()
        var options = o.restore
        options.onConflict = o.onConflict ?? .keep
        let existed = FileManager.default.fileExists(atPath: o.database.path)
        let store = try open(o, &out)
        // Refused or failed, the transaction was rolled back; a database file this run created
        // goes again, so the database is exactly as before — absent.
        var committed = false
        defer {
            try? store.close()
            if !committed && !existed && !options.dryRun { LibraryStore.removeFiles(at: o.database) }
        }
        let url = URL(fileURLWithPath: o.backup)
        var read = ReadResult()
        let report = try withPlan(o, options) { onDecision in
            let r = try store.replace(streamingFrom: { try BackupIO.read(url: url, options: $0) },
                                      readOptions: o.readOptions, options: options, onDecision: onDecision)
            read = r.read
            return r.report
        }
        guard let report else { throw InvalidBackup(report: FileReport(path: o.backup, read: read)) }
        committed = true
        out.backupWarnings = warnings(read)
        out.summary = summary(report, o, imagesStored: 0)
        out.warnings = report.warnings
        return out
    }

    /// Opens the database, creating it (and its folder when asked) or migrating it with a copy
    /// kept. A dry run against a missing file plans against an empty in-memory library.
    static func open(_ o: Options, _ out: inout Outcome) throws -> LibraryStore {
        let store = o.restore.dryRun && !FileManager.default.fileExists(atPath: o.database.path) ? try LibraryStore.inMemory()
            : o.createFolder ? try LibraryStore.openMakingFolder(at: o.database) : try LibraryStore.open(at: o.database, mode: .create)
        if let bak = store.migrationBackupURL {
            out.notices.append("migrated \(o.database.path) from schema version \(store.openedVersion) to \(StoreSchema.currentVersion); the previous file is kept as \(bak.path)")
        }
        return store
    }

    /// Runs a restore with `--plan` written alongside when asked for. `body` returns the report,
    /// or nil when the restore was refused; a plan is kept only for a restore that went through.
    static func withPlan(_ o: Options, _ options: RestoreOptions,
                         _ body: (((RestoreDecision) -> Void)?) throws -> RestoreReport?) throws -> RestoreReport? {
        guard let plan = o.plan else { return try body(nil) }
        let out = try AtomicStream(path: plan)
        do {
            let writer = RestorePlanWriter(options: options, database: o.database.path, backup: o.backup, emit: out.write)
            guard let report = try body(writer.add) else { out.abandon(); return nil }
            writer.finish(report)
            try out.commit()
            return report
        } catch {
            out.abandon()
            throw error
        }
    }

    static func warnings(_ r: ReadResult) -> [Diagnostic] { r.diagnostics.filter { $0.severity == .warning } }

    static func summary(_ report: RestoreReport, _ o: Options, imagesStored: Int) -> String {
        var out = "\(report.dryRun ? "dry run: " : "")restore --strategy \(report.strategy.rawValue)"
        if report.strategy == .merge { out += " --on-conflict \(report.onConflict.rawValue)" }
        out += " of \(o.backup) into \(o.database.relativePath)\n"
        out += report.summaryTable()
        if !report.addedToDefaultList.isEmpty {
            out += "\(report.addedToDefaultList.count) title(s) belonged to no list and were put in the default list"
            out += report.createdDefaultList.map { " (created: \($0))" } ?? ""
            out += ": " + report.addedToDefaultList.prefix(10).joined(separator: ", ")
            out += report.addedToDefaultList.count > 10 ? ", …\n" : "\n"
        }
        if let s = report.snapshotPath { out += "previous database kept as \(s)\n" }
        for r in report.snapshotsRemoved { out += "older snapshot removed (--keep-snapshots \(o.restore.keepSnapshots ?? 0)): \(r)\n" }
        if imagesStored > 0 { out += "\(imagesStored) image(s) stored in \(StoreLocation.imageCacheURL(forDatabase: o.database).path)\n" }
        if report.dryRun { out += "dry run: the database was not changed\n" }
        return out
    }
}
