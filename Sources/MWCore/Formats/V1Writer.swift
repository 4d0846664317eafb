import Foundation

/// Writes `ExportData` (v1) exactly as the app's Swift `JSONEncoder` would: compact, keys in
/// declaration order (docs/SPEC.md#export-data), `/` escaped, reference-date numbers, nil omitted.
enum V1Writer {
    static func write(_ lib: Library, pretty: Bool, emit: @escaping ([UInt8]) -> Void) throws -> [Diagnostic] {
        try refuseStripped(lib, orElse: "`--to mediawatch-v2`")
        var out = RecordWriter(.v1, pretty: pretty, emit: emit)
        out.w.beginObject()
        out.w.field("version", lib.sourceVersion ?? "1.0")
        out.w.key("exportDate")
        out.w.double((lib.exportDate ?? Clock.now()).timeIntervalSinceReferenceDate)
        out.collections(lib)
        out.w.endObject()
        out.w.finish()
        return droppedFields(lib)
    }

    /// Refuses a library with stripped records (``MWError/failed(_:)``, exit 1: the input is valid,
    /// v1 has no way to mark metadata absent): "cannot write as v1: 4 stripped records need
    /// `mwkit hydrate` first (or `--to mediawatch-v2`)". `orElse` is the other way out.
    static func refuseStripped(_ lib: Library, orElse: String) throws {
        let stripped = lib.titles.filter(\.isStripped).count + lib.episodes.filter(\.isStripped).count
        if stripped > 0 {
            // A valid input the target cannot hold: the operation fails (exit 1), the input is not invalid.
            let records = counted(stripped, "stripped record")
            throw MWError.failed("cannot write as v1: \(records) need\(stripped == 1 ? "s" : "") `mwkit hydrate` first (or \(orElse))")
        }
    }

    /// Items in list order: by orderIndex, ties kept in source order.
    static func orderedItems(_ items: [ListItem]) -> [ListItem] {
        items.enumerated().sorted { ($0.element.orderIndex, $0.offset) < ($1.element.orderIndex, $1.offset) }.map(\.element)
    }
}
