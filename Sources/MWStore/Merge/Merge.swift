import Foundation
import GRDB
import MWCore

/// Merge (docs/SPEC.md#merge): every record of the backup
/// is matched against the database by its natural key, then inserted, updated or skipped.
///
/// Provenance values (formatVersion 3) are not compared by the conflict policy: each record's
/// rows are merged by their own rules once the record has settled (ProvenanceMergeRows.swift).
///
/// Keys: lists by id, then by name ignoring case; titles by (tmdbId, mediaType); episodes by
/// (show, season, episode); list items by (list, title); notes by id, then by (parent, text);
/// preferences are a singleton. A backup record that matches a database record with another
/// id takes the database's id, and the records referring to it follow (ids are remapped).
/// A new record whose id is already used by an unrelated database record gets a derived id
/// (reported), so nothing is overwritten.
///
/// Each entity's matching has a file of its own (TitleMerge.swift, …); what follows a match
/// is the same for all (``MergeRule/settle(_:key:found:)``).
extension RestoreSession {
    func merge(_ library: Library) throws {
        try setMeta(MetaKey.sourceVersion, library.sourceVersion, onlyIfAbsent: true)
        try setMeta(MetaKey.exportDate, library.exportDate, onlyIfAbsent: true)
        let ids = MergeIds()
        try ListMerge(self, ids).merge(library.lists)
        try TitleMerge(self, ids).merge(library.titles)
        try EpisodeMerge(self, ids).merge(library.episodes)
        try ListItemMerge(self, ids).merge(library.lists)
        try NoteMerge(self, ids).merge(library.notes)
        if let p = library.preferences { try PreferencesMerge(self, ids).merge(p) }
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
    /// Database ids of titles and lists inserted by this merge (they have no episodes,
    /// items or notes yet, so those need not be looked for).
    var insertedTitles: Set<String> = []
    var insertedLists: Set<String> = []
}

/// One entity's part of a merge: its conflict rule, and how a record is written when it
/// changes or is new. The entity's own `merge` admits each backup record, remaps its
/// references and looks for it in the database by the entity's key, then hands it to
/// ``settle(_:key:found:)``.
protocol MergeRule: AnyObject {
    associatedtype Table: EntityTable where Table.Record: Equatable
    /// What locates a matched row for ``update(_:at:)``: its id, unless said otherwise.
    associatedtype RowRef = String

    var session: RestoreSession { get }
    /// The conflict policy applied to a record found on both sides (ConflictResolver's rule).
    func resolve(existing: Table.Record, incoming: Table.Record) throws -> Resolution<Table.Record>
    /// Writes the resolved record over the matched row.
    func update(_ merged: Table.Record, at row: RowRef) throws
    /// Inserts a record the database lacks; returns the id it got and, when that needs
    /// explaining, why.
    func insert(_ record: Table.Record, key: String) throws -> (databaseId: String?, reason: String?)
    /// Why a matched record's decision needs explaining, if it does.
    func reason(existing: Table.Record, incoming: Table.Record, _ resolution: Resolution<Table.Record>) -> String?
}

extension MergeRule {
    func insert(_ record: Table.Record, key: String) throws -> (databaseId: String?, reason: String?) {
        try session.insert(Table.self, record)
        return (Table.id(record), nil)
    }

    func reason(existing: Table.Record, incoming: Table.Record, _ resolution: Resolution<Table.Record>) -> String? {
        nil
    }

    /// The step every entity shares once its own rules have looked for the backup's `record`
    /// in the database: a record not `found` is inserted; one found is resolved with the
    /// database's by the conflict policy and written back if that changes it. Either way
    /// the decision is counted.
    ///
    /// `found` is consumed: bound from a borrowed optional tuple, it was copied through the
    /// runtime's generic value witnesses, about 1% of a merge's instructions.
    ///
    /// Returns the id the record has in the database (the matched one's, or the one inserted),
    /// which its provenance rows then belong to.
    @discardableResult
    func settle(_ record: Table.Record, key: String, found: consuming (record: Table.Record, row: RowRef)?) throws -> String? {
        let s = session
        guard let (existing, row) = consume found else {
            let (databaseId, reason) = try insert(record, key: key)
            s.decide(Table.entity, .insert, backupId: Table.id(record), databaseId: databaseId, key: key, reason: reason)
            return databaseId
        }
        let r = try resolve(existing: existing, incoming: record)
        if r.changes { try update(r.merged, at: row) }
        s.decide(Table.entity, r.changes ? .update : .skip, conflict: !r.fields.isEmpty, backupId: Table.id(record),
                 databaseId: Table.id(existing), key: key, fields: r.fields,
                 reason: reason(existing: existing, incoming: record, r))
        return Table.id(existing)
    }

    /// The row `statement`, bound to the backup record's key, finds (read by `read`), and the
    /// statement reset for the next record. A match under another id is remembered in `remap`
    /// (backup id → database id): the backup's id now means the database's, and the records
    /// referring to it follow.
    func matched(by statement: RawStatement, backupId: String, remap: inout [String: String],
                 _ read: (RawStatement) throws -> Table.Record) throws -> (record: Table.Record, row: String)? {
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        let e = try read(statement)
        let id = Table.id(e) ?? backupId
        if id != backupId { remap[backupId] = id }
        return (e, id)
    }

    /// A new id for a new record whose backup `id` another record of the table holds: the
    /// first free one derived from it and its `key`. Reported as a warning; returns the id and
    /// the decision's reason.
    func reassign(_ id: String, key: String) throws -> (id: String, reason: String) {
        let entity = Table.entity.rawValue
        let new = try session.freeId(Table.entity) { DerivedID.make("mwkit-\(entity)", id, key, $0) }
        let reason = "id \(id) is used by another \(entity) in the database; inserted as \(new)"
        session.report.warnings.append("\(entity) \(key): " + reason)
        return (new, reason)
    }
}

extension MergeRule where RowRef == String {
    func update(_ merged: Table.Record, at id: String) throws {
        try session.update(Table.self, merged, id: id)
    }
}
