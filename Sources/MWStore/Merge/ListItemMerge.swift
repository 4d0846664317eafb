import Foundation
import MWCore

/// Merge of list memberships: matched by (list, title), both remapped to the database's.
/// A list item's id is optional, so a matched row is found again by its `seq`.
final class ListItemMerge: MergeRule {
    typealias Table = ListItemTable
    typealias RowRef = Int64
    let session: RestoreSession
    private let ids: MergeIds
    private let byKey: RawStatement
    private let maxOrder: RawStatement
    /// The next free `order_index` of each existing list items are appended to.
    private var nextOrder: [String: Int] = [:]
    /// Memberships merged so far, by key: two backup lists may map to one database list.
    private var seen: Set<String> = []
    /// Item ids this merge has given out.
    private var usedIds: Set<String> = []

    init(_ session: RestoreSession, _ ids: MergeIds) throws {
        self.session = session
        self.ids = ids
        byKey = try session.statements("SELECT seq, \(ListItemRow.columns.joined(separator: ", ")) FROM list_items WHERE list_id = ? AND title_id = ?")
        maxOrder = try session.statements("SELECT max(order_index) FROM list_items WHERE list_id = ?")
    }

    func merge(_ lists: [MediaList]) throws {
        for l in lists {
            let listId = ids.lists[l.id] ?? l.id
            for i in l.items {
                var item = i
                item.titleId = ids.titles[i.titleId] ?? i.titleId
                let m = ListMembership(listId: listId, item: item)
                let key = ListItemTable.key(m)
                guard ids.knownTitles.contains(i.titleId) else {
                    session.report.warnings.append("list \(quoted(l.name)) refers to title \(i.titleId), which the backup does not hold; skipped")
                    session.decide(.listItem, .skip, backupId: i.id, databaseId: nil, key: key, reason: "title missing")
                    continue
                }
                guard seen.insert(key).inserted else {
                    session.decide(.listItem, .skip, backupId: i.id, databaseId: nil, key: key,
                                   reason: "the title is already in this list through another backup list of the same name")
                    continue
                }
                try settle(m, key: key, found: match(m))
            }
        }
    }

    /// The database's membership of the title in the list (none if either is new).
    private func match(_ m: ListMembership) throws -> (record: ListMembership, row: Int64)? {
        guard !ids.insertedLists.contains(m.listId) && !ids.insertedTitles.contains(m.item.titleId) else { return nil }
        byKey.bind(m.listId)
        byKey.bind(m.item.titleId)
        defer { byKey.reset() }
        guard try byKey.step() else { return nil }
        return (ListMembership(listId: m.listId, item: ListItemRow.read(byKey, at: 1).item), byKey.int64(0) ?? 0)
    }

    /// ConflictResolver's rule — except that an item id taken by another membership is not
    /// moved onto this one.
    func resolve(existing: ListMembership, incoming: ListMembership) throws -> Resolution<ListMembership> {
        let e = existing.item
        var r = ConflictResolver.listItem(existing: e, incoming: incoming.item, policy: session.options.onConflict)
        if r.merged.id != e.id, let newId = r.merged.id,
           try session.exists(.listItem, id: newId) || usedIds.contains(newId) {
            r.merged.id = e.id
            r.changes = r.merged != e
        }
        return Resolution(merged: ListMembership(listId: existing.listId, item: r.merged), fields: r.fields, changes: r.changes)
    }

    /// Every column of the item from its field descriptions (its title is the matched one's).
    func update(_ merged: ListMembership, at seq: Int64) throws {
        let columns = ["id"] + StoreColumns.names(ListItemField.self)
        var s = try session.statements("UPDATE list_items SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE seq = ?")
        s.bind(merged.item.id)
        s.bind(ListItemField.table.columnFields, of: merged.item)
        s.bind(seq)
        try s.run()
        if let id = merged.item.id { usedIds.insert(id) }
    }

    /// A new item goes after its list's existing titles (keeping the backup's relative order);
    /// an item id already taken is dropped rather than derived (ids are optional here).
    func insert(_ m: ListMembership, key: String) throws -> (databaseId: String?, reason: String?) {
        var new = m
        var reason: String?
        if !ids.insertedLists.contains(m.listId) {
            if nextOrder[m.listId] == nil {
                maxOrder.bind(m.listId)
                nextOrder[m.listId] = (try maxOrder.scalarInt() ?? -1) + 1
            }
            new.item.orderIndex = nextOrder[m.listId]!
            nextOrder[m.listId]! += 1
        }
        if let id = m.item.id {
            let taken = try session.exists(.listItem, id: id)
            if usedIds.contains(id) || taken {
                new.item.id = nil
                reason = "item id \(id) is used by another membership in the database; stored without id"
            }
            usedIds.insert(id)
        }
        try session.insert(ListItemTable.self, new)
        return (new.item.id, reason)
    }
}
