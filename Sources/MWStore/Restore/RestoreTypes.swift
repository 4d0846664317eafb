import Foundation
import MWCore
import MWMacros

/// How a backup is brought into the library database (`--strategy`).
public enum RestoreStrategy: String, Sendable, CaseIterable, Codable {
    /// Add to the existing data; records already present are matched, not duplicated.
    case merge
    /// Clear the database and import the backup, in one transaction.
    case replace
}

/// Options of ``LibraryStore/restore(_:options:onDecision:)``.
@PublicMemberwiseInit
public struct RestoreOptions: Sendable {
    public var strategy: RestoreStrategy
    public var onConflict: ConflictPolicy = .keep
    /// Work out every decision, then roll back: the database content is not changed.
    public var dryRun: Bool = false
    /// Before `replace`, keep a copy of a non-empty database beside it.
    public var snapshot: Bool = true
    /// Snapshots kept beside the database after a replace, the one just made included; older
    /// ones are removed (nil: keep all).
    public var keepSnapshots: Int? = 3
    /// "Now" for records mwkit creates (the default list) and the snapshot name.
    public var now: Date = Clock.now()
    /// Called with a phase's name as each phase of the restore ends (snapshot, load, checks,
    /// commit) — for timing (`MWKIT_TIMING`), not for control.
    public var onPhase: (@Sendable (String) -> Void)?
}

/// What happens to one record.
public enum RestoreAction: String, Sendable, Codable {
    /// Added to the database.
    case insert
    /// An existing record takes new values.
    case update
    /// Nothing changes (identical, or the database's values were kept).
    case skip
    /// Removed (replace clears the database).
    case delete
}

/// One decision of a restore, as `--plan FILE` lists them; made by the restore alone (its
/// memberwise initialiser is internal).
public struct RestoreDecision: Sendable, Codable, Equatable {
    public var entity: EntityKind
    public var action: RestoreAction
    /// True when the record exists on both sides with different values.
    public var conflict = false
    /// The record's id in the backup (nil for records mwkit creates, or list items without id).
    public var backupId: String?
    /// The id the record has (or keeps) in the database.
    public var databaseId: String?
    /// The natural key it was matched by, e.g. `movie:603`, `<showId>:S01E02`.
    public var key: String
    /// Names of the values that differ between the two sides.
    public var fields: [String] = []
    /// Why, when the decision needs explaining (a remapped id, a title put in the default list).
    public var reason: String?
}

/// Counts of decisions for one entity. `conflict` counts records present on both sides with
/// different values; each of them is also counted as `update` or `skip`.
public struct RestoreTally: Sendable, Codable, Equatable {
    public var insert = 0, update = 0, skip = 0, conflict = 0, delete = 0
    public init() {}

    mutating func count(_ d: RestoreDecision) {
        add(1, d.action)
        if d.conflict { conflict += 1 }
    }

    /// Counts `n` records given `action` (a decision's, or a batch's without one each).
    mutating func add(_ n: Int, _ action: RestoreAction) {
        switch action {
        case .insert: insert += n
        case .update: update += n
        case .skip: skip += n
        case .delete: delete += n
        }
    }
}

/// The outcome of a restore (or, with `dryRun`, of its plan).
public struct RestoreReport: Sendable, Equatable {
    public var strategy: RestoreStrategy
    public var onConflict: ConflictPolicy
    public var dryRun: Bool
    /// Per entity, in the order of ``EntityKind/allCases``.
    public var tallies: [EntityKind: RestoreTally]
    /// Provenance rows (original ratings, viewings, tags, record sources) per kind: inserted,
    /// updated (a rating replaced by a newer one from the same source), skipped (already there)
    /// or deleted (replace). They belong to records, so `--plan` counts them without listing each.
    public var provenance: [ProvenanceKind: RestoreTally]
    /// Where the previous database was kept (replace without `--no-snapshot`).
    public var snapshotPath: String?
    /// Older snapshots removed to keep ``RestoreOptions/keepSnapshots``.
    public var snapshotsRemoved: [String] = []
    /// Titles that belonged to no list and were put in the default list (docs/SPEC.md#list-membership).
    public var addedToDefaultList: [String]
    /// The default list mwkit created for them, if it had to.
    public var createdDefaultList: String?
    /// Things the user should know that did not stop the restore (remapped ids, dropped references).
    public var warnings: [String]

    init(options: RestoreOptions) {
        strategy = options.strategy
        onConflict = options.onConflict
        dryRun = options.dryRun
        tallies = Dictionary(uniqueKeysWithValues: EntityKind.allCases.map { ($0, RestoreTally()) })
        provenance = Dictionary(uniqueKeysWithValues: ProvenanceKind.allCases.map { ($0, RestoreTally()) })
        snapshotPath = nil
        addedToDefaultList = []
        createdDefaultList = nil
        warnings = []
    }

    /// The tally of one entity.
    public func tally(_ e: EntityKind) -> RestoreTally { tallies[e] ?? RestoreTally() }

    /// Total records inserted, updated, skipped or deleted.
    public var totalRows: Int {
        tallies.values.reduce(0) { $0 + $1.insert + $1.update + $1.skip }
    }

    /// The tally of one provenance kind.
    public func tally(_ k: ProvenanceKind) -> RestoreTally { provenance[k] ?? RestoreTally() }

    /// Whether any provenance row was counted (the summary shows them only then).
    public var hasProvenance: Bool { provenance.values.contains { $0 != RestoreTally() } }

    /// A table of the per-entity counts, for the terminal; then, when there were any, the
    /// provenance rows (`rating`, `viewing`, `tag`, `source`).
    public func summaryTable() -> String {
        let head = ["entity", "insert", "update", "skip", "conflict"] + (strategy == .replace ? ["delete"] : [])
        var rows = [head]
        func row(_ name: String, _ t: RestoreTally) {
            rows.append([name, "\(t.insert)", "\(t.update)", "\(t.skip)", "\(t.conflict)"]
                        + (strategy == .replace ? ["\(t.delete)"] : []))
        }
        for e in EntityKind.allCases { row(e.rawValue, tally(e)) }
        if hasProvenance {
            for k in ProvenanceKind.allCases { row(k.rawValue, tally(k)) }
        }
        let widths = head.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        return rows.map { r in
            r.enumerated().map { i, s in
                i == 0 ? s.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                       : String(repeating: " ", count: widths[i] - s.count) + s
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
