import Foundation
import MWCore

/// One column value of a ``RowBatch``: an integer, a real (its bit pattern), a text (offset
/// and length in the batch's text buffer) or NULL. 16 bytes, no references.
struct RowCell {
    enum Kind: UInt8 { case null, integer, real, text }
    var bits: Int64
    var length: Int32
    var kind: Kind
}

/// Rows of a replace restore, encoded from backup records and waiting to be inserted.
///
/// Why encode first: a streaming restore reads on one thread and writes SQLite on the other,
/// and the writer is the slower. Turning records into flat cells on the reading thread leaves
/// the writer only C calls — no Swift strings to retain, copy or free, no allocation per value
/// (texts are bound with SQLITE_STATIC out of one buffer) — and the records are freed where
/// they were made.
struct RowBatch: ColumnSink {
    enum Op {
        /// Insert one row of `cells` cells into `entity`'s table.
        case row(EntityKind, cells: Int)
        /// Insert one provenance row of `cells` cells (the owner's id first).
        case provenance(ProvenanceTarget, cells: Int)
        /// A record the load handles itself (header, preferences, a note it skips).
        /// (Indirect: a record is hundreds of bytes, and every `.row` op would be as big.)
        indirect case record(BackupRecord)
    }

    private(set) var ops: [Op] = []
    private(set) var cells: [RowCell] = []
    private(set) var text: [UInt8] = []
    /// The decision of every `.row`, in order — only when a plan is being written.
    private(set) var decisions: [RestoreDecision] = []
    let withDecisions: Bool
    /// Records encoded (a list with its items is one).
    private(set) var records = 0
    private var rowStart = 0

    init(withDecisions: Bool, reserve: Int = 0) {
        self.withDecisions = withDecisions
        ops.reserveCapacity(reserve * 2)
        cells.reserveCapacity(reserve * 16)
        text.reserveCapacity(reserve * 128)
    }

    // MARK: Encoding (replace: every record is an insert)

    mutating func encode(_ record: BackupRecord) {
        records += 1
        switch record {
        case .header, .preferences:
            ops.append(.record(record))
        case .list(let l):
            row(ListTable.self, l)
            if !l.sources.isEmpty { provenance(.list, l.id, ProvenanceValues(sources: l.sources)) }
            for i in l.items { row(ListItemTable.self, ListMembership(listId: l.id, item: i)) }
        case .title(let t):
            row(TitleTable.self, t)
            if t.hasProvenance { provenance(.title, t.id, ProvenanceValues(t)) }
        case .episode(let e):
            row(EpisodeTable.self, e)
            if e.hasProvenance { provenance(.episode, e.id, ProvenanceValues(e)) }
        case .note(let n):
            guard n.parentType.isKnown else { ops.append(.record(record)); return }
            row(NoteTable.self, n)
            if !n.sources.isEmpty { provenance(.note, n.id, ProvenanceValues(sources: n.sources)) }
        }
    }

    /// The provenance rows of the record just encoded (only records that have some get here:
    /// a library without provenance pays one emptiness check per record).
    private mutating func provenance(_ owner: EntityKind, _ id: String, _ values: ProvenanceValues) {
        for kind in ProvenanceKind.allCases where values.count(kind) > 0 {
            let target = ProvenanceTarget(kind: kind, owner: owner)
            bindRows(kind, of: values, owner: id) { b in
                b.ops.append(.provenance(target, cells: b.cells.count - b.rowStart))
                b.rowStart = b.cells.count
            }
        }
    }

    private mutating func row<T: EntityTable>(_: T.Type, _ r: T.Record) {
        T.bindRow(&self, r)
        ops.append(.row(T.entity, cells: cells.count - rowStart))
        rowStart = cells.count
        if withDecisions { decisions.append(.insert(T.entity, backupId: T.id(r), key: T.key(r))) }
    }

    mutating func removeAll() {
        ops.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        decisions.removeAll(keepingCapacity: true)
        records = 0
        rowStart = 0
    }

    // MARK: ColumnSink

    mutating func bind(_ v: String?) {
        guard let v else { return cells.append(RowCell(bits: 0, length: 0, kind: .null)) }
        let offset = text.count
        text.append(contentsOf: v.utf8)
        cells.append(RowCell(bits: Int64(offset), length: Int32(text.count - offset), kind: .text))
    }

    mutating func bind(_ v: Int?) { bind(v.map(Int64.init)) }

    mutating func bind(_ v: Int64?) {
        guard let v else { return cells.append(RowCell(bits: 0, length: 0, kind: .null)) }
        cells.append(RowCell(bits: v, length: 0, kind: .integer))
    }

    mutating func bind(_ v: Bool?) { bind(v.map { $0 ? Int64(1) : 0 }) }

    mutating func bind(_ v: Double?) {
        guard let v else { return cells.append(RowCell(bits: 0, length: 0, kind: .null)) }
        cells.append(RowCell(bits: Int64(bitPattern: v.bitPattern), length: 0, kind: .real))
    }
}

extension RestoreDecision {
    /// A replace insert: the record keeps its id.
    static func insert(_ entity: EntityKind, backupId: String?, key: String) -> RestoreDecision {
        RestoreDecision(entity: entity, action: .insert, backupId: backupId, databaseId: backupId, key: key)
    }
}
