import Foundation
import MWCore

/// A selected row as a ``FieldSource``: column after column, from `at`, into a record's
/// fields. NULL leaves the record's blank value (the model's defaults, as a reader would).
struct RowSource: FieldSource {
    typealias Failure = Never
    let s: RawStatement
    private(set) var column: Int32
    /// A genres column that is not a JSON array of strings (the caller reports it with the id).
    private(set) var badGenres: String?

    init(_ s: RawStatement, at column: Int32) {
        self.s = s
        self.column = column
    }

    /// The next column's index.
    mutating func next() -> Int32 {
        defer { column += 1 }
        return column
    }

    /// A record from `id` and then `fields`, in column order.
    mutating func record<F: EntityField>(_ fields: [F]) -> F.Record {
        var r = F.blank
        readId(into: &r, F.self)
        read(fields, into: &r)
        return r
    }

    mutating func readId<F: EntityField>(into record: inout F.Record, _: F.Type) {
        var metadata = F.blankMetadata, stripped = false
        F.id.set(&record, &metadata, stripped: &stripped, from: &self)
    }

    /// Reads `fields` into `record`, in column order (a stripped record is one whose
    /// `stripped` column says so).
    mutating func read<F: EntityField>(_ fields: [F], into record: inout F.Record) {
        var metadata = F.blankMetadata, stripped = false
        for f in fields { f.set(&record, &metadata, stripped: &stripped, from: &self) }
        F.finish(&record, metadata: metadata, stripped: stripped)
    }

    mutating func read<F: EntityField>(_ f: F, into x: inout String) { if let v = s.string(next()) { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout String?) { x = s.string(next()) }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int, unreadable: Int?) { if let v = s.int(next()) { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int?) { x = s.int(next()) }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64) { if let v = s.int64(next()) { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64?) { x = s.int64(next()) }
    mutating func read<F: EntityField>(_ f: F, into x: inout Double?) { x = s.double(next()) }
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool) { if let v = s.bool(next()) { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool?) { x = s.bool(next()) }
    mutating func read<F: EntityField>(_ f: F, into x: inout Date) { if let v = s.date(next()) { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Date?) { x = s.date(next()) }

    mutating func read<F: EntityField>(_ f: F, into x: inout [String]) {
        guard let text = s.string(next()) else { return }
        if let v = GenresCodec.decode(text) { x = v } else { badGenres = text }
    }

    mutating func read<F: EntityField, T: RawRepresentable>(_ f: F, into x: inout T) where T.RawValue == String {
        if let v = s.string(next()), let t = T(rawValue: v) { x = t }
    }

    mutating func read<F: EntityField>(_ f: F, stripped x: inout Bool) { if let v = s.bool(next()) { x = v } }
    /// A list's items are rows of their own table, never a column.
    mutating func read<F: EntityField>(_ f: F, items x: inout [ListItem]) {}
}
