import Foundation

/// The fields of one entity of the model, each described once: a case per field whose
/// ``spec`` says what it is, plus one switch that gets a field's value from a record
/// (``get(_:into:)``) and one that sets it on a record being built (``set(_:_:stripped:from:)``).
///
/// Readers, writers, the library database and merge are written once against this, generic
/// over the entity, and specialised per entity by the compiler: no value is boxed or reached
/// through a key path on the hot paths (reading, writing, binding rows).
///
/// Cases are in v2's key order (docs/FORMAT.md), which is also the database's column order;
/// a case's raw value is its field number in the readers' key tables and ``Validator`` masks.
public protocol EntityField: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == Int, AllCases == [Self] {
    /// The model type (``Title``, ``Episode``, …).
    associatedtype Record
    /// A title's or episode's TMDb metadata, set apart while the record's fields are set one
    /// by one (it may turn out stripped); nothing for the other entities.
    associatedtype Metadata = Void

    /// The entity, as diagnostics and plans name it.
    static var entity: EntityKind { get }
    /// The record's own id (every entity has one; the library database reads it first).
    static var id: Self { get }
    /// The description of this field.
    var spec: FieldSpec { get }
    /// Hands this field's value in `record` to `visitor`.
    func get<V: FieldVisitor>(_ record: Record, into visitor: inout V)
    /// Sets this field of `record` (or of its `metadata`, or the `stripped` marker) from
    /// `source`; a value the source cannot give leaves it as it was.
    /// ``finish(_:metadata:stripped:)`` puts the record together once every field is set.
    func set<S: FieldSource>(_ record: inout Record, _ metadata: inout Metadata, stripped: inout Bool,
                             from source: inout S) throws(S.Failure)

    /// A record with nothing read yet: the values absent keys leave (empty, zero, the model's defaults).
    static var blank: Record { get }
    /// Metadata with nothing read yet.
    static var blankMetadata: Metadata { get }
    /// A record's metadata (blank when it has none) and whether it is stripped, to set fields of
    /// a record that exists.
    static func metadata(of record: Record) -> (Metadata, stripped: Bool)
    /// The record with its metadata, or without any when stripped.
    static func finish(_ record: inout Record, metadata: consuming Metadata, stripped: Bool)
    /// The order a stripped record's stray TMDb keys are named in its diagnostic.
    static var strayMetadataOrder: [Self] { get }
    /// The tables derived from the descriptions, built once.
    static var table: FieldTable<Self> { get }
}

extension EntityField where Metadata == Void {
    @inlinable public static var blankMetadata: Void { () }
    @inlinable public static func metadata(of record: Record) -> (Void, stripped: Bool) { ((), false) }
    @inlinable public static func finish(_ record: inout Record, metadata: consuming Void, stripped: Bool) {}
}

extension EntityField {
    public static var strayMetadataOrder: [Self] { allCases.filter { $0.spec.origin == .tmdb } }

    /// The JSON key as a `String` (for diagnostics; writers use `spec.key`).
    public var name: String { Self.table.names[rawValue] }
    /// The field's bit in a mask of fields (``KeyTable``, ``Validator`` origins).
    @inlinable public var bit: UInt64 { 1 << UInt64(rawValue) }
}

/// Receives field values from ``EntityField/get(_:into:)``, one call per field, typed by the
/// model's value (writers, the database's row binders, comparisons). Optional overloads
/// only: a required value arrives wrapped, an absent optional (or stripped metadata) as nil.
public protocol FieldVisitor {
    mutating func visit<F: EntityField>(_ field: F, _ value: String?)
    mutating func visit<F: EntityField>(_ field: F, _ value: Int?)
    mutating func visit<F: EntityField>(_ field: F, _ value: Int64?)
    mutating func visit<F: EntityField>(_ field: F, _ value: Double?)
    mutating func visit<F: EntityField>(_ field: F, _ value: Bool?)
    mutating func visit<F: EntityField>(_ field: F, _ value: Date?)
    mutating func visit<F: EntityField>(_ field: F, _ value: [String]?)
    /// The stripped marker: whether the record's TMDb metadata is absent.
    mutating func visit<F: EntityField>(_ field: F, stripped: Bool)
    /// A list's items (v1 `titleIds`, v2 `items`).
    mutating func visit<F: EntityField>(_ field: F, items: [ListItem])
    /// A record's original ratings (formatVersion 3; empty when there are none).
    mutating func visit<F: EntityField>(_ field: F, ratings: [OriginalRating])
    /// A record's viewings (formatVersion 3; empty when there are none).
    mutating func visit<F: EntityField>(_ field: F, viewings: [Viewing])
    /// A record's sources (formatVersion 3; empty when there are none).
    mutating func visit<F: EntityField>(_ field: F, sources: [RecordSource])
}

/// Gives field values to ``EntityField/set(_:from:)``, typed by the model's value (the JSON
/// reader, the database's row reader, v1's field dropping). Each method leaves `value` as it
/// was when the source has none for the field.
public protocol FieldSource {
    /// `Never` for sources that cannot fail.
    associatedtype Failure: Error
    mutating func read<F: EntityField>(_ field: F, into value: inout String) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout String?) throws(Failure)
    /// `unreadable`: the value to take when the key is there but its value is not an integer.
    mutating func read<F: EntityField>(_ field: F, into value: inout Int, unreadable: Int?) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Int?) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Int64) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Int64?) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Double?) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Bool) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Bool?) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Date) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout Date?) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, into value: inout [String]) throws(Failure)
    /// A string-backed value (``MediaType``, ``NoteParentType``).
    mutating func read<F: EntityField, T: RawRepresentable>(_ field: F, into value: inout T) throws(Failure) where T.RawValue == String
    mutating func read<F: EntityField>(_ field: F, stripped: inout Bool) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, items: inout [ListItem]) throws(Failure)
    /// The formatVersion 3 arrays. Each has a default that leaves the value as it was, for
    /// sources that never set these fields: the shipped `v2-to-v1` step's, which clears only
    /// ``FieldTable/notInV1`` (formatVersion 3 values are gone before it runs, `v3-to-v2`).
    mutating func read<F: EntityField>(_ field: F, ratings: inout [OriginalRating]) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, viewings: inout [Viewing]) throws(Failure)
    mutating func read<F: EntityField>(_ field: F, sources: inout [RecordSource]) throws(Failure)
}

extension FieldSource {
    public mutating func read<F: EntityField>(_ field: F, ratings: inout [OriginalRating]) throws(Failure) {}
    public mutating func read<F: EntityField>(_ field: F, viewings: inout [Viewing]) throws(Failure) {}
    public mutating func read<F: EntityField>(_ field: F, sources: inout [RecordSource]) throws(Failure) {}

    @inlinable
    public mutating func read<F: EntityField>(_ field: F, into value: inout Int) throws(Failure) {
        try read(field, into: &value, unreadable: nil)
    }
}
