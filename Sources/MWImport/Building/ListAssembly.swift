import Foundation
import MWFoundation
import MWCore

/// The lists of an import (docs/IMPORT.md "Lists"): the watchlist, favourites, each list of
/// the exports in its own order with its description and entry notes, and the watched list
/// for every title in no other list (every title must be in a list, docs/SPEC.md "List membership").
struct ListAssembly {
    /// One membership before it becomes a ``ListItem``.
    struct Entry {
        var titleId: String
        var position: Int?
        var added: ForeignDate?
        var note: String?
        /// Reading order, the last tie-breaker.
        var order: Int
    }

    private var named: [String: [Entry]] = [:]
    private var watchlist: [Entry] = []
    private var favorites: [Entry] = []
    private var order = 0

    /// Notes the memberships and marks of `item`, which became (or belongs to) title `titleId`.
    mutating func add(_ item: ForeignItem, titleId: String) {
        for m in item.lists {
            named[m.listKey, default: []].append(Entry(titleId: titleId, position: m.position, added: m.addedAt, note: Values.text(m.note), order: next()))
        }
        for m in item.marks where m.kind == .watchlist || m.kind == .favorite {
            // A status word is the title's watch status, not a note of the entry.
            let e = Entry(titleId: titleId, position: nil, added: m.date, note: m.status == nil ? Values.text(m.detail) : nil, order: next())
            if m.kind == .watchlist { watchlist.append(e) } else { favorites.append(e) }
        }
    }

    private mutating func next() -> Int { order += 1; return order }

    /// The lists: watchlist, favourites (when any title is in them), the exports' lists in
    /// reading order (empty ones too), then the watched list for titles in none of them.
    func lists(_ foreign: [ForeignList], titles: [Title], options: ImportBuildOptions) -> (lists: [MediaList], diagnostics: [Diagnostic]) {
        var out: [MediaList] = []
        var diagnostics: [Diagnostic] = []
        func make(_ id: String, _ name: String, _ entries: [Entry], byPosition: Bool) -> MediaList {
            var l = MediaList(id: id, name: name, sortOrder: out.count)
            l.items = Self.items(entries, list: id, byPosition: byPosition)
            return l
        }
        if !watchlist.isEmpty { out.append(make(ImportIDs.list("watchlist"), options.watchlistName, watchlist, byPosition: false)) }
        if !favorites.isEmpty { out.append(make(ImportIDs.list("favorites"), options.favoritesName, favorites, byPosition: false)) }
        // Lists that come out as one id (the same list in two files of one export) share their entries.
        var groups: [(id: String, list: ForeignList, entries: [Entry])] = []
        for f in foreign {
            let id = ImportIDs.list("\(f.service.rawValue)/\(f.source.file)/\(f.name)")
            if let g = groups.firstIndex(where: { $0.id == id }) { groups[g].entries += named[f.key] ?? [] } else { groups.append((id, f, named[f.key] ?? [])) }
        }
        for (id, f, entries) in groups {
            var name = f.name.trimmingCharacters(in: .whitespacesAndNewlines)
            var description = Values.text(f.description)
            if name.isEmpty { name = "\(f.service.rawValue) list" }
            // List names hold at most 100 characters; the whole name stays in the description.
            if name.unicodeScalars.count > 100 {
                description = [f.name, description].compactMap { $0 }.joined(separator: "\n\n")
                name = String(String.UnicodeScalarView(name.unicodeScalars.prefix(99))) + "…"
                diagnostics.append(.warning(.importListName, "the name of the list in \(f.source.position) is longer than 100 characters; shortened to \(quoted(name)), the whole name kept in its description"))
            }
            var l = make(id, name, entries, byPosition: true)
            l.listDescription = description
            l.dateCreated = ImportDates.date(f.createdAt)
            l.sources = RecordValues.sources([f.source])
            out.append(l)
        }
        let listed = Set(out.flatMap { $0.items.map(\.titleId) })
        let rest = titles.filter { !listed.contains($0.id) }.sorted { ($0.dateAdded, $0.id) < ($1.dateAdded, $1.id) }
        if !rest.isEmpty {
            let id = ImportIDs.list("watched/" + options.watchedListName.lowercased())
            var l = MediaList(id: id, name: options.watchedListName, sortOrder: out.count)
            l.items = rest.enumerated().map { ListItem(id: ImportIDs.listItem(list: id, title: $1.id), titleId: $1.id, orderIndex: $0) }
            out.append(l)
        }
        return (out, diagnostics)
    }

    /// Items in order — by the service's position when it gives one, else by date added
    /// (oldest first), else as read — each title once (a second membership's note is added
    /// to the first's).
    static func items(_ entries: [Entry], list: String, byPosition: Bool) -> [ListItem] {
        let sorted = entries.sorted { a, b in
            if byPosition, a.position != b.position { return (a.position ?? Int.max) < (b.position ?? Int.max) }
            let da = ImportDates.date(a.added), db = ImportDates.date(b.added)
            if da != db { return (da ?? .distantFuture) < (db ?? .distantFuture) }
            return a.order < b.order
        }
        var out: [ListItem] = []
        var at: [String: Int] = [:]
        for e in sorted {
            if let k = at[e.titleId] {
                if let n = e.note, out[k].note != n, !(out[k].note ?? "").contains(n) {
                    out[k].note = [out[k].note, n].compactMap { $0 }.joined(separator: "\n\n")
                }
                continue
            }
            at[e.titleId] = out.count
            var item = ListItem(id: ImportIDs.listItem(list: list, title: e.titleId), titleId: e.titleId, orderIndex: out.count,
                                dateAdded: ImportDates.date(e.added))
            item.note = e.note
            out.append(item)
        }
        return out
    }
}
