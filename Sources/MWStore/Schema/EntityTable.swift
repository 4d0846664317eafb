import Foundation
import MWCore

/// One entity's table as restore writes it: its name, its columns and how a record fills them
/// (the `XRow` types of StoreRecords.swift), its id and its natural key. Replace, merge and the
/// invariant checks insert and update every entity through this one description.
protocol EntityTable {
    /// The model value a row holds (MWCore's `Title`, …).
    associatedtype Record
    static var entity: EntityKind { get }
    /// The table's name.
    static var name: String { get }
    /// The columns ``bindColumns(_:_:)`` fills, in order; without `id` unless ``hasId`` is false.
    static var columns: [String] { get }
    /// Whether a row is bound as `id` then ``columns`` (false: `id` is one of the columns).
    static var hasId: Bool { get }
    /// The statement inserting one row bound by ``bindRow(_:_:)``.
    static var insertSQL: String { get }
    static func bindColumns(_ s: inout some ColumnSink, _ r: Record)
    /// The record's id (nil for a list item without one).
    static func id(_ r: Record) -> String?
    /// The natural key a decision names, e.g. `movie:603`, `<showId>:S01E02`.
    static func key(_ r: Record) -> String
}

extension EntityTable {
    static var hasId: Bool { true }
    static var insertSQL: String { StoreSQL.insert(name, columns, withId: hasId) }

    /// Binds a whole row for ``insertSQL`` (and its multi-row form).
    @inline(__always)
    static func bindRow(_ s: inout some ColumnSink, _ r: Record) {
        if hasId { s.bind(id(r)) }
        bindColumns(&s, r)
    }
}

enum ListTable: EntityTable {
    static var entity: EntityKind { .list }
    static var name: String { "lists" }
    static var columns: [String] { ListRow.columns }
    static func bindColumns(_ s: inout some ColumnSink, _ l: MediaList) { ListRow.bindColumns(&s, l) }
    static func id(_ l: MediaList) -> String? { l.id }
    static func key(_ l: MediaList) -> String { l.name }
}

enum TitleTable: EntityTable {
    static var entity: EntityKind { .title }
    static var name: String { "titles" }
    static var columns: [String] { TitleRow.columns }
    static func bindColumns(_ s: inout some ColumnSink, _ t: Title) { TitleRow.bindColumns(&s, t) }
    static func id(_ t: Title) -> String? { t.id }
    static func key(_ t: Title) -> String { "\(t.mediaType.rawValue):\(t.tmdbId)" }
}

enum EpisodeTable: EntityTable {
    static var entity: EntityKind { .episode }
    static var name: String { "episodes" }
    static var columns: [String] { EpisodeRow.columns }
    static func bindColumns(_ s: inout some ColumnSink, _ e: Episode) { EpisodeRow.bindColumns(&s, e) }
    static func id(_ e: Episode) -> String? { e.id }
    static func key(_ e: Episode) -> String { "\(e.showId):\(e.episodeCode)" }
}

/// A list item with the list it belongs to: a row of `list_items`.
struct ListMembership: Equatable {
    var listId: String
    var item: ListItem
}

enum ListItemTable: EntityTable {
    static var entity: EntityKind { .listItem }
    static var name: String { "list_items" }
    static var columns: [String] { ListItemRow.columns }
    static var hasId: Bool { false }
    static func bindColumns(_ s: inout some ColumnSink, _ m: ListMembership) { ListItemRow.bind(&s, m.item, listId: m.listId) }
    static func id(_ m: ListMembership) -> String? { m.item.id }
    static func key(_ m: ListMembership) -> String { "\(m.listId):\(m.item.titleId)" }
}

enum NoteTable: EntityTable {
    static var entity: EntityKind { .note }
    static var name: String { "notes" }
    static var columns: [String] { NoteRow.columns }
    static func bindColumns(_ s: inout some ColumnSink, _ n: Note) { NoteRow.bindColumns(&s, n) }
    static func id(_ n: Note) -> String? { n.id }
    static func key(_ n: Note) -> String { "\(n.parentType.rawValue):\(n.parentId)" }
}

enum PreferencesTable: EntityTable {
    static var entity: EntityKind { .preferences }
    static var name: String { "preferences" }
    static var columns: [String] { PreferencesRow.columns }
    /// The singleton's row is always `seq` 1 (the table's CHECK).
    static var insertSQL: String {
        "INSERT INTO preferences (seq, id, \(columns.joined(separator: ", "))) VALUES (1, ?, \(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
    }
    static func bindColumns(_ s: inout some ColumnSink, _ p: UserPreferences) { PreferencesRow.bindColumns(&s, p) }
    static func id(_ p: UserPreferences) -> String? { p.id }
    static func key(_ p: UserPreferences) -> String { p.id }
}

extension EntityKind {
    /// The entity's table.
    var table: any EntityTable.Type {
        switch self {
        case .list: return ListTable.self
        case .listItem: return ListItemTable.self
        case .title: return TitleTable.self
        case .episode: return EpisodeTable.self
        case .note: return NoteTable.self
        case .preferences: return PreferencesTable.self
        }
    }

    /// A dense index for per-entity arrays (looked up once per row, cheaper than a dictionary).
    var slot: Int {
        switch self {
        case .list: return 0
        case .listItem: return 1
        case .title: return 2
        case .episode: return 3
        case .note: return 4
        case .preferences: return 5
        }
    }
}
