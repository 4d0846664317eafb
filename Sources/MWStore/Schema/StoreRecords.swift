import Foundation
import MWCore

// Column lists and the binding / reading of each entity, shared by restore, merge and archive
// so that the three agree on every column; all of it from the field descriptions (MWCore's
// `TitleField` …, ``FieldTable/storeOrder``). Each `columns` list excludes `id`: inserts bind
// `id` first, updates bind it last (`WHERE id = ?`), reads select it first.

enum TitleRow: RowBinding {
    static var columns: [String] { StoreColumns.names(TitleField.self) }

    static func bindColumns(_ s: inout some ColumnSink, _ t: Title) { s.bind(TitleField.table.columnFields, of: t) }

    /// Reads a row selected as `id, <columns>` starting at column `c`.
    static func read(_ s: RawStatement, at c: Int32 = 0) throws -> Title {
        var src = RowSource(s, at: c)
        let t = src.record(TitleField.table.columnFields)
        if let bad = src.badGenres {
            throw MWError.failed("title \(t.id): genres column is not a JSON array of strings: \(quoted(bad))")
        }
        return t
    }
}

/// The row of an entity whose fields each have a column of their own.
enum StoreRow<F: EntityField>: RowBinding {
    static var columns: [String] { StoreColumns.names(F.self) }

    static func bindColumns(_ s: inout some ColumnSink, _ r: F.Record) { s.bind(F.table.columnFields, of: r) }

    /// Reads a row selected as `id, <columns>` starting at column `c`.
    static func read(_ s: RawStatement, at c: Int32 = 0) -> F.Record {
        var src = RowSource(s, at: c)
        return src.record(F.table.columnFields)
    }
}

typealias EpisodeRow = StoreRow<EpisodeField>
/// Lists are read without their items (a table of their own, ``ListItemRow``).
typealias ListRow = StoreRow<ListField>
typealias PreferencesRow = StoreRow<PreferencesField>

enum ListItemRow: RowBinding {
    /// All columns: `id` (nullable for items read from v1), the `list_id` the item belongs to, the rest.
    static var columns: [String] { ["id", "list_id"] + StoreColumns.names(ListItemField.self) }

    static func bindColumns(_ s: inout some ColumnSink, _ m: ListMembership) {
        s.bind(m.item.id)
        s.bind(m.listId)
        s.bind(ListItemField.table.columnFields, of: m.item)
    }

    /// Reads `columns` from column `c`; returns the item and its list id.
    static func read(_ s: RawStatement, at c: Int32 = 0) -> (item: ListItem, listId: String) {
        var src = RowSource(s, at: c)
        var i = ListItemField.blank
        src.readId(into: &i, ListItemField.self)
        let listId = s.string(src.next()) ?? ""
        src.read(ListItemField.table.columnFields, into: &i)
        return (i, listId)
    }
}

enum NoteRow: RowBinding {
    /// The parent's two columns (one of them set), then the rest.
    static var columns: [String] {
        guard case .parentId(let t, let e)? = NoteField.parentId.spec.column else { preconditionFailure("a note's parentId has two columns") }
        return [t.description, e.description] + StoreColumns.names(NoteField.self)
    }

    static func bindColumns(_ s: inout some ColumnSink, _ n: Note) {
        s.bind(n.parentType == .title ? n.parentId : nil)
        s.bind(n.parentType == .title ? nil : n.parentId)
        s.bind(NoteField.table.columnFields, of: n)
    }

    static func read(_ s: RawStatement, at c: Int32 = 0) -> Note {
        var src = RowSource(s, at: c)
        var n = NoteField.blank
        src.readId(into: &n, NoteField.self)
        let titleId = s.string(src.next())
        let episodeId = s.string(src.next())
        n.parentId = titleId ?? episodeId ?? ""
        n.parentType = titleId != nil ? .title : .episode
        src.read(NoteField.table.columnFields, into: &n)
        return n
    }
}

enum StoreColumns {
    /// The names of `F`'s own columns, in order, `id` aside.
    static func names<F: EntityField>(_: F.Type) -> [String] {
        F.table.columnFields.map { f in
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
