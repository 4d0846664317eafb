import Foundation
import GRDB
import MWCore

/// Merge (seeds/003 §1.7 "add to existing data, skip duplicates"): every record of the backup
/// is matched against the database by its natural key, then inserted, updated or skipped.
///
/// Keys: lists by id, then by name ignoring case; titles by (tmdbId, mediaType); episodes by
/// (show, season, episode); list items by (list, title); notes by id, then by (parent, text);
/// preferences are a singleton. A backup record that matches a database record with another
/// id takes the database's id, and the records referring to it follow (ids are remapped).
/// A new record whose id is already used by an unrelated database record gets a derived id
/// (reported), so nothing is overwritten.
extension RestoreSession {
    func merge(_ library: Library) throws {
        try setMeta(MetaKey.sourceVersion, library.sourceVersion, onlyIfAbsent: true)
        try setMeta(MetaKey.exportDate, library.exportDate, onlyIfAbsent: true)
        let ids = MergeIds()
        let insertedLists = try mergeLists(library.lists, ids)
        try mergeTitles(library.titles, ids)
        try mergeEpisodes(library.episodes, ids)
        try mergeItems(library.lists, insertedLists: insertedLists, ids)
        try mergeNotes(library.notes, ids)
        if let p = library.preferences { try mergePreferences(p, ids) }
    }

    // MARK: Lists

    /// Returns the database ids of the lists inserted.
    private func mergeLists(_ lists: [MediaList], _ ids: MergeIds) throws -> Set<String> {
        var existing: [MediaList] = []
        let all = try statements(StoreSQL.select("lists", ListRow.columns) + " ORDER BY seq")
        while try all.step() { existing.append(ListRow.read(all)) }
        all.reset()
        var inserted: Set<String> = []
        for l in lists {
            let folded = l.name.lowercased()
            let matchIndex = existing.firstIndex(where: { $0.id == l.id })
                ?? existing.firstIndex(where: { $0.name.lowercased() == folded })
            guard let idx = matchIndex else {
                var new = l
                new.items = []
                try insert(ListTable.self, new)
                existing.append(new)
                inserted.insert(l.id)
                decide(.list, .insert, backupId: l.id, databaseId: l.id, key: l.name)
                continue
            }
            let e = existing[idx]
            if e.id != l.id { ids.lists[l.id] = e.id }
            let r = ConflictResolver.list(existing: e, incoming: l, policy: options.onConflict)
            if r.changes {
                var s = try statements(StoreSQL.update("lists", ListRow.columns))
                ListRow.bindColumns(&s, r.merged)
                s.bind(e.id)
                try s.run()
                existing[idx] = r.merged
            }
            decide(.list, r.changes ? .update : .skip, conflict: !r.fields.isEmpty, backupId: l.id, databaseId: e.id,
                   key: l.name, fields: r.fields, reason: e.id != l.id ? "matched by name" : nil)
        }
        return inserted
    }

    // MARK: Titles

    private func mergeTitles(_ titles: [Title], _ ids: MergeIds) throws {
        let byKey = try statements(StoreSQL.select("titles", TitleRow.columns) + " WHERE tmdb_id = ? AND media_type = ?")
        for t in titles {
            let key = "\(t.mediaType.rawValue):\(t.tmdbId)"
            byKey.bind(t.tmdbId)
            byKey.bind(t.mediaType.rawValue)
            let found = try byKey.step() ? try TitleRow.read(byKey) : nil
            byKey.reset()
            ids.knownTitles.insert(t.id)
            if let e = found {
                if e.id != t.id { ids.titles[t.id] = e.id }
                let r = ConflictResolver.title(existing: e, incoming: t, policy: options.onConflict)
                if r.changes {
                    var s = try statements(.update, .title)
                    TitleRow.bindColumns(&s, r.merged)
                    s.bind(e.id)
                    try s.run()
                }
                decide(.title, r.changes ? .update : .skip, conflict: !r.fields.isEmpty, backupId: t.id,
                       databaseId: e.id, key: key, fields: r.fields)
                continue
            }
            var new = t
            var reason: String? = nil
            if try exists(.title, id: t.id) {
                new.id = try freeId(.title) { DerivedID.make("mwkit-title", t.id, key, $0) }
                ids.titles[t.id] = new.id
                reason = "id \(t.id) is used by another title in the database; inserted as \(new.id)"
                report.warnings.append("title \(key): " + reason!)
            }
            try insert(TitleTable.self, new)
            ids.insertedTitles.insert(new.id)
            decide(.title, .insert, backupId: t.id, databaseId: new.id, key: key, reason: reason)
        }
    }

    // MARK: Episodes

