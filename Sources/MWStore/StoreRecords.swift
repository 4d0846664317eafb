import Foundation
import MWCore

// Column lists and the binding / reading of each entity, shared by restore, merge and archive
// so that the three agree on every column; all of it from the field descriptions (MWCore's
// `TitleField` …, ``FieldTable/storeOrder``). Each `columns` list excludes `id`: inserts bind
// `id` first, updates bind it last (`WHERE id = ?`), reads select it first.

enum TitleRow {
    static let fields = StoreColumns.fields(TitleField.self)
    static let columns = StoreColumns.names(fields)

    static func bindColumns(_ s: inout some ColumnSink, _ t: Title) { s.bind(fields, of: t) }

    /// Reads a row selected as `id, <columns>` starting at column `c`.
    static func read(_ s: RawStatement, at c: Int32 = 0) throws -> Title {
        var src = RowSource(s, at: c)
        let t = src.record(fields)
        if let bad = src.badGenres {
            throw MWError.failed("title \(t.id): genres column is not a JSON array of strings: \(quoted(bad))")
        }
        return t
    }
}

enum EpisodeRow {
    static let fields = StoreColumns.fields(EpisodeField.self)
    static let columns = StoreColumns.names(fields)

    static func bindColumns(_ s: inout some ColumnSink, _ e: Episode) { s.bind(fields, of: e) }

    static func read(_ s: RawStatement, at c: Int32 = 0) -> Episode {
        var src = RowSource(s, at: c)
        return src.record(fields)
    }
}

enum ListRow {
    static let fields = StoreColumns.fields(ListField.self)
    static let columns = StoreColumns.names(fields)

    static func bindColumns(_ s: inout some ColumnSink, _ l: MediaList) { s.bind(fields, of: l) }

    /// A list without its items.
    static func read(_ s: RawStatement, at c: Int32 = 0) -> MediaList {
        var src = RowSource(s, at: c)
        return src.record(fields)
    }
}

enum ListItemRow {
    static let fields = StoreColumns.fields(ListItemField.self)
    /// All columns: `id` (nullable for items read from v1), the `list_id` the item belongs to, the rest.
    static let columns = ["id", "list_id"] + StoreColumns.names(fields)

    static func bind(_ s: inout some ColumnSink, _ i: ListItem, listId: String) {
        s.bind(i.id)
        s.bind(listId)
        s.bind(fields, of: i)
    }

    /// Reads `columns` from column `c`; returns the item and its list id.
    static func read(_ s: RawStatement, at c: Int32 = 0) -> (item: ListItem, listId: String) {
        var src = RowSource(s, at: c)
        var i = ListItemField.blank
        ListItemField.id.set(&i, from: &src)
        let listId = s.string(src.next()) ?? ""
        src.read(fields, into: &i)
        return (i, listId)
    }
}

enum NoteRow {
    static let fields = StoreColumns.fields(NoteField.self)
    /// The parent's two columns (one of them set), then the rest.
    static let parentColumns: (title: String, episode: String) = {
        guard case .parentId(let t, let e)? = NoteField.parentId.spec.column else { preconditionFailure("a note's parentId has two columns") }
        return (t.description, e.description)
    }()
    static let columns = [parentColumns.title, parentColumns.episode] + StoreColumns.names(fields)

    static func bindColumns(_ s: inout some ColumnSink, _ n: Note) {
        s.bind(n.parentType == .title ? n.parentId : nil)
        s.bind(n.parentType == .title ? nil : n.parentId)
        s.bind(fields, of: n)
    }

    static func read(_ s: RawStatement, at c: Int32 = 0) -> Note {
        var src = RowSource(s, at: c)
        var n = NoteField.blank
        NoteField.id.set(&n, from: &src)
        let titleId = s.string(src.next())
        let episodeId = s.string(src.next())
        n.parentId = titleId ?? episodeId ?? ""
        n.parentType = titleId != nil ? .title : .episode
        src.read(fields, into: &n)
        return n
    }
}

enum PreferencesRow {
    static let fields = StoreColumns.fields(PreferencesField.self)
    static let columns = StoreColumns.names(fields)

    static func bindColumns(_ s: inout some ColumnSink, _ p: UserPreferences) { s.bind(fields, of: p) }

    static func read(_ s: RawStatement, at c: Int32 = 0) -> UserPreferences {
        var src = RowSource(s, at: c)
        return src.record(fields)
    }
}

/// An entity's columns as its field descriptions lay them out.
enum StoreColumns {
    /// The fields with a column of their own, in column order, `id` aside.
    static func fields<F: EntityField>(_: F.Type) -> [F] {
        F.table.storeOrder.filter { f in
            guard f != F.id, case .named? = f.spec.column else { return false }
            return true
        }
    }

    static func names<F: EntityField>(_ fields: [F]) -> [String] {
        fields.map { f in
            guard case .named(let name)? = f.spec.column else { preconditionFailure("\(f.name) has no column") }
            return name.description
        }
    }
}

extension ColumnSink {
    /// Binds `fields` of `record`, in order.
    mutating func bind<F: EntityField>(_ fields: [F], of record: F.Record) {
        for f in fields { f.get(record, into: &self) }
    }
}
