import Foundation
import MWCore

/// Where a record's column values go, in column order: straight into a prepared statement
/// (``RawStatement``) or into a ``RowBatch`` to be bound later, on another thread. Every sink
/// is a ``FieldVisitor``, so a record's fields are bound from their descriptions
/// (StoreRecords.swift): each value as its column stores it.
///
/// Mutating requirements, so that ``RowBatch`` can be a struct: appending to a class's arrays
/// costs a dynamic exclusivity check per value, which showed up as 4% of a restore's profile.
protocol ColumnSink: FieldVisitor {
    mutating func bind(_ v: String?)
    mutating func bind(_ v: Int?)
    mutating func bind(_ v: Int64?)
    mutating func bind(_ v: Bool?)
    mutating func bind(_ v: Double?)
}

extension ColumnSink {
    mutating func bind(_ v: Date?) { bind(v.map(StoreDate.encode)) }

    mutating func visit<F: EntityField>(_ f: F, _ v: String?) { bind(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int?) { bind(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int64?) { bind(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Double?) { bind(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Bool?) { bind(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Date?) { bind(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: [String]?) { bind(v.map(GenresCodec.encode)) }
    mutating func visit<F: EntityField>(_ f: F, stripped: Bool) { bind(stripped) }
    /// A list's items are rows of their own table, never a column; so are the provenance
    /// values (ProvenanceRows.swift).
    mutating func visit<F: EntityField>(_ f: F, items: [ListItem]) {}
    mutating func visit<F: EntityField>(_ f: F, ratings: [OriginalRating]) {}
    mutating func visit<F: EntityField>(_ f: F, viewings: [Viewing]) {}
    mutating func visit<F: EntityField>(_ f: F, sources: [RecordSource]) {}
}
