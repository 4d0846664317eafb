import Foundation
import MWCore

/// The outcome of resolving one record present in both the database and the backup.
struct Resolution<R: Equatable> {
    /// The values the database record ends up with.
    var merged: R
    /// The values that differ between the two sides (empty: identical, no conflict).
    var fields: [String]
    /// Whether the database record changes.
    var changes: Bool
}

/// Merge's conflict policies (``ConflictPolicy``), as pure functions of the two records.
///
/// Two rules hold under every policy: the database record keeps its id (and a note its
/// parent), and TMDb metadata is never lost — a stripped side takes the other side's
/// metadata, since filling an absent value overwrites nothing.
enum ConflictResolver {
    /// Whether the backup's record is strictly newer (a missing date is the distant past,
    /// as in the app's conflict handler, docs/SPEC.md#conflicts; a tie keeps the database's).
    static func incomingIsNewer(_ existing: Date?, _ incoming: Date?) -> Bool {
        (incoming ?? .distantPast) > (existing ?? .distantPast)
    }

    static func earliest(_ a: Date?, _ b: Date?) -> Date? {
        switch (a, b) {
        case let (x?, y?): return min(x, y)
        default: return a ?? b
        }
    }

    static func latest(_ a: Date?, _ b: Date?) -> Date? {
        switch (a, b) {
        case let (x?, y?): return max(x, y)
        default: return a ?? b
        }
    }

    /// The record a policy keeps — existing (keep), incoming (theirs) or the newer one (newer,
    /// union) — after `union` adjusts it for the union policy.
    static func choose<T>(_ policy: ConflictPolicy, existing e: T, incoming inc: T, newer: Bool,
                          union: (inout T) -> Void) -> T {
        switch policy {
        case .keep: return e
        case .theirs: return inc
        case .newer: return newer ? inc : e
        case .union:
            var m = newer ? inc : e
            union(&m)
            return m
        }
    }

    /// A title or an episode as the policy chooses it by modification date; `union` also keeps
    /// a watch either side recorded, the earliest watched date and the latest modification,
    /// then adds `more` (told whether the backup's record is the newer).
    static func chooseWatched<R: WatchedRecord>(_ policy: ConflictPolicy, existing e: R, incoming i: R,
                                                more: (inout R, Bool) -> Void = { _, _ in }) -> R {
        let newer = incomingIsNewer(e.dateModified, i.dateModified)
        return choose(policy, existing: e, incoming: i, newer: newer) { m in
            m.watched = e.watched || i.watched
            m.watchedDate = earliest(e.watchedDate, i.watchedDate)
            m.dateModified = latest(e.dateModified, i.dateModified)
            more(&m, newer)
        }
    }

    static func title(existing e: Title, incoming i: Title, policy: ConflictPolicy) -> Resolution<Title> {
        var inc = i
        inc.id = e.id
        return resolve(e, inc, TitleField.self) {
            var m = chooseWatched(policy, existing: e, incoming: inc) { m, newer in
                m.likedStatus = newer ? i.likedStatus : e.likedStatus
                m.dateAdded = min(e.dateAdded, i.dateAdded)
            }
            if m.metadata == nil { m.metadata = e.metadata ?? i.metadata }
            watchStatus(&m, existing: e, incoming: i, policy: policy)
            exportValues(&m, existing: e, incoming: i, policy: policy)
            return m
        }
    }

    /// The export's name and year move together; a side without them takes the other's.
    /// Service ids are identities: union keeps both sides' ids, every policy fills a side
    /// without any from the other. Episodes named only by title join by season and title.
    static func exportValues(_ m: inout Title, existing e: Title, incoming i: Title, policy: ConflictPolicy) {
        if m.exportTitle == nil && m.exportYear == nil {
            let from = e.exportTitle != nil || e.exportYear != nil ? e : i
            m.exportTitle = from.exportTitle
            m.exportYear = from.exportYear
        }
        // Episodes named only by title are the user's viewings: every policy keeps both sides'.
        m.unnumberedEpisodes = UnnumberedEpisode.union(e.unnumberedEpisodes, i.unnumberedEpisodes)
        if policy == .union {
            m.serviceIds = ServiceID.union(e.serviceIds, i.serviceIds)
        } else if m.serviceIds.isEmpty {
            m.serviceIds = e.serviceIds.isEmpty ? i.serviceIds : e.serviceIds
        }
    }

    /// The watch status and its word, date and service move together, by the status's own
    /// date: keep — the database's; theirs — the backup's; newer and union — the one set later
    /// (a missing date is the distant past, a tie keeps the database's). Whatever the policy, a
    /// side without a status takes the other's.
    static func watchStatus(_ m: inout Title, existing e: Title, incoming i: Title, policy: ConflictPolicy) {
        let winner: Title
        switch (e.watchStatus, i.watchStatus) {
        case (nil, nil): return
        case (_?, nil): winner = e
        case (nil, _?): winner = i
        default:
            switch policy {
            case .keep: winner = e
            case .theirs: winner = i
            case .newer, .union: winner = incomingIsNewer(e.watchStatusDate, i.watchStatusDate) ? i : e
            }
        }
        m.setWatchStatus(winner.watchStatus, word: winner.watchStatusWord, date: winner.watchStatusDate, source: winner.watchStatusSource)
    }

