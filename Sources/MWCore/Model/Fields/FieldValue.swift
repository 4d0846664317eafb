import Foundation

/// One field's value, boxed, for code that compares fields one at a time and is not on a hot
/// path (merge's conflict lists). Equal as the model's values are equal.
public enum FieldValue: Equatable, Sendable {
    case string(String?), int(Int?), int64(Int64?), double(Double?), bool(Bool?), date(Date?), strings([String]?)
    case stripped(Bool)
    case items([ListItem])
    case ratings([OriginalRating]), viewings([Viewing]), sources([RecordSource])
}

extension EntityField {
    /// This field's value in `record`, boxed.
    public func value(of record: Record) -> FieldValue {
        var box = FieldValueBox()
        get(record, into: &box)
        return box.value
    }
}

/// Boxes the one value it is handed.
private struct FieldValueBox: FieldVisitor {
    var value = FieldValue.string(nil)
    mutating func visit<F: EntityField>(_ f: F, _ v: String?) { value = .string(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int?) { value = .int(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int64?) { value = .int64(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Double?) { value = .double(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Bool?) { value = .bool(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Date?) { value = .date(v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: [String]?) { value = .strings(v) }
    mutating func visit<F: EntityField>(_ f: F, stripped: Bool) { value = .stripped(stripped) }
    mutating func visit<F: EntityField>(_ f: F, items: [ListItem]) { value = .items(items) }
    mutating func visit<F: EntityField>(_ f: F, ratings: [OriginalRating]) { value = .ratings(ratings) }
    mutating func visit<F: EntityField>(_ f: F, viewings: [Viewing]) { value = .viewings(viewings) }
    mutating func visit<F: EntityField>(_ f: F, sources: [RecordSource]) { value = .sources(sources) }
}
