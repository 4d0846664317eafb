import Foundation
import MWCore

/// What the merges of titles and episodes share: each finds a backup record's match with one
/// statement bound to its natural key, and settles a record with its provenance rows after
/// (``MergeRule/settleWithProvenance(_:key:found:)``).
class KeyedMerge<T: EntityTable> {
    /// The entity's table (``MergeRule/Table``).
    typealias Table = T
    let session: RestoreSession
    let ids: MergeIds
    /// The table's `id, <columns>` where `key` holds, bound by the entity's own `match`.
    let byKey: RawStatement

    init(_ session: RestoreSession, _ ids: MergeIds, matching key: String) throws {
        self.session = session
        self.ids = ids
        byKey = try session.statements(StoreSQL.select(T.name, T.columns) + " WHERE " + key)
    }
}

/// A record whose formatVersion 3 values are rows of their own (titles, episodes).
protocol ProvenanceOwner {
    var hasProvenance: Bool { get }
    func withoutProvenance() -> Self
    /// Its values, as their rows hold them.
    var provenanceValues: ProvenanceValues { get }
}

extension Title: ProvenanceOwner {
    var provenanceValues: ProvenanceValues { ProvenanceValues(self) }
}

extension Episode: ProvenanceOwner {
    var provenanceValues: ProvenanceValues { ProvenanceValues(self) }
}

extension MergeRule where Table.Record: ProvenanceOwner {
    /// ``settle(_:key:found:)`` for a record with provenance values: it settles on its columns
    /// alone, then its provenance rows are merged by their own rules onto the row it settled on.
    func settleWithProvenance(_ record: Table.Record, key: String, found: consuming (record: Table.Record, row: RowRef)?) throws {
        guard record.hasProvenance else {
            try settle(record, key: key, found: consume found)
            return
        }
        if let id = try settle(record.withoutProvenance(), key: key, found: consume found) {
            try session.mergeProvenance(Table.entity, id: id, record.provenanceValues)
        }
    }
}
