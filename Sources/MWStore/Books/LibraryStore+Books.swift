import Foundation
import GRDB
import MWBooks
import MWCore

/// The outcome of a books restore (or, with `dryRun`, of its plan).
public struct BookRestoreReport: Sendable, Equatable {
    public var strategy: RestoreStrategy
    /// The `--on-conflict` policy the merge ran under (docs/BOOKS.md "Conflict policies").
    public var policy: ConflictPolicy
    public var dryRun: Bool
    /// Per kind of record.
    public var tallies: [BookEntity: RestoreTally]
    /// Where the previous database was kept (replace without `--no-snapshot`).
    public var snapshotPath: String?
    /// Older snapshots removed to keep ``RestoreOptions/keepSnapshots``.
    public var snapshotsRemoved: [String] = []
    /// Things the user should know that did not stop the restore (notes not joined, matches to review).
    public var warnings: [String] = []

    /// The tally of one kind.
    public func tally(_ e: BookEntity) -> RestoreTally { tallies[e] ?? RestoreTally() }

    /// Every kind's tally under its name, in ``BookEntity`` order (summaries, JSON reports).
    public var namedTallies: [(String, RestoreTally)] { BookEntity.allCases.map { ($0.rawValue, tally($0)) } }

    /// Records inserted, updated or deleted: 0 when the restore changed nothing.
    public var changes: Int { tallies.values.reduce(0) { $0 + $1.insert + $1.update + $1.delete } }

