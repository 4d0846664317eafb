import Foundation
import GRDB
import MWCore
import MWMacros

/// Which part of the library an archive holds.
@PublicMemberwiseInit
public struct ArchiveSelection: Sendable, Equatable {
    /// Only this list (matched by id, else by name ignoring case), its titles, their episodes
    /// and notes. Preferences are left out (they may name another list).
    public var list: String?
    /// A sharing export (docs/SPEC.md#sharing): notes with `ownerOnly = true` and the
    /// preferences stay out.
    public var shareable: Bool = false

    /// The whole library.
    public static let all = ArchiveSelection()
}

extension LibraryStore {
    /// Reads the library (or the part `selection` names) back into the model, every record
    /// in the order it was restored, so archiving a restored backup reproduces it.
    /// `exportDate` is the one stored at the last restore; archive sets its own.
    public func loadLibrary(selection: ArchiveSelection = .all) throws -> Library {
        try wrap {
            try queue.read { db in try LibraryLoader(db: db).load(selection) }
        }
    }

    /// The value of every record in a canonical order, hashed (FNV-1a, 128 bits, hex): equal
    /// hashes mean equal content. Used to show that a restore is idempotent.
    public func contentHash() throws -> String {
        try wrap {
            try queue.read { db in
                var h = ContentHasher()
                for table in StoreSchema.entityTables + StoreSchema.provenanceTables + ["library_meta"] {
                    h.add(table)
                    let order = table == "library_meta" ? "key" : "seq"
                    let s = try RawStatement(db, "SELECT * FROM \(table) ORDER BY \(order)")
                    defer { s.finalize() }
                    let n = Int32(try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_info(?)", arguments: [table]) ?? 0)
                    while try s.step() {
                        for c in 0..<n { h.add(s.canonicalText(c)) }
                        h.add("\u{1}")
                    }
                }
                return h.hex
            }
        }
    }
}

/// FNV-1a over two lanes; not cryptographic, only a compact fingerprint for comparisons.
struct ContentHasher {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142
    mutating func add(_ s: String) {
        for byte in s.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 1
        }
        a = (a ^ 0xFF) &* 0x0000_0100_0000_01B3
        b = (b ^ 0xFE) &* 0x0000_0100_0000_01B3
    }
    var hex: String {
        func h(_ v: UInt64) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
        return h(a) + h(b)
    }
}

/// Reads tables back into ``Library`` values.
struct LibraryLoader {
    let db: Database

    func load(_ sel: ArchiveSelection) throws -> Library {
        var lib = Library()
        lib.sourceVersion = try String.fetchOne(db, sql: "SELECT value FROM library_meta WHERE key = ?", arguments: [MetaKey.sourceVersion])
        lib.exportDate = try Double.fetchOne(db, sql: "SELECT value FROM library_meta WHERE key = ?", arguments: [MetaKey.exportDate]).map(StoreDate.decode)

        // Filters, as SQL conditions on each table, for a one-list export.
        var listWhere = ""
        var titleWhere = ""
        var episodeWhere = ""
        var noteWhere = ""
        var args: [String] = []
        if let wanted = sel.list {
            let listId = try resolveList(wanted)
            args = [listId]
            listWhere = " WHERE id = ?1"
            titleWhere = " WHERE id IN (SELECT title_id FROM list_items WHERE list_id = ?1)"
            episodeWhere = " WHERE show_id IN (SELECT title_id FROM list_items WHERE list_id = ?1)"
            noteWhere = """
                 WHERE (title_id IN (SELECT title_id FROM list_items WHERE list_id = ?1)
                    OR episode_id IN (SELECT e.id FROM episodes e JOIN list_items i ON i.title_id = e.show_id WHERE i.list_id = ?1))
                """
        }
        if sel.shareable {
            noteWhere += noteWhere.isEmpty ? " WHERE owner_only = 0" : " AND owner_only = 0"
        }

        var listIndex: [String: Int] = [:]
        try each(StoreSQL.select("lists", ListRow.columns) + listWhere + " ORDER BY seq", args) { s in
            let l = ListRow.read(s)
            listIndex[l.id] = lib.lists.count
            lib.lists.append(l)
        }
        try each("SELECT \(ListItemRow.columns.joined(separator: ", ")) FROM list_items"
                 + (sel.list == nil ? "" : " WHERE list_id = ?1") + " ORDER BY seq", args) { s in
            let (item, listId) = ListItemRow.read(s)
            if let i = listIndex[listId] { lib.lists[i].items.append(item) }
        }
        try each(StoreSQL.select("titles", TitleRow.columns) + titleWhere + " ORDER BY seq", args) { s in
            lib.titles.append(try TitleRow.read(s))
        }
        let episodeCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM episodes") ?? 0
        lib.episodes.reserveCapacity(sel.list == nil ? episodeCount : 0)
        try each(StoreSQL.select("episodes", EpisodeRow.columns) + episodeWhere + " ORDER BY seq", args) { s in
            lib.episodes.append(EpisodeRow.read(s))
        }
        try each(StoreSQL.select("notes", NoteRow.columns) + noteWhere + " ORDER BY seq", args) { s in
            lib.notes.append(NoteRow.read(s))
        }
        if sel.list == nil && !sel.shareable {
            try each(StoreSQL.select("preferences", PreferencesRow.columns), []) { s in
                lib.preferences = PreferencesRow.read(s)
            }
        }
        try loadProvenance(into: &lib)
        return lib
    }

