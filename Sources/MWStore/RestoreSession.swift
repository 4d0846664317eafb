import Foundation
import GRDB
import MWCore

/// One restore inside one transaction: prepared statements, id maps and the report.
final class RestoreSession {
    let db: Database
    let options: RestoreOptions
    var report: RestoreReport
    let onDecision: ((RestoreDecision) -> Void)?
    private var statements: [String: RawStatement] = [:]

    /// Backup title / episode / list id → database id, only where they differ.
    var titleRemap: [String: String] = [:]
    var episodeRemap: [String: String] = [:]
    var listRemap: [String: String] = [:]
    /// Backup ids of titles and episodes that made it into the database (inserted or matched).
    var knownTitles: Set<String> = []
    var knownEpisodes: Set<String> = []
    /// Database ids of titles inserted by this restore (they have no episodes or items yet).
    var insertedTitles: Set<String> = []
    /// Replace: the secondary indexes dropped for the load, and the preferences held back
    /// until every list is in.
    private var droppedIndexes: [(name: String, sql: String)] = []
    private var pendingPreferences: UserPreferences?

    init(db: Database, options: RestoreOptions, report: RestoreReport, onDecision: ((RestoreDecision) -> Void)?) throws {
        self.db = db
        self.options = options
        self.report = report
        self.onDecision = onDecision
    }

    func finalize() {
        for s in statements.values { s.finalize() }
        statements.removeAll()
        for s in hot { s?.finalize() }
        hot = Array(repeating: nil, count: Hot.allCases.count)
        for s in multi { s?.finalize() }
        multi = Array(repeating: nil, count: Hot.allCases.count)
    }

    /// Statements run once per row, looked up by index rather than by SQL text.
    enum Hot: Int, CaseIterable {
        case insertList, insertTitle, insertEpisode, insertItem, insertNote
        case titleExists, episodeExists, itemExists, listExists, noteExists
        case updateTitle, updateEpisode, updateNote

        /// The table and columns of an insert statement; nil for the others.
        private var insertTarget: (table: String, columns: [String], withId: Bool)? {
            switch self {
            case .insertList: return ("lists", ListRow.columns, true)
            case .insertTitle: return ("titles", TitleRow.columns, true)
            case .insertEpisode: return ("episodes", EpisodeRow.columns, true)
            case .insertItem: return ("list_items", ListItemRow.columns, false)
            case .insertNote: return ("notes", NoteRow.columns, true)
            default: return nil
            }
        }

        var sql: String {
            switch self {
            case .insertList, .insertTitle, .insertEpisode, .insertItem, .insertNote:
                let t = insertTarget!
                return StoreSQL.insert(t.table, t.columns, withId: t.withId)
            case .titleExists: return "SELECT 1 FROM titles WHERE id = ?"
            case .episodeExists: return "SELECT 1 FROM episodes WHERE id = ?"
            case .itemExists: return "SELECT 1 FROM list_items WHERE id = ?"
            case .listExists: return "SELECT 1 FROM lists WHERE id = ?"
            case .noteExists: return "SELECT 1 FROM notes WHERE id = ?"
            case .updateTitle: return StoreSQL.update("titles", TitleRow.columns)
            case .updateEpisode: return StoreSQL.update("episodes", EpisodeRow.columns)
            case .updateNote: return StoreSQL.update("notes", NoteRow.columns)
            }
        }

        /// The insert of `rows` rows at once (inserts only).
        func multiRowSQL(_ rows: Int) -> String {
            guard let t = insertTarget else { preconditionFailure("\(self) is not an insert") }
            return StoreSQL.bulkInsert(t.table, t.columns, withId: t.withId, rows: rows)
        }
    }
    private var hot: [RawStatement?] = Array(repeating: nil, count: Hot.allCases.count)

    func statement(_ q: Hot) throws -> RawStatement {
        if let s = hot[q.rawValue] { return s }
        let s = try RawStatement(db, q.sql)
        hot[q.rawValue] = s
        return s
    }

    /// A prepared statement, created once per session and reused for every row.
    func statement(_ sql: String) throws -> RawStatement {
        if let s = statements[sql] { return s }
        let s = try RawStatement(db, sql)
        statements[sql] = s
        return s
    }

    /// Per-entity counts, by ``slot(_:)`` (an array: this is bumped once per row).
    private var tallies = [RestoreTally](repeating: RestoreTally(), count: EntityKind.allCases.count)

    static func slot(_ e: EntityKind) -> Int {
        switch e {
        case .list: return 0
        case .listItem: return 1
        case .title: return 2
        case .episode: return 3
        case .note: return 4
        case .preferences: return 5
        }
    }

