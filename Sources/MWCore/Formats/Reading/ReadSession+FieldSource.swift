import Foundation

/// The JSON reader as a ``FieldSource``: each field's value read by the type its model
/// value has (an optional one accepting v1's nulls) and the kind its description gives
/// (free text, integer width, v1 `titleIds` or v2 `items`). A value that fails to read is
/// reported and leaves the record's value as it was.
extension ReadSession: FieldSource {
    typealias Failure = any Error

    /// The field's name in diagnostics; only called when one is made.
    private static func label<F: EntityField>(_ prefix: String, _ f: F) -> String { prefix + f.name }

    @inline(__always) private static func kind<F: EntityField>(_ f: F) -> ValueKind { f.spec.kind }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout String) throws {
        let p = namePrefix
        if let v = try string(Self.label(p, f)) { x = v }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout String?) throws {
        let p = namePrefix
        if Self.kind(f) == .text {
            x = try text(Self.label(p, f))
        } else {
            x = try string(Self.label(p, f), optional: true)
        }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Int, unreadable: Int?) throws {
        let p = namePrefix
        if let v = try int(Self.label(p, f), range: Self.kind(f).range) { x = Int(v) } else if let unreadable { x = unreadable }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Int?) throws {
        let p = namePrefix
        x = try int(Self.label(p, f), optional: true, range: Self.kind(f).range).map(Int.init)
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64) throws {
        let p = namePrefix
        if let v = try int(Self.label(p, f), range: Self.kind(f).range) { x = v }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64?) throws {
        let p = namePrefix
        x = try int(Self.label(p, f), optional: true, range: Self.kind(f).range)
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Double?) throws {
        let p = namePrefix
        x = try double(Self.label(p, f), optional: true)
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool) throws {
        let p = namePrefix
        if let v = try bool(Self.label(p, f)) { x = v }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool?) throws {
        let p = namePrefix
        x = try bool(Self.label(p, f), optional: true)
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Date) throws {
        let p = namePrefix
        if let v = try date(Self.label(p, f)) { x = v }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout Date?) throws {
        let p = namePrefix
        x = try date(Self.label(p, f), optional: true)
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, into x: inout [String]) throws {
        let p = namePrefix
        if Self.kind(f) == .tags { return try readTags(f.name, into: &x) }
        if let v = try stringArray(Self.label(p, f)) { x = v }
    }

    @inline(__always)
    mutating func read<F: EntityField, T: RawRepresentable>(_ f: F, into x: inout T) throws where T.RawValue == String {
        let p = namePrefix
        if let v = try string(Self.label(p, f)), let t = T(rawValue: v) { x = t }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, stripped x: inout Bool) throws {
        let p = namePrefix
        if let v = try bool(Self.label(p, f)) { x = v }
    }

    @inline(__always)
    mutating func read<F: EntityField>(_ f: F, items x: inout [ListItem]) throws {
        if Self.kind(f) == .titleIds { try readTitleIds(into: &x) } else { try readItems(into: &x) }
    }

    // formatVersion 3 (ReadSession+Provenance.swift).
    mutating func read<F: EntityField>(_ f: F, ratings x: inout [OriginalRating]) throws { try readRatings(f.name, into: &x) }
    mutating func read<F: EntityField>(_ f: F, viewings x: inout [Viewing]) throws { try readViewings(f.name, into: &x) }
    mutating func read<F: EntityField>(_ f: F, sources x: inout [RecordSource]) throws { try readSources(f.name, into: &x) }
}