    /// A table of the per-kind counts, for the terminal (the film restore's layout).
    public func summaryTable() -> String {
        let head = ["entity", "insert", "update", "skip", "conflict"] + (strategy == .replace ? ["delete"] : [])
        var rows = [head]
        for e in BookEntity.allCases {
            let t = tally(e)
            rows.append([e.rawValue, "\(t.insert)", "\(t.update)", "\(t.skip)", "\(t.conflict)"] + (strategy == .replace ? ["\(t.delete)"] : []))
        }
        let widths = head.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        return rows.map { r in
            r.enumerated().map { i, s in
                i == 0 ? s.padding(toLength: widths[i], withPad: " ", startingAt: 0) : String(repeating: " ", count: widths[i] - s.count) + s
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

extension LibraryStore {
    /// Restores a books library into the book tables (docs/DATABASE.md "Book tables") in one
    /// transaction, as ``restore(_:options:onDecision:)`` does for films.
    ///
    /// `replace` empties the book tables (the film tables are not touched) and loads `library`,
    /// keeping a snapshot of a non-empty database first; `merge` merges it into what the tables
    /// hold with ``BookMerge`` under `options.onConflict` (the engine `import --merge-into` uses), and writes
    /// nothing when nothing changes. Before the commit the result is checked against every rule
    /// of ``BookValidator`` and the foreign keys: a violation, any error, or `dryRun` rolls
    /// everything back. `onDecision` receives every decision (for `--plan`).
    @discardableResult
    public func restoreBooks(_ library: BookLibrary, options: RestoreOptions,
                             onDecision: ((BookMergeDecision) -> Void)? = nil) throws -> BookRestoreReport {
        let policy = options.onConflict
        var report = BookRestoreReport(strategy: options.strategy, policy: policy, dryRun: options.dryRun,
                                       tallies: Dictionary(uniqueKeysWithValues: BookEntity.allCases.map { ($0, RestoreTally()) }))
        try wrap {
            let bookRows = try queue.read { db in try BookTables.counts(db).values.reduce(0, +) }
            let isEmpty = try counts() == EntityCounts() && bookRows == 0
            if options.strategy == .replace && options.snapshot && !options.dryRun && url.path != ":memory:" && !isEmpty {
                report.snapshotPath = try snapshot(now: options.now).path
            }
            options.onPhase?("snapshot")
            try queue.inDatabase { db in
                try db.inTransaction(.immediate) {
                    let before = try BookTables.load(db)
                    var decisions: [BookMergeDecision]
                    let after: BookLibrary
                    switch options.strategy {
                    case .replace:
                        for (e, n) in [(BookEntity.author, before.authors.count), (.work, before.works.count),
                                       (.edition, before.editions.count), (.entry, before.entries.count)] {
                            report.tallies[e, default: RestoreTally()].delete = n
                        }
                        decisions = Self.inserts(library)
                        after = library
                        try BookTables.clear(db)
                        try BookTables.insert(library, db)
                    case .merge:
                        let merged = BookMerge.merge(library, into: before, policy: policy)
                        decisions = merged.decisions
                        report.warnings = merged.warnings
                        after = merged.library
                        if merged.changes > 0 {
                            try BookTables.clear(db)
                            try BookTables.insert(after, db)
                        }
                    }
                    options.onPhase?("load")
                    try Self.checkBeforeCommit(after, db)
                    options.onPhase?("checks")
                    for d in decisions {
                        var t = report.tallies[d.entity] ?? RestoreTally()
                        switch d.action {
                        case .insert: t.insert += 1
                        case .update: t.update += 1
                        case .skip: t.skip += 1
                        }
                        if d.conflict { t.conflict += 1 }
                        report.tallies[d.entity] = t
                        onDecision?(d)
                    }
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

    /// The books library the database holds, records in stored order (no export date).
    public func loadBookLibrary() throws -> BookLibrary {
        try wrap { try queue.read { db in try BookTables.exist(db) ? try BookTables.load(db) : BookLibrary() } }
    }

    /// Whether the database holds books and no film records (lists, titles, episodes, notes):
    /// `archive` without `--books` or `--to` then writes the books, not an empty film backup.
    public func holdsOnlyBooks() throws -> Bool {
        try wrap { try queue.read { db in
            let films = try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM lists) OR EXISTS(SELECT 1 FROM titles) OR EXISTS(SELECT 1 FROM episodes) OR EXISTS(SELECT 1 FROM notes)") ?? false
            return try !films && BookTables.exist(db) && (try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM book_works)") ?? false)
        } }
    }

    /// What `mwkit check` finds in the book tables: every ``BookValidator`` rule over the
    /// library they hold (pointers name records in stored order, as `archive --books` writes
    /// them), and their counts. nil when the file has no book tables (an older schema).
    /// SQLite's integrity and foreign-key checks are ``check()``'s, which cover every table.
    public func checkBooks() throws -> (diagnostics: [Diagnostic], counts: ReportCounts)? {
        try wrap {
            try queue.read { db in
                guard try BookTables.exist(db) else { return nil }
                let lib: BookLibrary
                do { lib = try BookTables.load(db) } catch let e as MWError {
                    return ([.error(.dbIntegrity, "book tables: \(e.description)")], BookLibrary().reportCounts)
                }
                return (BookValidator.validate(lib), lib.reportCounts)
            }
        }
    }

    /// Insert decisions for every record of a library that replaces the book tables.
    static func inserts(_ lib: BookLibrary) -> [BookMergeDecision] {
        func d(_ e: BookEntity, _ id: String) -> BookMergeDecision {
            BookMergeDecision(entity: e, action: .insert, conflict: false, incomingId: id, resultId: id, key: "new", fields: [], reason: nil)
        }
        return lib.authors.map { d(.author, $0.id) } + lib.works.map { d(.work, $0.id) }
            + lib.editions.map { d(.edition, $0.id) } + lib.entries.map { d(.entry, $0.id) }
    }

    /// Refuses (rolls back) a result that breaks a rule or a foreign key.
    static func checkBeforeCommit(_ lib: BookLibrary, _ db: Database) throws {
        let errors = BookValidator.validate(lib).filter { $0.severity == .error }
        if let first = errors.first {
            throw MWError.failed("the book library would break \(errors.count) rule(s), e.g. [\(first.code)] \(first.pointer): \(first.message); nothing was changed")
        }
        if let fk = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            throw MWError.failed("book tables: \(fk[0] as String? ?? "?") row \(fk[1] as Int64? ?? -1) refers to a missing \(fk[2] as String? ?? "?") row; nothing was changed")
        }
    }
}
