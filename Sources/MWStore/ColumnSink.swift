import Foundation

/// Where a record's column values go, in column order: straight into a prepared statement
/// (``RawStatement``) or into a ``RowBatch`` to be bound later, on another thread. The per-entity
/// `bindColumns` functions of StoreRecords.swift are written once against this.
///
/// Mutating requirements, so that ``RowBatch`` can be a struct: appending to a class's arrays
/// costs a dynamic exclusivity check per value, which showed up as 4% of a restore's profile.
protocol ColumnSink {
    mutating func bind(_ v: String?)
    mutating func bind(_ v: Int?)
    mutating func bind(_ v: Int64?)
    mutating func bind(_ v: Bool?)
    mutating func bind(_ v: Double?)
}

extension ColumnSink {
    mutating func bind(_ v: Date?) { bind(v.map(StoreDate.encode)) }
}