    static func episode(existing e: Episode, incoming i: Episode, policy: ConflictPolicy) -> Resolution<Episode> {
        var inc = i
        inc.id = e.id
        inc.showId = e.showId
        return resolve(e, inc, EpisodeField.self) {
            var m = chooseWatched(policy, existing: e, incoming: inc)
            if m.metadata == nil { m.metadata = e.metadata ?? i.metadata }
            if m.tmdbId == nil { m.tmdbId = e.tmdbId ?? i.tmdbId }
            return m
        }
    }

    /// Lists: attributes only (memberships are merged item by item). union = newer.
    static func list(existing e: MediaList, incoming i: MediaList, policy: ConflictPolicy) -> Resolution<MediaList> {
        var ex = e
        ex.items = []
        var inc = i
        inc.id = e.id
        inc.items = []
        return resolve(ex, inc, ListField.self) {
            choose(policy, existing: ex, incoming: inc, newer: incomingIsNewer(e.dateModified, i.dateModified)) { _ in }
        }
    }

    /// List items have no modification date: `newer` keeps the database's; `union` keeps its
    /// order and takes the earliest dateAdded. A missing item id is filled in.
    static func listItem(existing e: ListItem, incoming i: ListItem, policy: ConflictPolicy) -> Resolution<ListItem> {
        var inc = i
        inc.id = e.id ?? i.id
        inc.titleId = e.titleId
        return resolve(e, inc, ListItemField.self) {
            var m = choose(policy, existing: e, incoming: inc, newer: false) { m in
                m.dateAdded = earliest(e.dateAdded, i.dateAdded)
            }
            if m.id == nil { m.id = i.id }
            return m
        }
    }

    /// Notes keep their parent whatever the policy (one parent, docs/SPEC.md#note). union = newer,
    /// except that a note private on either side stays private.
    static func note(existing e: Note, incoming i: Note, policy: ConflictPolicy) -> Resolution<Note> {
        var inc = i
        inc.id = e.id
        // The parent is compared (and reported) before the database's is kept.
        let fields = inc == e ? [] : diff(e, inc, NoteField.self)
        inc.parentId = e.parentId
        inc.parentType = e.parentType
        return resolve(e, inc, fields: fields) {
            choose(policy, existing: e, incoming: inc, newer: incomingIsNewer(e.dateModified, i.dateModified)) { m in
                m.ownerOnly = e.ownerOnly || i.ownerOnly
            }
        }
    }

    /// Preferences carry no modification date: only `theirs` takes the backup's.
    static func preferences(existing e: UserPreferences, incoming i: UserPreferences, policy: ConflictPolicy) -> Resolution<UserPreferences> {
        var inc = i
        inc.id = e.id
        return resolve(e, inc, PreferencesField.self) { policy == .theirs ? inc : e }
    }

    // MARK: Comparing (every field with a column, named as in docs/FORMAT.md)

    /// No change when the two agree on every field; otherwise the differing fields and the
    /// record `merge` makes of them.
    private static func resolve<F: EntityField>(_ e: F.Record, _ inc: F.Record, _: F.Type,
                                                merge: () -> F.Record) -> Resolution<F.Record> where F.Record: Equatable {
        resolve(e, inc, fields: e == inc ? [] : diff(e, inc, F.self), merge: merge)
    }

    private static func resolve<R: Equatable>(_ e: R, _ inc: R, fields: [String], merge: () -> R) -> Resolution<R> {
        if fields.isEmpty { return Resolution(merged: e, fields: [], changes: false) }
        let m = merge()
        return Resolution(merged: m, fields: fields, changes: m != e)
    }

    /// The fields whose values differ, in column order; a note's parent id and type are one
    /// field, "parent".
    static func diff<F: EntityField>(_ a: F.Record, _ b: F.Record, _: F.Type) -> [String] {
        var out: [String] = []
        for f in F.table.storeOrder where f.value(of: a) != f.value(of: b) {
            switch f.spec.column {
            case .parentId?, .parentType?: if out.last != "parent" { out.append("parent") }
            default: out.append(f.name)
            }
        }
        return out
    }
}

/// What a title and an episode share for a merge: the watch and the modification date the
/// `newer` policy goes by (``ConflictResolver/chooseWatched(_:existing:incoming:more:)``).
protocol WatchedRecord {
    var watched: Bool { get set }
    var watchedDate: Date? { get set }
    var dateModified: Date? { get set }
}

extension Title: WatchedRecord {}
extension Episode: WatchedRecord {}
