import Foundation
import MWCore

/// Merge of notes: matched by id, then by (parent, text), the parent remapped to the
/// database's. A note keeps its database parent.
final class NoteMerge: MergeRule {
    typealias Table = NoteTable
    let session: RestoreSession
    private let ids: MergeIds
    private let byId: RawStatement
    private let byTitleText: RawStatement
    private let byEpisodeText: RawStatement

    init(_ session: RestoreSession, _ ids: MergeIds) throws {
        self.session = session
        self.ids = ids
        let select = StoreSQL.select("notes", NoteRow.columns)
        byId = try session.statements(select + " WHERE id = ?")
        byTitleText = try session.statements(select + " WHERE title_id = ? AND text = ? ORDER BY seq LIMIT 1")
        byEpisodeText = try session.statements(select + " WHERE episode_id = ? AND text = ? ORDER BY seq LIMIT 1")
    }

    func merge(_ notes: [Note]) throws {
        for n in notes {
            guard n.parentType.isKnown else {
                session.skipUnknownParent(n)
                continue
            }
            let isTitle = n.parentType == .title
            var incoming = n
            incoming.parentId = (isTitle ? ids.titles[n.parentId] : ids.episodes[n.parentId]) ?? n.parentId
            let key = NoteTable.key(incoming)
            guard try session.exists(isTitle ? .title : .episode, id: incoming.parentId) else {
                session.report.warnings.append("note \(n.id) refers to \(n.parentType.rawValue) \(n.parentId), which is in neither the backup nor the database; skipped")
                session.decide(.note, .skip, backupId: n.id, databaseId: nil, key: key, reason: "parent missing")
                continue
            }
            guard !n.sources.isEmpty else {
                try settle(incoming, key: key, found: match(incoming))
                continue
            }
            incoming.sources = []
            if let id = try settle(incoming, key: key, found: match(incoming)) {
                try session.mergeProvenance(.note, id: id, ProvenanceValues(sources: n.sources))
            }
        }
    }

    /// The database's note of the same id, else the first of the same parent and text (none
    /// for a title this merge inserted).
    private func match(_ n: Note) throws -> (record: Note, row: String)? {
        var found: Note? = nil
        byId.bind(n.id)
        if try byId.step() { found = NoteRow.read(byId) }
        byId.reset()
        let isTitle = n.parentType == .title
        if found == nil && !(isTitle && ids.insertedTitles.contains(n.parentId)) {
            let s = isTitle ? byTitleText : byEpisodeText
            s.bind(n.parentId)
            s.bind(n.text)
            if try s.step() { found = NoteRow.read(s) }
            s.reset()
        }
        return found.map { ($0, $0.id) }
    }

    func resolve(existing: Note, incoming: Note) -> Resolution<Note> {
        ConflictResolver.note(existing: existing, incoming: incoming, policy: session.options.onConflict)
    }

    func reason(existing: Note, incoming: Note, _ resolution: Resolution<Note>) -> String? {
        resolution.fields.contains("parent") ? "a note keeps its parent; the backup's parent was not applied" : nil
    }
}
