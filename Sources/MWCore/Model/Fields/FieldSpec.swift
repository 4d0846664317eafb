/// What the model knows about one field of an entity: everything the readers, writers, the
/// validator's structural checks and the library database need, so each is said once
/// (see ``EntityField``; the tables are in TitleFields.swift and its siblings).
public struct FieldSpec: Sendable {
    /// The JSON key (v1 and v2 use the same name wherever both hold the field).
    public let key: StaticString
    /// The value's JSON type and, for integers, its range.
    public let kind: ValueKind
    /// Whether a record must carry it.
    public let presence: Presence
    /// TMDb-derived (what `strip` removes) or the user's.
    public let origin: FieldOrigin
    /// How v1 (`ExportData`) holds it; nil when v1 cannot (`migrate --to 1` drops it).
    public let v1: V1Form?
    /// Whether v2 holds it (every field but v1's `titleIds`, which v2 spells as `items`).
    public let inV2: Bool
    /// The first v2 `formatVersion` that holds it: 2 (shipped), or 3 for the provenance values
    /// (docs/FORMAT.md#formatversion-3). A reader of an older version refuses its key as unknown;
    /// the step down (`v3-to-v2`) drops it and reports how many records had it.
    public let since: Int
    /// Its place in the library database; nil when it has none in the entity's own table.
    public let column: StoreColumn?

    @inlinable
    public init(_ key: StaticString, _ kind: ValueKind, _ presence: Presence, _ origin: FieldOrigin,
                v1: V1Form?, inV2: Bool = true, since: Int = 2, column: StoreColumn?) {
        self.key = key
        self.kind = kind
        self.presence = presence
        self.origin = origin
        self.v1 = v1
        self.inV2 = inV2
        self.since = since
        self.column = column
    }
}

/// The JSON type of a field's value.
public enum ValueKind: Sendable, Equatable {
    /// A string the rules inspect (ids, names, codes, paths).
    case string
    /// Free text no rule inspects: a validating read checks it without decoding it.
    case text
    /// Integers of the app's Core Data model, by width (a value outside is `schema-range`).
    case int16, int32, int64
    case double
    case bool
    /// v1: seconds since 2001-01-01 (or an ISO 8601 string); v2: an RFC 3339 string.
    case date
    /// An array of strings.
    case strings
    /// formatVersion 3: an array of distinct strings (a title's tags, in first-seen order).
    case tags
    /// v2's `"stripped": true` marker: the record's TMDb metadata is absent.
    case stripped
    /// v1: a list's members as an array of title ids, in order.
    case titleIds
    /// v2: a list's members as an array of ``ListItem`` objects.
    case items
    /// formatVersion 3: an array of ``OriginalRating`` objects (at most one per source and date).
    case ratings
    /// formatVersion 3: an array of ``Viewing`` objects (no two alike).
    case viewings
    /// formatVersion 3: an array of ``RecordSource`` objects (no two alike).
    case sources

    /// The range an integer of this kind must lie in.
    public var range: ClosedRange<Int64> {
        switch self {
        case .int32: return Int64(Int32.min)...Int64(Int32.max)
        case .int64: return Int64.min...Int64.max
        default: return Int64(Int16.min)...Int64(Int16.max)
        }
    }
}

/// Whether a record must carry the key.
public enum Presence: Sendable, Equatable {
    case required
    /// Required unless the record is stripped (then it must be absent: TMDb metadata).
    case requiredUnlessStripped
    /// May be absent; an absent value is unknown (`nil`), never invented.
    case optional
}

/// Where a field's value comes from.
public enum FieldOrigin: Sendable, Equatable {
    /// Derivable from TMDb: what `strip` removes and a stripped record must not carry.
    case tmdb
    /// Everything `strip` keeps: ids, external keys and the user's own data.
    case user
}

/// How v1 holds a field.
public enum V1Form: Sendable, Equatable {
    /// A key of the v1 object, at this position in the app's key order: its `JSONEncoder`
    /// writes keys in declaration order, and mwkit's v1 output must match it byte for byte.
    case key(Int)
    /// Carried by the list's `titleIds`: a list item's title id, and its order as the position.
    case titleIdsEntry
}

/// A field's place in the library database (docs/DATABASE.md).
public enum StoreColumn: Sendable, ExpressibleByStringLiteral {
    /// A column of the entity's table (snake_case).
    case named(StaticString)
    /// A note's `parentId`: in `titleColumn` or `episodeColumn`, as its `parentType` says
    /// (one parent by construction, docs/SPEC.md#note).
    case parentId(titleColumn: StaticString, episodeColumn: StaticString)
    /// A note's `parentType`: which of the `parentId` columns is set; no column of its own.
    case parentType
    /// Rows of a table of its own that point back at the record (provenance arrays): not a
    /// column, compared and merged by MWStore's provenance code rather than the column diff.
    case rows(StaticString)

    public init(stringLiteral value: StaticString) { self = .named(value) }
}
