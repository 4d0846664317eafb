import ArgumentParser
import Foundation
import MWBooks
import MWCore
import MWJobs
import MWStore

/// `mwkit restore BOOKS.json`: a `bookstrack-v1` backup into the book tables, with the film
/// restore's strategies, dry run, plan, snapshot and exit codes (docs/BOOKS.md "Library database").
extension Restore {
    /// Reads the books backup at `backup`, then restores it.
    func restoreBooks(dbURL: URL, options: RestoreOptions) throws {
        let loaded = try BackupLoader().load(backup, options: input.readOptions())
        try restoreBooks(loaded.result, dbURL: dbURL, options: options)
    }

    /// Restores a books backup already read; an invalid one is refused before the database is opened.
    func restoreBooks(_ result: ReadResult, dbURL: URL, options: RestoreOptions) throws {
        guard result.isValid, let library = result.model as? BookLibrary else { throw refuse(result) }
        printWarnings(result)
        var options = options
        // Books keep the entry modified last unless told otherwise (docs/BOOKS.md "Merge").
        if strategy == .merge && onConflict == nil { options.onConflict = .newer }
        let store = try openStore(dbURL)
        defer { try? store.close() }
        let report: BookRestoreReport
        if let plan {
            let out = try AtomicStream(path: plan)
            do {
                let writer = RestorePlanWriter(options: options, database: dbURL.path, backup: backup, emit: out.write)
                report = try store.restoreBooks(library, options: options) { d in
                    writer.add(entity: d.entity.rawValue, action: RestoreAction(rawValue: d.action.rawValue) ?? .skip,
                               conflict: d.conflict, backupId: d.incomingId, databaseId: d.resultId, key: d.key,
                               fields: d.fields, reason: d.reason)
                }
                writer.finish(summary: BookEntity.allCases.map { ($0.rawValue, report.tally($0)) }, warnings: report.warnings)
                try out.commit()
            } catch {
                out.abandon()
                throw error
            }
        } else {
            report = try store.restoreBooks(library, options: options)
        }
        var out = "\(report.dryRun ? "dry run: " : "")restore --strategy \(report.strategy.rawValue)"
        if report.strategy == .merge { out += " --on-conflict \(report.policy.rawValue)" }
        out += " of \(backup) (books) into \(dbURL.path)\n" + report.summaryTable()
        out += "\(report.changes) change(s)\n"
        if let s = report.snapshotPath { out += "previous database kept as \(s)\n" }
        for r in report.snapshotsRemoved { out += "older snapshot removed (--keep-snapshots \(keepSnapshots)): \(r)\n" }
        if report.dryRun { out += "dry run: the database was not changed\n" }
        if plan == "-" { StandardError.write(out) } else { print(out, terminator: "") }
        for w in report.warnings { StandardError.write("mwkit: warning: \(w)") }
    }
}
