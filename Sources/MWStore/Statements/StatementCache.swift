import Foundation
import GRDB
import MWCore

/// The prepared statements of one restore, each created on first use and reused for every
/// row until ``finalize()``.
///
/// The statements run once per row are found by entity and ``RowStatement`` in an array: by
/// SQL text, every row would hash the whole statement.
final class StatementCache {
    /// What a per-row statement does to its entity's table.
    enum RowStatement: Int, CaseIterable {
        /// ``EntityTable/insertSQL``.
        case insert
        /// `SELECT 1 … WHERE id = ?`.
        case exists
        /// Every column but `id`, by `id`.
        case update
    }

    /// Counted once: `allCases` builds an array, and the index is computed once per row.
    private static let entities = EntityKind.allCases.count
    private let db: Database
    private var perRow: [RawStatement?] = Array(repeating: nil, count: RowStatement.allCases.count * entities)
    private var multiRow: [RawStatement?] = Array(repeating: nil, count: entities)
    private var provenance: [RawStatement?] = Array(repeating: nil, count: ProvenanceTarget.slots)
    private var bySQL: [String: RawStatement] = [:]

    init(_ db: Database) {
        self.db = db
    }

    /// A per-row statement of `entity`'s table.
    func callAsFunction(_ kind: RowStatement, _ entity: EntityKind) throws -> RawStatement {
        let i = StatementCache.index(kind, entity)
        if let s = perRow[i] { return s }
        let table = entity.table
        let sql: String
        switch kind {
        case .insert: sql = table.insertSQL
        case .exists: sql = "SELECT 1 FROM \(table.name) WHERE id = ?"
        case .update: sql = StoreSQL.update(table.name, table.columns)
        }
        let s = try RawStatement(db, sql)
        perRow[i] = s
        return s
    }

    /// The ``RestoreSession/multiRows``-row form of `entity`'s insert.
    func multiRowInsert(_ entity: EntityKind) throws -> RawStatement {
        if let s = multiRow[entity.slot] { return s }
        let table = entity.table
        let s = try RawStatement(db, StoreSQL.bulkInsert(table.name, table.columns, withId: table.hasId, rows: RestoreSession.multiRows))
        multiRow[entity.slot] = s
        return s
    }

    /// The insert of one provenance row of `target` (owner id, then the kind's columns).
    func insert(_ target: ProvenanceTarget) throws -> RawStatement {
        if let s = provenance[target.slot] { return s }
        let s = try RawStatement(db, target.insertSQL)
        provenance[target.slot] = s
        return s
    }

    /// Any other statement, by its SQL text.
    func callAsFunction(_ sql: String) throws -> RawStatement {
        if let s = bySQL[sql] { return s }
        let s = try RawStatement(db, sql)
        bySQL[sql] = s
        return s
    }

    /// Drops the bindings of the insert statements (after a batch whose text they point into).
    func clearInsertBindings() {
        for e in EntityKind.allCases { perRow[StatementCache.index(.insert, e)]?.clearBindings() }
        for s in multiRow { s?.clearBindings() }
        for s in provenance { s?.clearBindings() }
    }

    private static func index(_ kind: RowStatement, _ entity: EntityKind) -> Int {
        kind.rawValue * entities + entity.slot
    }

    /// Releases every statement.
    func finalize() {
        for s in bySQL.values { s.finalize() }
        bySQL.removeAll()
        for s in perRow { s?.finalize() }
        perRow = perRow.map { _ in nil }
        for s in multiRow { s?.finalize() }
        multiRow = multiRow.map { _ in nil }
        for s in provenance { s?.finalize() }
        provenance = provenance.map { _ in nil }
    }
}
