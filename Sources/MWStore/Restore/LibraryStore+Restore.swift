import Foundation
import GRDB
import MWCore

extension LibraryStore {
    /// Restores `library` into the database (docs/SPEC.md#backup-and-restore) in one transaction.
    ///
    /// `replace` clears every table and imports the backup; `merge` matches records by their
    /// natural keys and resolves differences by ``RestoreOptions/onConflict``. Either way, a
    /// title left in no list is put in the default list (created if needed), and the whole
    /// restore commits or — on any error, or with ``RestoreOptions/dryRun`` — rolls back,
    /// leaving the database as it was. `onDecision` receives every decision (for `--plan`).
    ///
    /// The caller validates the backup first; a restore of an invalid library may fail on the
    /// database's constraints, which is reported and rolls back. To read and restore at once
    /// (replace only), see ``replace(streamingFrom:readOptions:options:onDecision:)``.
    @discardableResult
    public func restore(_ library: Library, options: RestoreOptions,
                        onDecision: ((RestoreDecision) -> Void)? = nil) throws -> RestoreReport {
        try inRestoreTransaction(options: options, onDecision: onDecision) { session in
            switch options.strategy {
            case .replace:
                let replace = try session.beginReplace()
                var batch = RowBatch(withDecisions: onDecision != nil, reserve: RowPipe.batchSize)
                try library.forEachRecord { record in
                    batch.encode(record)
                    if batch.records >= RowPipe.batchSize {
                        try replace.load(batch)
                        batch.removeAll()
                    }
                }
                try replace.load(batch)
                try replace.finish()
            case .merge:
                try session.merge(library)
            }
        }
    }

    /// The frame every restore runs in: the snapshot (replace of a non-empty database), the
    /// bulk-load pragmas, one transaction around `load`, then the invariants (every title in a
    /// list, foreign keys) and the commit — or the rollback (dry run, or any error `load` or the
    /// checks throw). `snapshotMade` learns the snapshot's URL as soon as it exists.
    /// `speculative` (the streaming replace): `load` validates while it loads, may still find
    /// the backup invalid and roll back, and commits only with the validator's word that every
    /// reference resolves within the backup — which, the database holding nothing else after a
    /// replace, is the foreign-key check already made.
    func inRestoreTransaction(options: RestoreOptions, onDecision: ((RestoreDecision) -> Void)?,
                              snapshotMade: ((URL) -> Void)? = nil, speculative: Bool = false,
                              load: (RestoreSession) throws -> Void) throws -> RestoreReport {
        var report = RestoreReport(options: options)
        try wrap {
            let isEmpty = try counts() == EntityCounts()
            if options.strategy == .replace && options.snapshot && !options.dryRun && url.path != ":memory:" && !isEmpty {
                let snap = try snapshot(now: options.now)
                report.snapshotPath = snap.path
                snapshotMade?(snap)
            }
            options.onPhase?("snapshot")
            try queue.inDatabase { db in
                // Bulk writes go through a rollback journal rather than the WAL: pages appended
                // to the file are not journaled at all, where WAL would write every new page
                // twice (log, then checkpoint). Still one atomic transaction; a killed process
                // leaves a hot journal that the next open rolls back. FULL sync, as rollback
                // mode needs for power-loss safety. If another connection keeps the file in
                // WAL mode, SQLite refuses the switch and the restore simply runs in WAL.
                //
                // A `speculative` load (streaming: the backup's validity is known only at the
                // end) of a database holding data stays in WAL: a rollback then leaves the file
                // byte for byte as it was, since nothing reaches it before a commit.
                var switched = false
                if !options.dryRun, url.path != ":memory:", !speculative || isEmpty {
                    switched = (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete"
                    if switched { try db.execute(sql: "PRAGMA synchronous = FULL") }
                }
                defer {
                    if switched { try? db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL") }
                }
                let cacheBefore = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                // A bigger page cache for the duration of the restore keeps index pages hot.
                try db.execute(sql: "PRAGMA cache_size = -65536")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheBefore)") }
                // Index rebuilds (replace) sort with a helper thread: by then the reader is done
                // and the second core idle.
                try db.execute(sql: "PRAGMA threads = 2")
                defer { try? db.execute(sql: "PRAGMA threads = 0") }
                // Replace loads whole tables: rather than probing every child row's parent as it
                // is inserted, the foreign keys are checked once, over every table, just before
                // the commit (a violation rolls everything back, as a per-row failure would).
                // Measured ~5% off the database phase of bench/store.sh (the check costs ~0.4 s
                // of the ~1 s the per-row probes did), and the DELETEs of the old content can
                // truncate tables instead of visiting each row. The pragma is a no-op inside a
                // transaction, hence here; it is set back on whatever happens.
                let deferForeignKeys = options.strategy == .replace
                if deferForeignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
                defer { if deferForeignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
                try db.inTransaction(.immediate) {
                    let session = RestoreSession(db: db, options: options, report: report, onDecision: onDecision)
                    defer { session.finalize() }
                    try load(session)
                    options.onPhase?("load")
                    try session.ensureEveryTitleInAList()
                    if deferForeignKeys && !speculative { try session.checkForeignKeys() }
                    options.onPhase?("checks")
                    report = session.finishedReport()
                    return options.dryRun ? .rollback : .commit
                }
                options.onPhase?("commit")
            }
        }
        if let made = report.snapshotPath, let keep = options.keepSnapshots {
            report.snapshotsRemoved = pruneSnapshots(keeping: keep, made: URL(fileURLWithPath: made))
        }
        return report
    }
}
