import Foundation
import GRDB
import MWCore

/// Merge of episodes: matched by (show, season, episode), the show remapped to the database's.
final class EpisodeMerge: KeyedMerge<EpisodeTable>, MergeRule {
    init(_ session: RestoreSession, _ ids: MergeIds) throws {
        try super.init(session, ids, matching: "show_id = ? AND season_number = ? AND episode_number = ?")
    }

    func merge(_ episodes: [Episode]) throws {
        for ep in episodes {
            guard ids.knownTitles.contains(ep.showId) else {
                session.report.warnings.append("episode \(ep.id) belongs to show \(ep.showId), which the backup does not hold; skipped")
                session.decide(.episode, .skip, backupId: ep.id, databaseId: nil, key: EpisodeTable.key(ep), reason: "show missing")
                continue
            }
            // A copy only for an episode whose show was remapped: one for every episode (or a
            // `for var`) showed in merge's instruction counts.
            guard let show = ids.titles[ep.showId] else {
                try settleWithProvenance(ep, key: EpisodeTable.key(ep), found: match(ep))
                continue
            }
            var remapped = ep
            remapped.showId = show
            try settleWithProvenance(remapped, key: EpisodeTable.key(remapped), found: match(remapped))
        }
    }

    /// The database's episode at the same place in the same show (none in a show this merge
    /// inserted); the backup's id now means its.
    private func match(_ ep: Episode) throws -> (record: Episode, row: String)? {
        guard !ids.insertedTitles.contains(ep.showId) else { return nil }
        byKey.bind(ep.showId)
        byKey.bind(ep.seasonNumber)
        byKey.bind(ep.episodeNumber)
        return try matched(by: byKey, backupId: ep.id, remap: &ids.episodes) { EpisodeRow.read($0) }
    }

    func resolve(existing: Episode, incoming: Episode) -> Resolution<Episode> {
        ConflictResolver.episode(existing: existing, incoming: incoming, policy: session.options.onConflict)
    }

    /// A new episode whose id another episode holds gets a derived one.
    func insert(_ ep: Episode, key: String) throws -> (databaseId: String?, reason: String?) {
        var new = ep
        var reason: String?
        do {
            // The insert's own UNIQUE check on `id` doubles as the collision probe (one
            // B-tree descent instead of two; a failed statement leaves the transaction intact).
            try session.insert(EpisodeTable.self, new)
        } catch let e as DatabaseError where e.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
                                            && (e.message ?? "").contains("episodes.id") {
            (new.id, reason) = try reassign(ep.id, key: key)
            ids.episodes[ep.id] = new.id
            try session.insert(EpisodeTable.self, new)
        }
        return (new.id, reason)
    }
}
