import Foundation

/// What a library loses as v1, from the field descriptions: every value v1 cannot hold.
extension V1Writer {
    /// One `field-dropped` warning per field v1 cannot hold, with how many records had a value:
    /// titles, episodes, lists, list items, notes, then the preferences.
    static func droppedFields(_ lib: Library) -> [Diagnostic] {
        // formatVersion 3's values first (none once `v3-to-v2` has run), then formatVersion 2's.
        var warnings = V3ToV2.droppedFields(lib, target: "v1")
        func add(_ coll: String, _ field: String, _ n: Int) {
            guard n > 0 else { return }
            let what = "\(coll)[].\(field.replacingOccurrences(of: "items/", with: "items[]."))"
            warnings.append(.warning(.fieldDropped, "v1 cannot hold \(what): dropped from \(n) record(s)", pointer: "/\(coll)"))
        }
        func count<F: EntityField>(_ coll: String, _ records: [F.Record], _: F.Type, prefix: String = "") {
            let fields = F.table.notInV1
            var counts = [Int](repeating: 0, count: fields.count)
            for r in records {
                for (k, f) in fields.enumerated() {
                    var value = HasValue()
                    f.get(r, into: &value)
                    if value.present { counts[k] += 1 }
                }
            }
            for (k, f) in fields.enumerated() { add(coll, prefix + f.name, counts[k]) }
        }
        count("titles", lib.titles, TitleField.self)
        count("episodes", lib.episodes, EpisodeField.self)
        count("lists", lib.lists, ListField.self)
        count("lists", lib.lists.flatMap(\.items), ListItemField.self, prefix: "items/")
        // v1 keeps only the items' order: orderIndex is lost where it is not 0, 1, 2 … in order.
        add("lists", "items/orderIndex", lib.lists.filter { l in
            orderedItems(l.items).enumerated().contains { $0.offset != $0.element.orderIndex }
        }.count)
        count("notes", lib.notes, NoteField.self)
        if lib.preferences != nil {
            warnings.append(.warning(.fieldDropped, "v1 cannot hold preferences: dropped from 1 record(s)", pointer: "/preferences"))
        }
        // A field both counts name (formatVersion 3's and 2's tables share some) is said once.
        var said = Set<String>()
        return warnings.filter { said.insert($0.message).inserted }
    }
}

/// Whether the value it is handed is there (not nil, not an empty provenance array).
struct HasValue: FieldVisitor {
    var present = false
    mutating func visit<F: EntityField>(_ f: F, _ v: String?) { present = v != nil }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int?) { present = v != nil }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int64?) { present = v != nil }
    mutating func visit<F: EntityField>(_ f: F, _ v: Double?) { present = v != nil }
    mutating func visit<F: EntityField>(_ f: F, _ v: Bool?) { present = v != nil }
    mutating func visit<F: EntityField>(_ f: F, _ v: Date?) { present = v != nil }
    mutating func visit<F: EntityField>(_ f: F, _ v: [String]?) { present = v != nil }
    mutating func visit<F: EntityField>(_ f: F, stripped: Bool) { present = true }
    mutating func visit<F: EntityField>(_ f: F, items: [ListItem]) { present = true }
    mutating func visit<F: EntityField>(_ f: F, ratings: [OriginalRating]) { present = !ratings.isEmpty }
    mutating func visit<F: EntityField>(_ f: F, viewings: [Viewing]) { present = !viewings.isEmpty }
    mutating func visit<F: EntityField>(_ f: F, sources: [RecordSource]) { present = !sources.isEmpty }
}
