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
        /// Insert one row of `cells` cells with statement `statement`, counted for `entity`.
        case row(RestoreSession.Hot, EntityKind, cells: Int)
        /// A record the session handles itself (header, preferences, a note it skips).
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
            bind(l.id)
            ListRow.bindColumns(&self, l)
            endRow(.insertList, .list) { .insert(.list, backupId: l.id, key: l.name) }
            for i in l.items {
                ListItemRow.bind(&self, i, listId: l.id)
                endRow(.insertItem, .listItem) { .insert(.listItem, backupId: i.id, key: "\(l.id):\(i.titleId)") }
            }
        case .title(let t):
            bind(t.id)
            TitleRow.bindColumns(&self, t)
            endRow(.insertTitle, .title) { .insert(.title, backupId: t.id, key: "\(t.mediaType.rawValue):\(t.tmdbId)") }
        case .episode(let e):
            bind(e.id)
            EpisodeRow.bindColumns(&self, e)
            endRow(.insertEpisode, .episode) { .insert(.episode, backupId: e.id, key: "\(e.showId):\(e.episodeCode)") }
        case .note(let n):
            guard n.parentType.isKnown else { ops.append(.record(record)); return }
            bind(n.id)
            NoteRow.bindColumns(&self, n)
            endRow(.insertNote, .note) { .insert(.note, backupId: n.id, key: "\(n.parentType.rawValue):\(n.parentId)") }
        }
    }

    private mutating func endRow(_ statement: RestoreSession.Hot, _ entity: EntityKind, _ decision: () -> RestoreDecision) {
        ops.append(.row(statement, entity, cells: cells.count - rowStart))
        rowStart = cells.count
        if withDecisions { decisions.append(decision()) }
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
