import Foundation
import GRDB
import MWCore

/// One restore inside one transaction: its prepared statements, its report and the count of
/// its decisions. Replace (``beginReplace()``) and merge (``merge(_:)``) run on it, then the
/// invariant checks (RestoreChecks.swift).
final class RestoreSession {
    let db: Database
    let options: RestoreOptions
    /// The report so far; the counts are added by ``finishedReport()``.
    var report: RestoreReport
    let statements: StatementCache
    private let onDecision: ((RestoreDecision) -> Void)?
    /// Per-entity counts, by ``EntityKind/slot`` (an array: this is bumped once per row).
    private var tallies = [RestoreTally](repeating: RestoreTally(), count: EntityKind.allCases.count)
    /// Per provenance kind, by ``ProvenanceKind/slot``.
    private var provenanceTallies = [RestoreTally](repeating: RestoreTally(), count: ProvenanceKind.allCases.count)

    init(db: Database, options: RestoreOptions, report: RestoreReport, onDecision: ((RestoreDecision) -> Void)?) {
        self.db = db
        self.options = options
        self.report = report
        self.onDecision = onDecision
        statements = StatementCache(db)
    }

    /// Releases the statements; call before leaving the database access closure.
    func finalize() {
        statements.finalize()
    }

    /// Whether every decision is wanted (a plan is being written), not only the counts.
    var wantsDecisions: Bool { onDecision != nil }

    /// Counts a decision and passes it on when a plan is being written.
    func decide(_ entity: EntityKind, _ action: RestoreAction, conflict: Bool = false, backupId: String?,
                databaseId: String?, key: @autoclosure () -> String, fields: [String] = [], reason: String? = nil) {
        let d = RestoreDecision(entity: entity, action: action, conflict: conflict, backupId: backupId,
                                databaseId: onDecision == nil ? nil : databaseId,
                                key: onDecision == nil ? "" : key(), fields: fields, reason: reason)
        record(d)
    }

    /// Counts a decision made elsewhere (a ``RowBatch``'s) and passes it on.
    func record(_ d: RestoreDecision) {
        tallies[d.entity.slot].count(d)
        onDecision?(d)
    }

    /// Counts `n` inserts or deletes at once, without a decision each (no plan is being written).
    func count(_ n: Int, _ action: RestoreAction, _ entity: EntityKind) {
        tallies[entity.slot].add(n, action)
    }

    /// Counts `n` provenance rows of `kind` inserted, updated (a rating replaced), skipped
    /// (already there) or deleted.
    func count(_ n: Int, _ action: RestoreAction, _ kind: ProvenanceKind) {
        provenanceTallies[kind.slot].add(n, action)
    }

    /// The report with the counts filled in.
    func finishedReport() -> RestoreReport {
        var r = report
        for e in EntityKind.allCases {
            r.tallies[e] = tallies[e.slot]
        }
        for k in ProvenanceKind.allCases {
            r.provenance[k] = provenanceTallies[k.slot]
        }
        return r
    }

    /// A note whose parent type this mwkit does not know is skipped, with a warning.
    func skipUnknownParent(_ n: Note) {
        report.warnings.append("note \(n.id) has unknown parent type \(quoted(n.parentType.rawValue)); skipped")
        decide(.note, .skip, backupId: n.id, databaseId: nil, key: n.id, reason: "unknown parent type")
    }
}