    private func mergeEpisodes(_ episodes: [Episode], _ ids: MergeIds) throws {
        let byKey = try statements(StoreSQL.select("episodes", EpisodeRow.columns)
                                  + " WHERE show_id = ? AND season_number = ? AND episode_number = ?")
        for ep in episodes {
            guard ids.knownTitles.contains(ep.showId) else {
                report.warnings.append("episode \(ep.id) belongs to show \(ep.showId), which the backup does not hold; skipped")
                decide(.episode, .skip, backupId: ep.id, databaseId: nil, key: "\(ep.showId):\(ep.episodeCode)",
                       reason: "show missing")
                continue
            }
            let show = ids.titles[ep.showId] ?? ep.showId
            let key = "\(show):\(ep.episodeCode)"
            var found: Episode? = nil
            if !ids.insertedTitles.contains(show) {
                byKey.bind(show)
                byKey.bind(ep.seasonNumber)
                byKey.bind(ep.episodeNumber)
                found = try byKey.step() ? EpisodeRow.read(byKey) : nil
                byKey.reset()
            }
            if let e = found {
                if e.id != ep.id { ids.episodes[ep.id] = e.id }
                let r = ConflictResolver.episode(existing: e, incoming: ep, policy: options.onConflict)
                if r.changes {
                    var s = try statements(.update, .episode)
                    EpisodeRow.bindColumns(&s, r.merged)
                    s.bind(e.id)
                    try s.run()
                }
                decide(.episode, r.changes ? .update : .skip, conflict: !r.fields.isEmpty, backupId: ep.id,
                       databaseId: e.id, key: key, fields: r.fields)
                continue
            }
            var new = ep
            new.showId = show
            var reason: String? = nil
            do {
                // The insert's own UNIQUE check on `id` doubles as the collision probe (one
                // B-tree descent instead of two; a failed statement leaves the transaction intact).
                try insert(EpisodeTable.self, new)
            } catch let e as DatabaseError where e.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
                                                && (e.message ?? "").contains("episodes.id") {
                new.id = try freeId(.episode) { DerivedID.make("mwkit-episode", ep.id, key, $0) }
                ids.episodes[ep.id] = new.id
                reason = "id \(ep.id) is used by another episode in the database; inserted as \(new.id)"
                report.warnings.append("episode \(key): " + reason!)
                try insert(EpisodeTable.self, new)
            }
            decide(.episode, .insert, backupId: ep.id, databaseId: new.id, key: key, reason: reason)
        }
    }

    // MARK: List items

    private func mergeItems(_ lists: [MediaList], insertedLists: Set<String>, _ ids: MergeIds) throws {
        let byKey = try statements("SELECT seq, id, list_id, title_id, order_index, date_added FROM list_items WHERE list_id = ? AND title_id = ?")
        let maxOrder = try statements("SELECT max(order_index) FROM list_items WHERE list_id = ?")
        var nextOrder: [String: Int] = [:]
        var seen: Set<String> = []
        var usedIds: Set<String> = []
        for l in lists {
            let listId = ids.lists[l.id] ?? l.id
            for i in l.items {
                let titleId = ids.titles[i.titleId] ?? i.titleId
                let key = "\(listId):\(titleId)"
                guard ids.knownTitles.contains(i.titleId) else {
                    report.warnings.append("list \(quoted(l.name)) refers to title \(i.titleId), which the backup does not hold; skipped")
                    decide(.listItem, .skip, backupId: i.id, databaseId: nil, key: key, reason: "title missing")
                    continue
                }
                guard seen.insert(key).inserted else {
                    decide(.listItem, .skip, backupId: i.id, databaseId: nil, key: key,
                           reason: "the title is already in this list through another backup list of the same name")
                    continue
                }
                var found: (seq: Int64, item: ListItem)? = nil
                if !insertedLists.contains(listId) && !ids.insertedTitles.contains(titleId) {
                    byKey.bind(listId)
                    byKey.bind(titleId)
                    if try byKey.step() {
                        found = (byKey.int64(0) ?? 0, ListItemRow.read(byKey, at: 1).item)
                    }
                    byKey.reset()
                }
                if let (seq, e) = found {
                    var r = ConflictResolver.listItem(existing: e, incoming: i, policy: options.onConflict)
                    if r.merged.id != e.id, let newId = r.merged.id,
                       try exists(.listItem, id: newId) || usedIds.contains(newId) {
                        r.merged.id = e.id
                        r.changes = r.merged != e
                    }
                    if r.changes {
                        let s = try statements("UPDATE list_items SET id = ?, order_index = ?, date_added = ? WHERE seq = ?")
                        s.bind(r.merged.id)
                        s.bind(r.merged.orderIndex)
                        s.bind(r.merged.dateAdded)
                        s.bind(seq)
                        try s.run()
                        if let id = r.merged.id { usedIds.insert(id) }
                    }
                    decide(.listItem, r.changes ? .update : .skip, conflict: !r.fields.isEmpty, backupId: i.id,
                           databaseId: e.id, key: key, fields: r.fields)
                    continue
                }
                var new = i
                new.titleId = titleId
                var reason: String? = nil
                if !insertedLists.contains(listId) {
                    // Appended after the list's existing titles, keeping the backup's relative order.
                    if nextOrder[listId] == nil {
                        maxOrder.bind(listId)
                        nextOrder[listId] = (try maxOrder.scalarInt() ?? -1) + 1
                    }
                    new.orderIndex = nextOrder[listId]!
                    nextOrder[listId]! += 1
                }
                if let id = i.id {
                    let taken = try exists(.listItem, id: id)
                    if usedIds.contains(id) || taken {
                        new.id = nil
                        reason = "item id \(id) is used by another membership in the database; stored without id"
                    }
                    usedIds.insert(id)
                }
                try insert(ListItemTable.self, ListMembership(listId: listId, item: new))
                decide(.listItem, .insert, backupId: i.id, databaseId: new.id, key: key, reason: reason)
            }
        }
    }

