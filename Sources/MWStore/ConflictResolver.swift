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
    /// as in the app's conflict handler, seeds/004 §6.2; a tie keeps the database's).
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

    static func title(existing e: Title, incoming i: Title, policy: ConflictPolicy) -> Resolution<Title> {
        var inc = i
        inc.id = e.id
        if inc == e { return Resolution(merged: e, fields: [], changes: false) }
        let fields = diff(e, inc, titleFields)
        if fields.isEmpty { return Resolution(merged: e, fields: [], changes: false) }
        let newer = incomingIsNewer(e.dateModified, i.dateModified)
        var m = choose(policy, existing: e, incoming: inc, newer: newer) { m in
            m.watched = e.watched || i.watched
            m.watchedDate = earliest(e.watchedDate, i.watchedDate)
            m.likedStatus = newer ? i.likedStatus : e.likedStatus
            m.dateAdded = min(e.dateAdded, i.dateAdded)
            m.dateModified = latest(e.dateModified, i.dateModified)
        }
        if m.metadata == nil { m.metadata = e.metadata ?? i.metadata }
        return Resolution(merged: m, fields: fields, changes: m != e)
    }

    static func episode(existing e: Episode, incoming i: Episode, policy: ConflictPolicy) -> Resolution<Episode> {
        var inc = i
        inc.id = e.id
        inc.showId = e.showId
        if inc == e { return Resolution(merged: e, fields: [], changes: false) }
        let fields = diff(e, inc, episodeFields)
        if fields.isEmpty { return Resolution(merged: e, fields: [], changes: false) }
        let newer = incomingIsNewer(e.dateModified, i.dateModified)
        var m = choose(policy, existing: e, incoming: inc, newer: newer) { m in
            m.watched = e.watched || i.watched
            m.watchedDate = earliest(e.watchedDate, i.watchedDate)
            m.dateModified = latest(e.dateModified, i.dateModified)
        }
        if m.metadata == nil { m.metadata = e.metadata ?? i.metadata }
        if m.tmdbId == nil { m.tmdbId = e.tmdbId ?? i.tmdbId }
        return Resolution(merged: m, fields: fields, changes: m != e)
    }

    /// Lists: attributes only (memberships are merged item by item). union = newer.
    static func list(existing e: MediaList, incoming i: MediaList, policy: ConflictPolicy) -> Resolution<MediaList> {
        var ex = e
        ex.items = []
        var inc = i
        inc.id = e.id
        inc.items = []
        if inc == ex { return Resolution(merged: ex, fields: [], changes: false) }
        let fields = diff(ex, inc, listFields)
        if fields.isEmpty { return Resolution(merged: ex, fields: [], changes: false) }
        let newer = incomingIsNewer(e.dateModified, i.dateModified)
        let m: MediaList
        switch policy {
        case .keep: m = ex
        case .theirs: m = inc
        case .newer, .union: m = newer ? inc : ex
        }
        return Resolution(merged: m, fields: fields, changes: m != ex)
    }

    /// List items have no modification date: `newer` keeps the database's; `union` keeps its
    /// order and takes the earliest dateAdded. A missing item id is filled in.
    static func listItem(existing e: ListItem, incoming i: ListItem, policy: ConflictPolicy) -> Resolution<ListItem> {
        var inc = i
        inc.id = e.id ?? i.id
        inc.titleId = e.titleId
        if inc == e { return Resolution(merged: e, fields: [], changes: false) }
        let fields = diff(e, inc, itemFields)
        if fields.isEmpty { return Resolution(merged: e, fields: [], changes: false) }
        var m: ListItem
        switch policy {
        case .keep, .newer: m = e
        case .theirs: m = inc
        case .union:
            m = e
            m.dateAdded = earliest(e.dateAdded, i.dateAdded)
        }
        if m.id == nil { m.id = i.id }
        return Resolution(merged: m, fields: fields, changes: m != e)
    }

    /// Notes keep their parent whatever the policy (one parent, seeds/000 §2.5). union = newer,
    /// except that a note private on either side stays private.
    static func note(existing e: Note, incoming i: Note, policy: ConflictPolicy) -> Resolution<Note> {
        var inc = i
        inc.id = e.id
        if inc == e { return Resolution(merged: e, fields: [], changes: false) }
        let fields = diff(e, inc, noteFields)
        inc.parentId = e.parentId
        inc.parentType = e.parentType
        if fields.isEmpty { return Resolution(merged: e, fields: [], changes: false) }
        let newer = incomingIsNewer(e.dateModified, i.dateModified)
        var m: Note
        switch policy {
        case .keep: m = e
        case .theirs: m = inc
        case .newer: m = newer ? inc : e
        case .union:
            m = newer ? inc : e
            m.ownerOnly = e.ownerOnly || i.ownerOnly
        }
        return Resolution(merged: m, fields: fields, changes: m != e)
    }

    /// Preferences carry no modification date: only `theirs` takes the backup's.
    static func preferences(existing e: UserPreferences, incoming i: UserPreferences, policy: ConflictPolicy) -> Resolution<UserPreferences> {
        var inc = i
        inc.id = e.id
        if inc == e { return Resolution(merged: e, fields: [], changes: false) }
        let fields = diff(e, inc, preferenceFields)
        if fields.isEmpty { return Resolution(merged: e, fields: [], changes: false) }
        let m = policy == .theirs ? inc : e
        return Resolution(merged: m, fields: fields, changes: m != e)
    }

    // MARK: Field tables (names as in docs/FORMAT.md)

    private static func diff<R>(_ a: R, _ b: R, _ table: [(String, (R, R) -> Bool)]) -> [String] {
        table.compactMap { $0.1(a, b) ? nil : $0.0 }
    }

    private static func f<R, V: Equatable>(_ name: String, _ kp: KeyPath<R, V>) -> (String, (R, R) -> Bool) {
        (name, { $0[keyPath: kp] == $1[keyPath: kp] })
    }

    static let titleFields: [(String, (Title, Title) -> Bool)] = [
        f("tmdbId", \.tmdbId), f("mediaType", \.mediaType),
        ("stripped", { ($0.metadata == nil) == ($1.metadata == nil) }),
        f("title", \.metadata?.title), f("originalTitle", \.metadata?.originalTitle), f("imdbId", \.metadata?.imdbId),
        f("year", \.metadata?.year), f("overview", \.metadata?.overview), f("genres", \.metadata?.genres),
        f("runtime", \.metadata?.runtime), f("posterPath", \.metadata?.posterPath),
        f("backdropPath", \.metadata?.backdropPath), f("originalLanguage", \.metadata?.originalLanguage),
        f("popularity", \.metadata?.popularity), f("voteAverage", \.metadata?.voteAverage),
        f("voteCount", \.metadata?.voteCount), f("releaseDate", \.metadata?.releaseDate),
        f("firstAirDate", \.metadata?.firstAirDate), f("lastAirDate", \.metadata?.lastAirDate),
        f("status", \.metadata?.status), f("numberOfSeasons", \.metadata?.numberOfSeasons),
        f("numberOfEpisodes", \.metadata?.numberOfEpisodes),
        f("watched", \.watched), f("watchedDate", \.watchedDate), f("likedStatus", \.likedStatus),
        f("dateAdded", \.dateAdded), f("dateModified", \.dateModified),
        f("localPosterPath", \.localPosterPath), f("localBackdropPath", \.localBackdropPath),
    ]

    static let episodeFields: [(String, (Episode, Episode) -> Bool)] = [
        f("tmdbId", \.tmdbId), f("seasonNumber", \.seasonNumber), f("episodeNumber", \.episodeNumber),
        ("stripped", { ($0.metadata == nil) == ($1.metadata == nil) }),
        f("name", \.metadata?.name), f("overview", \.metadata?.overview), f("airDate", \.metadata?.airDate),
        f("runtime", \.metadata?.runtime), f("stillPath", \.metadata?.stillPath),
        f("watched", \.watched), f("watchedDate", \.watchedDate), f("dateModified", \.dateModified),
        f("localStillPath", \.localStillPath),
    ]

    static let listFields: [(String, (MediaList, MediaList) -> Bool)] = [
        f("name", \.name), f("icon", \.icon), f("colorHex", \.colorHex), f("sortOrder", \.sortOrder),
        f("isDefault", \.isDefault), f("dateCreated", \.dateCreated), f("dateModified", \.dateModified),
    ]

    static let itemFields: [(String, (ListItem, ListItem) -> Bool)] = [
        f("id", \.id), f("orderIndex", \.orderIndex), f("dateAdded", \.dateAdded),
    ]

    static let noteFields: [(String, (Note, Note) -> Bool)] = [
        ("parent", { $0.parentId == $1.parentId && $0.parentType == $1.parentType }),
        f("text", \.text), f("ownerOnly", \.ownerOnly), f("dateCreated", \.dateCreated),
        f("dateModified", \.dateModified),
    ]

    static let preferenceFields: [(String, (UserPreferences, UserPreferences) -> Bool)] = [
        f("defaultListId", \.defaultListId), f("defaultLikedStatus", \.defaultLikedStatus),
        f("imageQuality", \.imageQuality), f("showWatchedInLists", \.showWatchedInLists), f("sortBy", \.sortBy),
        f("sortAscending", \.sortAscending), f("lastSyncDate", \.lastSyncDate), f("appVersion", \.appVersion),
    ]
}
