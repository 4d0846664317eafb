import Foundation
import MWCore

/// Merge of lists (their attributes; ListItemMerge.swift merges the memberships): matched by
/// id, then by name ignoring case.
final class ListMerge: MergeRule {
    typealias Table = ListTable
    /// Where a matched list is in ``existing``.
    typealias RowRef = Int
    let session: RestoreSession
    private let ids: MergeIds
    /// Every list of the database, as this merge leaves it: a library holds few lists, and
    /// matching by folded name in memory spares a query per list.
    private var existing: [MediaList] = []

    init(_ session: RestoreSession, _ ids: MergeIds) throws {
        self.session = session
        self.ids = ids
        let all = try session.statements(StoreSQL.select("lists", ListRow.columns) + " ORDER BY seq")
        while try all.step() { existing.append(ListRow.read(all)) }
        all.reset()
    }

    func merge(_ lists: [MediaList]) throws {
        for l in lists {
            guard !l.sources.isEmpty else {
                try settle(l, key: ListTable.key(l), found: match(l))
                continue
            }
            var plain = l
            plain.sources = []
            if let id = try settle(plain, key: ListTable.key(l), found: match(l)) {
                try session.mergeProvenance(.list, id: id, ProvenanceValues(sources: l.sources))
            }
        }
    }

    /// The database's list of the same id, else of the same name; the backup's id now means its.
    private func match(_ l: MediaList) -> (record: MediaList, row: Int)? {
        let folded = l.name.lowercased()
        guard let idx = existing.firstIndex(where: { $0.id == l.id })
                ?? existing.firstIndex(where: { $0.name.lowercased() == folded }) else { return nil }
        let e = existing[idx]
        if e.id != l.id { ids.lists[l.id] = e.id }
        return (e, idx)
    }

    func resolve(existing: MediaList, incoming: MediaList) -> Resolution<MediaList> {
        ConflictResolver.list(existing: existing, incoming: incoming, policy: session.options.onConflict)
    }

    func update(_ merged: MediaList, at idx: Int) throws {
        try session.update(ListTable.self, merged, id: existing[idx].id)
        existing[idx] = merged
    }

    func insert(_ l: MediaList, key: String) throws -> (databaseId: String?, reason: String?) {
        var new = l
        new.items = []
        try session.insert(ListTable.self, new)
        existing.append(new)
        ids.insertedLists.insert(l.id)
        return (l.id, nil)
    }

    func reason(existing: MediaList, incoming: MediaList, _ resolution: Resolution<MediaList>) -> String? {
        existing.id != incoming.id ? "matched by name" : nil
    }
}
