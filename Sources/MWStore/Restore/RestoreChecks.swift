import Foundation
import GRDB
import MWCore

/// The invariants a restore establishes before it commits, whatever its strategy.
extension RestoreSession {
    /// Fails on the first row whose foreign key names a missing parent (used when the
    /// per-row checks were off for a bulk load), naming the table, the row and the parent.
    func checkForeignKeys() throws {
        guard let v = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") else { return }
        let table: String = v[0] ?? "?"
        let rowid: Int64 = v[1] ?? -1
        let parent: String = v[2] ?? "?"
        // Every table's rowid is its `seq`; the record's id says more to the user.
        let id = try String.fetchOne(db, sql: "SELECT id FROM \(table) WHERE seq = ?", arguments: [rowid])
        throw MWError.failed("foreign key violation: \(table) row \(id.map { "id \($0)" } ?? "seq \(rowid)") refers to a \(parent) row that does not exist; nothing was changed")
    }

    /// Every title belongs to at least one list (docs/SPEC.md#list-membership): a title in none is put in
    /// the default list — the preferences' default list, else the first list marked default,
    /// else a new list "Default" — and reported.
    func ensureEveryTitleInAList() throws {
        let orphans = try String.fetchAll(db, sql: """
            SELECT id FROM titles t WHERE NOT EXISTS (SELECT 1 FROM list_items i WHERE i.title_id = t.id) ORDER BY seq
            """)
        guard !orphans.isEmpty else { return }
        let listId = try defaultListId()
        var next = (try Int.fetchOne(db, sql: "SELECT max(order_index) FROM list_items WHERE list_id = ?", arguments: [listId]) ?? -1) + 1
        for titleId in orphans {
            let itemId = DerivedID.make("mwkit-default-list-item", listId, titleId)
            let idFree = try Int.fetchOne(db, sql: "SELECT 1 FROM list_items WHERE id = ?", arguments: [itemId]) == nil
            let item = ListItem(id: idFree ? itemId : nil, titleId: titleId, orderIndex: next, dateAdded: options.now)
            try insert(ListItemTable.self, ListMembership(listId: listId, item: item))
            next += 1
            report.addedToDefaultList.append(titleId)
            decide(.listItem, .insert, backupId: nil, databaseId: idFree ? itemId : nil, key: "\(listId):\(titleId)",
                   reason: "title \(titleId) belonged to no list; added to the default list")
        }
    }

    private func defaultListId() throws -> String {
        if let id = try String.fetchOne(db, sql: """
            SELECT l.id FROM preferences p JOIN lists l ON l.id = p.default_list_id
            """) { return id }
        if let id = try String.fetchOne(db, sql: "SELECT id FROM lists WHERE is_default = 1 ORDER BY seq LIMIT 1") {
            return id
        }
        let id = DerivedID.make("mwkit-default-list")
        if try Int.fetchOne(db, sql: "SELECT 1 FROM lists WHERE id = ?", arguments: [id]) != nil { return id }
        let sortOrder = (try Int.fetchOne(db, sql: "SELECT max(sort_order) FROM lists") ?? -1) + 1
        let list = MediaList(id: id, name: "Default", sortOrder: sortOrder, isDefault: true,
                             dateCreated: options.now, dateModified: options.now)
        try insert(ListTable.self, list)
        report.createdDefaultList = id
        decide(.list, .insert, backupId: nil, databaseId: id, key: list.name,
               reason: "no default list existed for titles that belonged to no list")
        return id
    }
}
