import Foundation
import MWCore

/// Merge of titles: matched by (tmdbId, mediaType).
final class TitleMerge: KeyedMerge<TitleTable>, MergeRule {
    init(_ session: RestoreSession, _ ids: MergeIds) throws {
        try super.init(session, ids, matching: "tmdb_id = ? AND media_type = ?")
    }

    func merge(_ titles: [Title]) throws {
        for t in titles {
            let found = try match(t)
            ids.knownTitles.insert(t.id)
            try settleWithProvenance(t, key: TitleTable.key(t), found: found)
        }
    }

    /// The database's title of the same TMDb id and media type; the backup's id now means its.
    private func match(_ t: Title) throws -> (record: Title, row: String)? {
        byKey.bind(t.tmdbId)
        byKey.bind(t.mediaType.rawValue)
        return try matched(by: byKey, backupId: t.id, remap: &ids.titles) { try TitleRow.read($0) }
    }

    func resolve(existing: Title, incoming: Title) -> Resolution<Title> {
        ConflictResolver.title(existing: existing, incoming: incoming, policy: session.options.onConflict)
    }

    /// A new title whose id another title holds gets a derived one.
    func insert(_ t: Title, key: String) throws -> (databaseId: String?, reason: String?) {
        var new = t
        var reason: String?
        if try session.exists(.title, id: t.id) {
            (new.id, reason) = try reassign(t.id, key: key)
            ids.titles[t.id] = new.id
        }
        try session.insert(TitleTable.self, new)
        ids.insertedTitles.insert(new.id)
        return (new.id, reason)
    }
}
