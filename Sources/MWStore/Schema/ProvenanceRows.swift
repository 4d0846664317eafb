import Foundation
import MWCore

/// The provenance tables of schema `v3-provenance` (docs/DATABASE.md): rows that belong to one
/// record each — a title's or episode's original ratings and viewings, a title's tags, and the
/// record sources of a list, title, episode or note.
public enum ProvenanceKind: String, CaseIterable, Sendable, Codable {
    case rating, viewing, tag, source

    /// The table.
    var table: String {
        switch self {
        case .rating: return "ratings"
        case .viewing: return "viewings"
        case .tag: return "tags"
        case .source: return "record_sources"
        }
    }

    /// The value columns, in the order rows are bound and read (the owner's column aside).
    var columns: [String] {
        switch self {
        case .rating: return ["source", "value", "scale", "date", "date_precision"]
        case .viewing: return ["date", "precision", "rewatch", "source"]
        case .tag: return ["tag"]
        case .source: return ["service", "file", "row_no", "uri"]
        }
    }

    /// The entities whose records own rows of this kind.
    var owners: [EntityKind] {
        switch self {
        case .rating, .viewing: return [.title, .episode]
        case .tag: return [.title]
        case .source: return [.list, .title, .episode, .note]
        }
    }

    var slot: Int {
        switch self {
        case .rating: return 0
        case .viewing: return 1
        case .tag: return 2
        case .source: return 3
        }
    }
}

/// One table and owner: where a provenance row goes (`ratings` of a title, …).
struct ProvenanceTarget: Hashable {
    var kind: ProvenanceKind
    var owner: EntityKind

    /// The owner's column in the kind's table.
    var ownerColumn: String {
        switch owner {
        case .list: return "list_id"
        case .title: return "title_id"
        case .episode: return "episode_id"
        default: return "note_id"
        }
    }

    /// A dense index for the statement cache (kind × owner).
    var slot: Int { kind.slot * 4 + ownerSlot }
    static let slots = 16

    private var ownerSlot: Int {
        switch owner {
        case .list: return 0
        case .title: return 1
        case .episode: return 2
        default: return 3
        }
    }

    var insertSQL: String { StoreSQL.insert(kind.table, [ownerColumn] + kind.columns, withId: false) }

    /// The rows of one owner, in order.
    var selectSQL: String { "SELECT \(kind.columns.joined(separator: ", ")) FROM \(kind.table) WHERE \(ownerColumn) = ? ORDER BY seq" }
}

/// A record's provenance values, as its rows hold them.
struct ProvenanceValues: Equatable {
    var ratings: [OriginalRating] = []
    var viewings: [Viewing] = []
    var tags: [String] = []
    var sources: [RecordSource] = []

    var isEmpty: Bool { ratings.isEmpty && viewings.isEmpty && tags.isEmpty && sources.isEmpty }

    init() {}
    init(_ t: Title) { (ratings, viewings, tags, sources) = (t.ratings, t.viewings, t.tags, t.sources) }
    init(_ e: Episode) { (ratings, viewings, sources) = (e.ratings, e.viewings, e.sources) }
    init(sources: [RecordSource]) { self.sources = sources }

    /// How many rows of `kind`.
    func count(_ kind: ProvenanceKind) -> Int {
        switch kind {
        case .rating: return ratings.count
        case .viewing: return viewings.count
        case .tag: return tags.count
        case .source: return sources.count
        }
    }
}

// MARK: Binding and reading rows (column order of ProvenanceKind.columns)

extension ColumnSink {
    mutating func bindRow(_ r: OriginalRating) {
        bind(r.source); bind(r.value); bind(r.scale); bind(r.date); bind(r.datePrecision?.rawValue)
    }

    mutating func bindRow(_ v: Viewing) {
        bind(v.date); bind(v.precision.rawValue); bind(v.rewatch); bind(v.source)
    }

    mutating func bindRow(_ s: RecordSource) {
        bind(s.service); bind(s.file); bind(s.row); bind(s.uri)
    }

    /// Binds the owner's id, then every row of `values` of `kind` by `each` (one call a row).
    mutating func bindRows(_ kind: ProvenanceKind, of values: ProvenanceValues, owner id: String, each: (inout Self) throws -> Void) rethrows {
        switch kind {
        case .rating: for r in values.ratings { bind(id); bindRow(r); try each(&self) }
        case .viewing: for v in values.viewings { bind(id); bindRow(v); try each(&self) }
        case .tag: for t in values.tags { bind(id); bind(t); try each(&self) }
        case .source: for s in values.sources { bind(id); bindRow(s); try each(&self) }
        }
    }
}

enum ProvenanceRowReader {
    /// Reads the row at `c` (its value columns) of `kind` into `values`. A precision the
    /// schema's CHECK would have refused reads as instant.
    static func append(_ kind: ProvenanceKind, _ s: RawStatement, at c: Int32, to values: inout ProvenanceValues) {
        switch kind {
        case .rating:
            values.ratings.append(OriginalRating(source: s.string(c) ?? "", value: s.double(c + 1) ?? 0, scale: s.double(c + 2) ?? 0,
                                                 date: s.date(c + 3), datePrecision: s.string(c + 4).flatMap(DatePrecision.init(rawValue:))))
        case .viewing:
            values.viewings.append(Viewing(date: s.date(c), precision: s.string(c + 1).flatMap(DatePrecision.init(rawValue:)) ?? .instant,
                                           rewatch: s.bool(c + 2) ?? false, source: s.string(c + 3)))
        case .tag:
            values.tags.append(s.string(c) ?? "")
        case .source:
            values.sources.append(RecordSource(service: s.string(c) ?? "", file: s.string(c + 1), row: s.int(c + 2), uri: s.string(c + 3)))
        }
    }
}

extension Title {
    mutating func setProvenance(_ v: ProvenanceValues) { (ratings, viewings, tags, sources) = (v.ratings, v.viewings, v.tags, v.sources) }
}

extension Episode {
    mutating func setProvenance(_ v: ProvenanceValues) { (ratings, viewings, sources) = (v.ratings, v.viewings, v.sources) }
}