    // MARK: Notes

    private func mergeNotes(_ notes: [Note], _ ids: MergeIds) throws {
        let byId = try statements(StoreSQL.select("notes", NoteRow.columns) + " WHERE id = ?")
        let byTitleText = try statements(StoreSQL.select("notes", NoteRow.columns) + " WHERE title_id = ? AND text = ? ORDER BY seq LIMIT 1")
        let byEpisodeText = try statements(StoreSQL.select("notes", NoteRow.columns) + " WHERE episode_id = ? AND text = ? ORDER BY seq LIMIT 1")
        for n in notes {
            let isTitle = n.parentType == .title
            guard n.parentType.isKnown else {
                report.warnings.append("note \(n.id) has unknown parent type \(quoted(n.parentType.rawValue)); skipped")
                decide(.note, .skip, backupId: n.id, databaseId: nil, key: n.id, reason: "unknown parent type")
                continue
            }
            let parent = isTitle ? (ids.titles[n.parentId] ?? n.parentId) : (ids.episodes[n.parentId] ?? n.parentId)
            let key = "\(n.parentType.rawValue):\(parent)"
            guard try exists(isTitle ? .title : .episode, id: parent) else {
                report.warnings.append("note \(n.id) refers to \(n.parentType.rawValue) \(n.parentId), which is in neither the backup nor the database; skipped")
                decide(.note, .skip, backupId: n.id, databaseId: nil, key: key, reason: "parent missing")
                continue
            }
            var found: Note? = nil
            byId.bind(n.id)
            if try byId.step() { found = NoteRow.read(byId) }
            byId.reset()
            if found == nil && !(isTitle && ids.insertedTitles.contains(parent)) {
                let s = isTitle ? byTitleText : byEpisodeText
                s.bind(parent)
                s.bind(n.text)
                if try s.step() { found = NoteRow.read(s) }
                s.reset()
            }
            var incoming = n
            incoming.parentId = parent
            if let e = found {
                let r = ConflictResolver.note(existing: e, incoming: incoming, policy: options.onConflict)
                if r.changes {
                    var s = try statements(.update, .note)
                    NoteRow.bindColumns(&s, r.merged)
                    s.bind(e.id)
                    try s.run()
                }
                decide(.note, r.changes ? .update : .skip, conflict: !r.fields.isEmpty, backupId: n.id,
                       databaseId: e.id, key: key, fields: r.fields,
                       reason: r.fields.contains("parent") ? "a note keeps its parent; the backup's parent was not applied" : nil)
                continue
            }
            try insert(NoteTable.self, incoming)
            decide(.note, .insert, backupId: n.id, databaseId: n.id, key: key)
        }
    }

    // MARK: Preferences

    private func mergePreferences(_ p: UserPreferences, _ ids: MergeIds) throws {
        var incoming = p
        if let d = p.defaultListId {
            let mapped = ids.lists[d] ?? d
            if try exists(.list, id: mapped) {
                incoming.defaultListId = mapped
            } else {
                incoming.defaultListId = nil
                report.warnings.append("preferences name default list \(d), which is in neither the backup nor the database; cleared")
            }
        }
        let s = try statements(StoreSQL.select("preferences", PreferencesRow.columns))
        let existing = try s.step() ? PreferencesRow.read(s) : nil
        s.reset()
        guard let e = existing else {
            try insert(PreferencesTable.self, incoming)
            decide(.preferences, .insert, backupId: p.id, databaseId: p.id, key: p.id)
            return
        }
        let r = ConflictResolver.preferences(existing: e, incoming: incoming, policy: options.onConflict)
        if r.changes {
            var u = try statements(StoreSQL.update("preferences", PreferencesRow.columns))
            PreferencesRow.bindColumns(&u, r.merged)
            u.bind(e.id)
            try u.run()
        }
        decide(.preferences, r.changes ? .update : .skip, conflict: !r.fields.isEmpty, backupId: p.id,
               databaseId: e.id, key: e.id, fields: r.fields)
    }
}

/// What one entity's merge leaves to the next: where backup ids now point.
final class MergeIds {
    /// Backup title / episode / list id → database id, only where they differ.
    var titles: [String: String] = [:]
    var episodes: [String: String] = [:]
    var lists: [String: String] = [:]
    /// Backup ids of titles that made it into the database (inserted or matched).
    var knownTitles: Set<String> = []
    /// Database ids of titles inserted by this merge (they have no episodes or items yet).
    var insertedTitles: Set<String> = []
}
