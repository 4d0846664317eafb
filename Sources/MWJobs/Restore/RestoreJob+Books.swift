import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWStore

extension RestoreJob {
    /// A books backup (already read) into the book tables, with the film restore's strategies,
    /// dry run, plan, snapshot and exit codes (docs/BOOKS.md "Library database").
    static func books(_ o: Options, _ result: ReadResult) throws -> Outcome {
        guard result.isValid, let library = result.model as? BookLibrary else { throw InvalidBackup(report: FileReport(path: o.backup, read: result)) }
        var out = Outcome(backupWarnings: warnings(result))
        var options = o.restore
        // Books keep the entry modified last unless told otherwise (docs/BOOKS.md "Conflict policies").
        options.onConflict = o.onConflict ?? (options.strategy == .merge ? .newer : .keep)
        let store = try open(o, &out)
        defer { try? store.close() }
        let report: BookRestoreReport
        if let plan = o.plan {
            let stream = try AtomicStream(path: plan)
            do {
                let writer = RestorePlanWriter(options: options, database: o.database.path, backup: o.backup, emit: stream.write)
                report = try store.restoreBooks(library, options: options) { d in
                    writer.add(entity: d.entity.rawValue, action: RestoreAction(rawValue: d.action.rawValue) ?? .skip,
                               conflict: d.conflict, backupId: d.incomingId, databaseId: d.resultId, key: d.key,
                               fields: d.fields, reason: d.reason)
                }
                writer.finish(summary: report.namedTallies, warnings: report.warnings)
                try stream.commit()
            } catch {
                stream.abandon()
                throw error
            }
        } else {
            report = try store.restoreBooks(library, options: options)
        }
        var s = "\(report.dryRun ? "dry run: " : "")restore --strategy \(report.strategy.rawValue)"
        if report.strategy == .merge { s += " --on-conflict \(report.policy.rawValue)" }
        s += " of \(o.backup) (books) into \(o.database.relativePath)\n" + report.summaryTable()
        s += "\(report.changes) change(s)\n"
        if let p = report.snapshotPath { s += "previous database kept as \(p)\n" }
        for r in report.snapshotsRemoved { s += "older snapshot removed (--keep-snapshots \(o.restore.keepSnapshots ?? 0)): \(r)\n" }
        if report.dryRun { s += "dry run: the database was not changed\n" }
        out.summary = s
        out.warnings = report.warnings
        return out
    }
}
