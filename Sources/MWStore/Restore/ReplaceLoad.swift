import Foundation
import GRDB
import MWCore

extension RestoreSession {
    /// Rows per multi-row insert (titles: 32 × 30 values, well under SQLite's 32,766 variables).
    static let multiRows = 32

    /// Starts `restore --strategy replace`: counts (or lists) every record as deleted, clears
    /// every table and drops the secondary indexes. Load the backup into the returned
    /// ``ReplaceLoad``, then ``ReplaceLoad/finish()``.
    func beginReplace() throws -> ReplaceLoad {
        try ReplaceLoad(self)
    }
}

/// The load of a replace: every backup record inserted, in order, into emptied tables.
///
/// Bulk load into empty tables: secondary (non-unique) indexes are dropped at the start and
/// rebuilt by ``finish()`` — one sort per index instead of a B-tree insert per row. Same
/// transaction, so a failure or a kill restores them with everything else.
final class ReplaceLoad {
    private let session: RestoreSession
    private var droppedIndexes: [(name: String, sql: String)] = []
    /// Held back until every list is in: its default list must be one of them.
    private var pendingPreferences: UserPreferences?

    fileprivate init(_ session: RestoreSession) throws {
        self.session = session
        try recordDeletes()
        // Children first; foreign keys are off during a replace, so nothing cascades.
        for table in StoreSchema.provenanceTables + ["notes", "list_items", "episodes", "preferences", "titles", "lists", "library_meta"] {
            try session.db.execute(sql: "DELETE FROM \(table)")
        }
        droppedIndexes = try Row.fetchAll(session.db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
            """).map { (name: $0["name"] as String, sql: $0["sql"] as String) }
        for i in droppedIndexes { try session.db.execute(sql: "DROP INDEX \(i.name)") }
    }

    /// Replace removes everything: counted (and listed for `--plan`) before the delete.
    /// Provenance rows are counted, never listed (a plan names records).
    private func recordDeletes() throws {
        for kind in ProvenanceKind.allCases {
            let n = try Int.fetchOne(session.db, sql: "SELECT count(*) FROM \(kind.table)") ?? 0
            session.count(n, .delete, kind)
        }
        for entity in [EntityKind.list, .title, .episode, .listItem, .note, .preferences] {
            let table = entity.table.name
            if !session.wantsDecisions {
                let n = try Int.fetchOne(session.db, sql: "SELECT count(*) FROM \(table)") ?? 0
                session.count(n, .delete, entity)
                continue
            }
            let s = try session.statements("SELECT id FROM \(table) ORDER BY seq")
            defer { s.reset() }
            while try s.step() {
                let id = s.string(0)
                session.decide(entity, .delete, backupId: nil, databaseId: id, key: id ?? "")
            }
        }
    }

    /// Inserts a batch of encoded rows (``RowBatch``), in order: each table's `seq` follows
    /// its own records' order in the backup, whatever the interleaving of entities.
    ///
    /// Runs of ``RestoreSession/multiRows`` rows for the same table go in as one multi-row
    /// `INSERT … VALUES (…), (…)`: SQLite then opens the table's and indexes' cursors once per
    /// run instead of once per row and appends at the cursor it already holds (measured on
    /// bench/store.sh: about a quarter off the restoring thread). The rows keep their order
    /// within the statement, so `seq` is the same as one by one.
    func load(_ batch: RowBatch) throws {
        let statements = session.statements
        var cell = 0, decision = 0
        let ops = batch.ops
        try batch.text.withUnsafeBytes { text in
            defer { statements.clearInsertBindings() }
            var i = 0
            while i < ops.count {
                switch ops[i] {
                case .row(let entity, let n):
                    var rows = 1
                    while rows < RestoreSession.multiRows, i + rows < ops.count,
                          case .row(let e2, let n2) = ops[i + rows], e2 == entity, n2 == n { rows += 1 }
                    let s = rows == RestoreSession.multiRows ? try statements.multiRowInsert(entity) : try statements(.insert, entity)
                    if rows < RestoreSession.multiRows { rows = 1 }
                    for c in cell..<cell + n * rows { s.bind(batch.cells[c], text: text) }
                    cell += n * rows
                    try s.run()
                    if batch.withDecisions {
                        for d in batch.decisions[decision..<decision + rows] { session.record(d) }
                        decision += rows
                    } else {
                        session.count(rows, .insert, entity)
                    }
                    i += rows
                case .provenance(let target, let n):
                    let s = try statements.insert(target)
                    for c in cell..<cell + n { s.bind(batch.cells[c], text: text) }
                    cell += n
                    try s.run()
                    session.count(1, .insert, target.kind)
                    i += 1
                case .record(let r):
                    try load(r)
                    i += 1
                }
            }
        }
    }

    /// The records a ``RowBatch`` leaves to the load.
    private func load(_ record: BackupRecord) throws {
        switch record {
        case .header(let sourceVersion, let exportDate):
            try session.setMeta(MetaKey.sourceVersion, sourceVersion, onlyIfAbsent: false)
            try session.setMeta(MetaKey.exportDate, exportDate, onlyIfAbsent: false)
        case .preferences(let p):
            pendingPreferences = p
        case .note(let n) where !n.parentType.isKnown:
            session.skipUnknownParent(n)
        default:
            var b = RowBatch(withDecisions: session.wantsDecisions)
            b.encode(record)
            try load(b)
        }
    }

    /// Inserts the preferences and rebuilds the indexes the load began by dropping.
    func finish() throws {
        if var p = pendingPreferences {
            let exists = try session.statements(.exists, .list)
            exists.bind(p.defaultListId)
            if let d = p.defaultListId, try exists.scalarInt() == nil {
                session.report.warnings.append("preferences name default list \(d), which the backup does not hold; cleared")
                p.defaultListId = nil
            } else {
                exists.reset()
            }
            try session.insert(PreferencesTable.self, p)
            session.decide(.preferences, .insert, backupId: p.id, databaseId: p.id, key: p.id)
        }
        for i in droppedIndexes { try session.db.execute(sql: i.sql) }
        droppedIndexes = []
    }
}
