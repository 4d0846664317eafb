import Foundation

/// v2 → v1: drops what `ExportData` cannot hold, reporting each dropped field with a count;
/// stripped records cannot be expressed in v1 and are an error. Shipped in 0.1.0.
public struct V2ToV1: MigrationStep {
    public let name = "v2-to-v1"
    public let from = 2
    public let to = 1
    public init() {}

    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) {
        // convert and migrate both come here: name each one's way to keep v2.
        try V1Writer.refuseStripped(library, orElse: "`--to mediawatch-v2`; `migrate --to 2`")
        let warnings = V1Writer.droppedFields(library)
        var lib = library
        lib.preferences = nil
        lib.titles = lib.titles.map { V1Only.record($0, TitleField.self) }
        lib.episodes = lib.episodes.map { V1Only.record($0, EpisodeField.self) }
        lib.lists = lib.lists.map { l in
            var l = V1Only.record(l, ListField.self)
            l.items = V1Writer.orderedItems(l.items).enumerated().map { j, item in ListItem(titleId: item.titleId, orderIndex: j) }
            return l
        }
        lib.notes = lib.notes.map { V1Only.record($0, NoteField.self) }
        return (lib, warnings)
    }
}

/// Clears the values v1 cannot hold (the descriptions' ``FieldTable/notInV1``): they become
/// unknown, as a v1 reader would leave them.
private struct V1Only: FieldSource {
    typealias Failure = Never

    static func record<F: EntityField>(_ r: F.Record, _: F.Type) -> F.Record {
        var r = r
        var (metadata, stripped) = F.metadata(of: r)
        var clear = V1Only()
        for f in F.table.notInV1 { f.set(&r, &metadata, stripped: &stripped, from: &clear) }
        F.finish(&r, metadata: metadata, stripped: stripped)
        return r
    }

    // Optionals become nil; v1 holds every required value, which stays.
    mutating func read<F: EntityField>(_ f: F, into x: inout String) {}
    mutating func read<F: EntityField>(_ f: F, into x: inout String?) { x = nil }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int, unreadable: Int?) {}
    mutating func read<F: EntityField>(_ f: F, into x: inout Int?) { x = nil }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64) {}
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64?) { x = nil }
    mutating func read<F: EntityField>(_ f: F, into x: inout Double?) { x = nil }
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool) {}
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool?) { x = nil }
    mutating func read<F: EntityField>(_ f: F, into x: inout Date) {}
    mutating func read<F: EntityField>(_ f: F, into x: inout Date?) { x = nil }
    mutating func read<F: EntityField>(_ f: F, into x: inout [String]) {}
    mutating func read<F: EntityField, T: RawRepresentable>(_ f: F, into x: inout T) where T.RawValue == String {}
    mutating func read<F: EntityField>(_ f: F, stripped: inout Bool) {}
    mutating func read<F: EntityField>(_ f: F, items: inout [ListItem]) {}
}
