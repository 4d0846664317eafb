import ArgumentParser
import Foundation
import MWBooks
import MWCore
import MWJobs
import MWStore

/// `mwkit restore BACKUP --db PATH --strategy merge|replace`: a backup into the library database.
struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup into the library database (merge or replace).",
        discussion: """
        A books backup (bookstrack-v1) goes to the book tables: merge matches works by a shared external id, an ISBN, else title and primary author, and by default keeps the entry modified last (--on-conflict newer; tags and notes are always united); replace empties only the book tables. See docs/BOOKS.md.

        merge adds what is new and matches what exists: titles by (tmdbId, mediaType), episodes by (show, season, episode), lists by id then name (ignoring case), list items by (list, title), notes by id then (parent, text). --on-conflict decides between differing records: keep (default) | newer (later dateModified wins) | theirs (the backup wins) | union (watched if either, earliest watchedDate, likedStatus from the newer record).

        replace clears the database and imports the backup in one transaction, keeping the previous database as <db>.snapshot-<time> unless --no-snapshot.

        An invalid backup is refused with its diagnostics and the database is not touched. See docs/DATABASE.md.

        Exit codes: 0 restored, 1 invalid backup or failed restore, 2 unreadable input or usage.
        """
    )

    @Argument(help: "The backup to restore (mediawatch v1 or v2 JSON, a mediawatch ZIP, or a bookstrack-v1 books backup).")
    var backup: String

    @Option(help: "The library database (default: $MWKIT_DB, else $XDG_DATA_HOME/mwkit/library.sqlite, else ~/.local/share/mwkit/library.sqlite).")
    var db: String?

    @Option(help: "How the backup comes in.")
    var strategy: RestoreStrategy = .merge

    @Option(name: .customLong("on-conflict"), help: "How merge resolves differing records, merge only: keep | newer | theirs | union (default keep for films, newer for books; docs/BOOKS.md \"Conflict policies\").")
    var onConflict: ConflictPolicy?

    @Flag(name: .customLong("dry-run"), help: "Print what would change per entity; change nothing.")
    var dryRun = false

    @Option(help: "Write every decision as JSON to this file ('-' for standard output).")
    var plan: String?

    @Flag(name: .customLong("no-snapshot"), help: "replace: do not keep a copy of the previous database.")
    var noSnapshot = false

    @Option(name: .customLong("keep-snapshots"), help: "replace: snapshots kept beside the database, the new one included; older ones are removed.")
    var keepSnapshots: Int = 3

    @OptionGroup var input: InputOptions

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if keepSnapshots < 1 { throw ValidationError("--keep-snapshots must be at least 1 (the snapshot just made is always kept)") }
        if onConflict != nil && strategy == .replace {
            throw ValidationError("--on-conflict applies to --strategy merge only")
        }
    }

    func run() throws {
        try CLIExit.run(restore)
    }

    private func restore() throws {
        let clock = PhaseClock()
        var options = RestoreOptions(strategy: strategy, onConflict: onConflict ?? .keep, dryRun: dryRun,
                                     snapshot: !noSnapshot, now: Clock.now(), onPhase: { clock.lap($0) })
        options.keepSnapshots = keepSnapshots
        let dbURL = db.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        // A books backup goes to the book tables (Restore+Books.swift).
        if BackupLoader().format(of: backup)?.family == .books { return try restoreBooks(dbURL: dbURL, options: options) }
        if canStream(dbURL: dbURL) { return try restoreStreaming(dbURL: dbURL, options: options) }

        // 1. Read and validate the backup before the database is even opened.
        let loaded = try RestoreInput.read(path: backup, options: input.readOptions())
        let result = loaded.result
        if result.model is BookLibrary { return try restoreBooks(result, dbURL: dbURL, options: options) }
        guard result.isValid, let library = result.library else { throw refuse(result) }
        clock.lap("read+validate")
        printWarnings(result)

        // 2. Open (creating, or migrating with a copy kept) the database.
        let store = try openStore(dbURL)
        defer { try? store.close() }

        // 3. Restore in one transaction, streaming the plan when asked for.
        let report = try withPlan(dbURL, options) { onDecision in
            try store.restore(library, options: options, onDecision: onDecision)
        }!

        // 4. Images of a ZIP backup go to the image cache beside the database (a cache, outside the transaction).
        let imagesStored = dryRun ? 0 : try loaded.storeImages(forDatabase: dbURL)
        printSummary(report, dbURL: dbURL, imagesStored: imagesStored)
    }

    /// Replace of a JSON file into a database that opening will not migrate reads and loads at
    /// once (``LibraryStore/replace(streamingFrom:readOptions:options:onDecision:)``); the
    /// rest — merge, a ZIP (its images need the whole backup), stdin, a database to migrate
    /// first — validates the whole backup before the database is opened.
    private func canStream(dbURL: URL) -> Bool {
        guard strategy == .replace, backup != "-" else { return false }
        guard (try? BackupIO.detect(url: URL(fileURLWithPath: backup))) == .json else { return false }
        if !FileManager.default.fileExists(atPath: dbURL.path) { return true }
        return LibraryStore.headerSchemaVersion(at: dbURL) == StoreSchema.currentVersion
    }

    private func restoreStreaming(dbURL: URL, options: RestoreOptions) throws {
        let existed = FileManager.default.fileExists(atPath: dbURL.path)
        let store = try openStore(dbURL)
        // Refused or failed, the transaction was rolled back; a database file this run
        // created goes again, so the database is exactly as before — absent.
        var committed = false
        defer {
            try? store.close()
            if !committed && !existed && !dryRun { LibraryStore.removeFiles(at: dbURL) }
        }
        let url = URL(fileURLWithPath: backup)
        var read = ReadResult()
        let report = try withPlan(dbURL, options) { onDecision in
            let r = try store.replace(streamingFrom: { try BackupIO.read(url: url, options: $0) },
                                      readOptions: input.readOptions(), options: options, onDecision: onDecision)
            read = r.read
            return r.report
        }
        guard let report else { throw refuse(read) }
        committed = true
        printWarnings(read)
        printSummary(report, dbURL: dbURL, imagesStored: 0)
    }

    /// Opens the database, creating it (and, for the default location, its directory) or
    /// migrating it with a copy kept. A dry run against a missing file plans against an empty
    /// in-memory library and creates nothing.
    func openStore(_ dbURL: URL) throws -> LibraryStore {
        if db == nil && !dryRun {
            try? FileManager.default.createDirectory(at: dbURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let store: LibraryStore
        if dryRun && !FileManager.default.fileExists(atPath: dbURL.path) {
            store = try LibraryStore.inMemory()
        } else {
            store = try LibraryStore.open(at: dbURL, mode: .create)
        }
        if let bak = store.migrationBackupURL {
            StandardError.write("mwkit: migrated \(dbURL.path) from schema version \(store.openedVersion) to \(StoreSchema.currentVersion); the previous file is kept as \(bak.path)")
        }
        return store
    }

    /// Runs a restore with `--plan` written alongside when asked for. `body` returns the report,
    /// or nil when the restore was refused; a plan is kept only for a restore that went through.
    private func withPlan(_ dbURL: URL, _ options: RestoreOptions,
                          _ body: (((RestoreDecision) -> Void)?) throws -> RestoreReport?) throws -> RestoreReport? {
        guard let plan else { return try body(nil) }
        let out = try AtomicStream(path: plan)
        do {
            let writer = RestorePlanWriter(options: options, database: dbURL.path, backup: backup, emit: out.write)
            guard let report = try body(writer.add) else { out.abandon(); return nil }
            writer.finish(report)
            try out.commit()
            return report
        } catch {
            out.abandon()
            throw error
        }
    }

    /// Prints an invalid backup's diagnostics; the error to exit with.
    func refuse(_ result: ReadResult) -> Error {
        StandardError.report([FileReport(path: backup, read: result)], verbose: reporting.verbose)
        return CLIExit.failure("\(backup) is not a valid backup; the database was not touched", code: 1)
    }

    func printWarnings(_ result: ReadResult) {
        reporting.report(result.diagnostics.filter { $0.severity == .warning }, path: backup)
    }

    private func printSummary(_ report: RestoreReport, dbURL: URL, imagesStored: Int) {
        var out = "\(report.dryRun ? "dry run: " : "")restore --strategy \(report.strategy.rawValue)"
        if report.strategy == .merge { out += " --on-conflict \(report.onConflict.rawValue)" }
        out += " of \(backup) into \(dbURL.path)\n"
        out += report.summaryTable()
        if !report.addedToDefaultList.isEmpty {
            out += "\(report.addedToDefaultList.count) title(s) belonged to no list and were put in the default list"
            out += report.createdDefaultList.map { " (created: \($0))" } ?? ""
            out += ": " + report.addedToDefaultList.prefix(10).joined(separator: ", ")
            out += report.addedToDefaultList.count > 10 ? ", …\n" : "\n"
        }
        if let s = report.snapshotPath { out += "previous database kept as \(s)\n" }
        for r in report.snapshotsRemoved { out += "older snapshot removed (--keep-snapshots \(keepSnapshots)): \(r)\n" }
        if imagesStored > 0 { out += "\(imagesStored) image(s) stored in \(StoreLocation.imageCacheURL(forDatabase: dbURL).path)\n" }
        if report.dryRun { out += "dry run: the database was not changed\n" }
        if plan == "-" { StandardError.write(out) } else { print(out, terminator: "") }
        for w in report.warnings { StandardError.write("mwkit: warning: \(w)") }
    }
}

/// Phase timings on stderr when `MWKIT_TIMING` is set (used by bench/store.sh).
final class PhaseClock: Sendable {
    private let last = Locked(Date())
    private let on = ProcessInfo.processInfo.environment["MWKIT_TIMING"] != nil
    func lap(_ name: String) {
        guard on else { return }
        let now = Date()
        let since = last.withLock { last in defer { last = now }; return now.timeIntervalSince(last) }
        StandardError.write("timing: \(name) \(String(format: "%.3f", since)) s")
    }
}

extension RestoreStrategy: ExpressibleByArgument {}
extension ConflictPolicy: ExpressibleByArgument {}