    /// Hands every provenance row to the record loaded that owns it, in `seq` order (rows of
    /// records outside the selection are passed over). An empty table costs one query and no
    /// work per record: a library without provenance loads as it did before schema v3.
    private func loadProvenance(into lib: inout Library) throws {
        for kind in ProvenanceKind.allCases {
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(kind.table))") == true else { continue }
            for owner in kind.owners {
                let target = ProvenanceTarget(kind: kind, owner: owner)
                let index: [String: Int]
                switch owner {
                case .list: index = Dictionary(lib.lists.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                case .title: index = Dictionary(lib.titles.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                case .episode: index = Dictionary(lib.episodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                default: index = Dictionary(lib.notes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                }
                let sql = "SELECT \(target.ownerColumn), \(kind.columns.joined(separator: ", ")) FROM \(kind.table)"
                    + " WHERE \(target.ownerColumn) IS NOT NULL ORDER BY seq"
                try each(sql, []) { s in
                    guard let id = s.string(0), let i = index[id] else { return }
                    var v = ProvenanceValues()
                    ProvenanceRowReader.append(kind, s, at: 1, to: &v)
                    switch owner {
                    case .list: lib.lists[i].sources += v.sources
                    case .title:
                        lib.titles[i].ratings += v.ratings
                        lib.titles[i].viewings += v.viewings
                        lib.titles[i].tags += v.tags
                        lib.titles[i].sources += v.sources
                    case .episode:
                        lib.episodes[i].ratings += v.ratings
                        lib.episodes[i].viewings += v.viewings
                        lib.episodes[i].sources += v.sources
                    default: lib.notes[i].sources += v.sources
                    }
                }
            }
        }
    }

    /// A list by id, else by name ignoring case; an ambiguous or unknown name is an error.
    private func resolveList(_ wanted: String) throws -> String {
        if try String.fetchOne(db, sql: "SELECT id FROM lists WHERE id = ?", arguments: [wanted]) != nil { return wanted }
        let all = try Row.fetchAll(db, sql: "SELECT id, name FROM lists ORDER BY seq")
        let folded = wanted.lowercased()
        let hits = all.filter { ($0["name"] as String? ?? "").lowercased() == folded }
        if hits.count == 1 { return hits[0]["id"] }
        if hits.isEmpty {
            let names = all.map { quoted($0["name"] as String? ?? "") }.prefix(20).joined(separator: ", ")
            throw MWError.usage("no list named \(quoted(wanted)) in the library (lists: \(names.isEmpty ? "none" : names))")
        }
        throw MWError.usage("\(hits.count) lists are named \(quoted(wanted)); give one by id: " + hits.map { $0["id"] as String }.joined(separator: ", "))
    }

    private func each(_ sql: String, _ args: [String], _ body: (RawStatement) throws -> Void) throws {
        let s = try RawStatement(db, sql)
        defer { s.finalize() }
        for a in args { s.bind(a) }
        while try s.step() { try body(s) }
    }
}