    /// The report with the counts filled in.
    func finishedReport() -> RestoreReport {
        var r = report
        for e in EntityKind.allCases {
            r.tallies[e] = tallies[RestoreSession.slot(e)]
        }
        return r
    }

    /// Counts a decision and passes it on when a plan is being written.
    func decide(_ entity: EntityKind, _ action: RestoreAction, conflict: Bool = false, backupId: String?,
                databaseId: String?, key: @autoclosure () -> String, fields: [String] = [], reason: String? = nil) {
        let d = RestoreDecision(entity: entity, action: action, conflict: conflict, backupId: backupId,
                                databaseId: onDecision == nil ? nil : databaseId,
                                key: onDecision == nil ? "" : key(), fields: fields, reason: reason)
        tallies[RestoreSession.slot(entity)].count(d)
        onDecision?(d)
    }

    // MARK: Inserts shared by both strategies

    func insertList(_ l: MediaList) throws {
        var s = try statement(.insertList)
        s.bind(l.id)
        ListRow.bindColumns(&s, l)
        try s.run()
    }

    func insertTitle(_ t: Title) throws {
        var s = try statement(.insertTitle)
        s.bind(t.id)
        TitleRow.bindColumns(&s, t)
        try s.run()
    }

    func insertEpisode(_ e: Episode) throws {
        var s = try statement(.insertEpisode)
        s.bind(e.id)
        EpisodeRow.bindColumns(&s, e)
        try s.run()
    }

    func insertItem(_ i: ListItem, listId: String) throws {
        var s = try statement(.insertItem)
        ListItemRow.bind(&s, i, listId: listId)
        try s.run()
    }

    func insertNote(_ n: Note) throws {
        var s = try statement(.insertNote)
        s.bind(n.id)
        NoteRow.bindColumns(&s, n)
        try s.run()
    }

    func insertPreferences(_ p: UserPreferences) throws {
        var s = try statement("INSERT INTO preferences (seq, id, \(PreferencesRow.columns.joined(separator: ", "))) VALUES (1, ?, \(Array(repeating: "?", count: PreferencesRow.columns.count).joined(separator: ", ")))")
        s.bind(p.id)
        PreferencesRow.bindColumns(&s, p)
        try s.run()
    }

    func setMeta(_ key: String, _ value: String?, onlyIfAbsent: Bool) throws {
        guard let value else { return }
        let s = try statement("INSERT OR \(onlyIfAbsent ? "IGNORE" : "REPLACE") INTO library_meta (key, value) VALUES (?, ?)")
        s.bind(key)
        s.bind(value)
        try s.run()
    }

    func setMeta(_ key: String, _ value: Date?, onlyIfAbsent: Bool) throws {
        guard let value else { return }
        let s = try statement("INSERT OR \(onlyIfAbsent ? "IGNORE" : "REPLACE") INTO library_meta (key, value) VALUES (?, ?)")
        s.bind(key)
        s.bind(value)
        try s.run()
    }

    // MARK: Replace

