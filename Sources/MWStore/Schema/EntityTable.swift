import Foundation
import MWCore

/// One entity's table as restore writes it: its name, its columns and how a record fills them
/// (the `XRow` types of StoreRecords.swift), its id and its natural key. Replace, merge and the
/// invariant checks insert and update every entity through this one description.
protocol EntityTable {
    /// The model value a row holds (MWCore's `Title`, …).
    associatedtype Record
    /// How a record fills the table's columns.
    associatedtype Row: RowBinding where Row.Record == Record
    static var entity: EntityKind { get }
    /// The table's name.
    static var name: String { get }
    /// The columns ``bindColumns(_:_:)`` fills, in order; without `id` unless ``hasId`` is false.
    static var columns: [String] { get }
    /// Whether a row is bound as `id` then ``columns`` (false: `id` is one of the columns).
    static var hasId: Bool { get }
    /// The statement inserting one row bound by ``bindRow(_:_:)``.
    static var insertSQL: String { get }
    /// Fills ``columns`` from a record (the ``Row``'s binding).
    static func bindColumns(_ s: inout some ColumnSink, _ r: Record)
    /// The record's id (nil for a list item without one).
    static func id(_ r: Record) -> String?
    /// The natural key a decision names, e.g. `movie:603`, `<showId>:S01E02`.
    static func key(_ r: Record) -> String
}

/// The columns of a table and how a record fills them (the `XRow` types of StoreRecords.swift).
protocol RowBinding {
    associatedtype Record
    static var columns: [String] { get }
    static func bindColumns(_ s: inout some ColumnSink, _ r: Record)
}

/// A record with an id of its own: every entity but a list item, whose id is optional.
protocol StoredRecord {
    var id: String { get }
}

extension MediaList: StoredRecord {}
extension Title: StoredRecord {}
extension Episode: StoredRecord {}
extension Note: StoredRecord {}
extension UserPreferences: StoredRecord {}

extension EntityTable {
    static var hasId: Bool { true }
    static var insertSQL: String { StoreSQL.insert(name, columns, withId: hasId) }
    static var columns: [String] { Row.columns }

    @inline(__always)
    static func bindColumns(_ s: inout some ColumnSink, _ r: Record) { Row.bindColumns(&s, r) }

    /// Binds a whole row for ``insertSQL`` (and its multi-row form).
    @inline(__always)
    static func bindRow(_ s: inout some ColumnSink, _ r: Record) {
        if hasId { s.bind(id(r)) }
        bindColumns(&s, r)
    }
}

extension EntityTable where Record: StoredRecord {
    static func id(_ r: Record) -> String? { r.id }
}

enum ListTable: EntityTable {
    typealias Row = ListRow
    static var entity: EntityKind { .list }
    static var name: String { "lists" }
    static func key(_ l: MediaList) -> String { l.name }
}

enum TitleTable: EntityTable {
    typealias Row = TitleRow
    static var entity: EntityKind { .title }
    static var name: String { "titles" }
    static func key(_ t: Title) -> String { "\(t.mediaType.rawValue):\(t.tmdbId)" }
}

enum EpisodeTable: EntityTable {
    typealias Row = EpisodeRow
    static var entity: EntityKind { .episode }
    static var name: String { "episodes" }
    static func key(_ e: Episode) -> String { "\(e.showId):\(e.episodeCode)" }
}

/// A list item with the list it belongs to: a row of `list_items`.
struct ListMembership: Equatable {
    var listId: String
    var item: ListItem
}

enum ListItemTable: EntityTable {
    typealias Row = ListItemRow
    static var entity: EntityKind { .listItem }
    static var name: String { "list_items" }
    static var hasId: Bool { false }
    static func id(_ m: ListMembership) -> String? { m.item.id }
    static func key(_ m: ListMembership) -> String { "\(m.listId):\(m.item.titleId)" }
}

enum NoteTable: EntityTable {
    typealias Row = NoteRow
    static var entity: EntityKind { .note }
    static var name: String { "notes" }
    static func key(_ n: Note) -> String { "\(n.parentType.rawValue):\(n.parentId)" }
}

enum PreferencesTable: EntityTable {
    typealias Row = PreferencesRow
    static var entity: EntityKind { .preferences }
    static var name: String { "preferences" }
    /// The singleton's row is always `seq` 1 (the table's CHECK).
    static var insertSQL: String {
        "INSERT INTO preferences (seq, id, \(columns.joined(separator: ", "))) VALUES (1, ?, \(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
    }
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