    /// Clears every table and drops the secondary indexes, ready for ``load(_:)``.
    ///
    /// Bulk load into empty tables: secondary (non-unique) indexes are dropped and rebuilt by
    /// ``endReplace()`` — one sort per index instead of a B-tree insert per row. Same
    /// transaction, so a failure or a kill restores them with everything else.
    func beginReplace() throws {
        try recordDeletes()
        for table in ["notes", "list_items", "episodes", "preferences", "titles", "lists", "library_meta"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
        droppedIndexes = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
            """).map { (name: $0["name"] as String, sql: $0["sql"] as String) }
        for i in droppedIndexes { try db.execute(sql: "DROP INDEX \(i.name)") }
    }

    /// Inserts a batch of encoded rows (``RowBatch``), in order: each table's `seq` follows
    /// its own records' order in the backup, whatever the interleaving of entities.
    ///
    /// Runs of ``multiRows`` rows for the same table go in as one multi-row `INSERT … VALUES
    /// (…), (…)`: SQLite then opens the table's and indexes' cursors once per run instead of
    /// once per row and appends at the cursor it already holds (measured on bench/store.sh:
    /// about a quarter off the restoring thread). The rows keep their order within the
    /// statement, so `seq` is the same as one by one.
    func load(_ batch: RowBatch) throws {
        var cell = 0, decision = 0
        let ops = batch.ops
        try batch.text.withUnsafeBytes { text in
            defer {
                for s in hot { s?.clearBindings() }
                for s in multi { s?.clearBindings() }
            }
            var i = 0
            while i < ops.count {
                switch ops[i] {
                case .row(let q, let entity, let n):
                    var rows = 1
                    while rows < RestoreSession.multiRows, i + rows < ops.count,
                          case .row(let q2, _, let n2) = ops[i + rows], q2 == q, n2 == n { rows += 1 }
                    let s = rows == RestoreSession.multiRows ? try multiStatement(q) : try statement(q)
                    if rows < RestoreSession.multiRows { rows = 1 }
                    for c in cell..<cell + n * rows { s.bind(batch.cells[c], text: text) }
                    cell += n * rows
                    try s.run()
                    if batch.withDecisions {
                        for d in batch.decisions[decision..<decision + rows] {
                            tallies[RestoreSession.slot(entity)].count(d)
                            onDecision?(d)
                        }
                        decision += rows
                    } else {
                        tallies[RestoreSession.slot(entity)].insert += rows
                    }
                    i += rows
                case .record(let r):
                    try load(r)
                    i += 1
                }
            }
        }
    }

    /// Rows per multi-row insert (titles: 32 × 31 columns, well under SQLite's 32,766 variables).
    static let multiRows = 32
    private var multi: [RawStatement?] = Array(repeating: nil, count: Hot.allCases.count)

    /// The ``multiRows``-row form of an insert statement.
    private func multiStatement(_ q: Hot) throws -> RawStatement {
        if let s = multi[q.rawValue] { return s }
        let s = try RawStatement(db, q.multiRowSQL(RestoreSession.multiRows))
        multi[q.rawValue] = s
        return s
    }

    /// The records a ``RowBatch`` leaves to the session.
    private func load(_ record: BackupRecord) throws {
        switch record {
        case .header(let sourceVersion, let exportDate):
            try setMeta(MetaKey.sourceVersion, sourceVersion, onlyIfAbsent: false)
            try setMeta(MetaKey.exportDate, exportDate, onlyIfAbsent: false)
        case .preferences(let p):
            // Inserted last: its default list must be one of the backup's lists.
            pendingPreferences = p
        case .note(let n) where !n.parentType.isKnown:
            report.warnings.append("note \(n.id) has unknown parent type \(quoted(n.parentType.rawValue)); skipped")
            decide(.note, .skip, backupId: n.id, databaseId: nil, key: n.id, reason: "unknown parent type")
        default:
            var b = RowBatch(withDecisions: onDecision != nil)
            b.encode(record)
            try load(b)
        }
    }

    /// Inserts the preferences and rebuilds the indexes ``beginReplace()`` dropped.
    func endReplace() throws {
        if var p = pendingPreferences {
            let exists = try statement(.listExists)
            exists.bind(p.defaultListId)
            if let d = p.defaultListId, try exists.scalarInt() == nil {
                report.warnings.append("preferences name default list \(d), which the backup does not hold; cleared")
                p.defaultListId = nil
            } else {
                exists.reset()
            }
            try insertPreferences(p)
            decide(.preferences, .insert, backupId: p.id, databaseId: p.id, key: p.id)
        }
        for i in droppedIndexes { try db.execute(sql: i.sql) }
        droppedIndexes = []
    }

    /// Replace removes everything: counted (and listed for `--plan`) before the delete.
    private func recordDeletes() throws {
        let tables: [(EntityKind, String)] = [(.list, "lists"), (.title, "titles"), (.episode, "episodes"),
                                              (.listItem, "list_items"), (.note, "notes"), (.preferences, "preferences")]
        for (entity, table) in tables {
            if onDecision == nil {
                let n = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
                tallies[RestoreSession.slot(entity)].delete += n
                continue
            }
            let s = try statement("SELECT id FROM \(table) ORDER BY seq")
            defer { s.reset() }
            while try s.step() {
                let id = s.string(0)
                decide(entity, .delete, backupId: nil, databaseId: id, key: id ?? "")
            }
        }
    }

    // MARK: Invariants

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

    /// Every title belongs to at least one list (seeds/003 §1.4): a title in none is put in
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
            try insertItem(ListItem(id: idFree ? itemId : nil, titleId: titleId, orderIndex: next, dateAdded: options.now), listId: listId)
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
        try insertList(list)
        report.createdDefaultList = id
        decide(.list, .insert, backupId: nil, databaseId: id, key: list.name,
               reason: "no default list existed for titles that belonged to no list")
        return id
    }
}

/// Keys of the `library_meta` table.
enum MetaKey {
    static let sourceVersion = "source_version"
    static let exportDate = "export_date"
}
