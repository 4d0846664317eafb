import Foundation

/// Writes mwkit's lossless v2 format (docs/FORMAT.md): every attribute, RFC 3339 dates with
/// exact fractions, `"stripped": true` records without metadata keys, nil omitted — at
/// `formatVersion` 5 (the newest: the provenance values, the watch status, the export's names
/// and the ids at other services) unless told 2, 3 or 4.
enum V2Writer {
    static func write(_ lib: Library, version: Int = Migrator.latestVersion, pretty: Bool, emit: @escaping ([UInt8]) -> Void) throws -> [Diagnostic] {
        guard let dialect = Dialect(formatVersion: Int64(version)) else {
            throw MWError.usage("mediawatch-v2 writes formatVersion 2, 3, 4 or 5, not \(version)")
        }
        var out = RecordWriter(dialect, pretty: pretty, emit: emit)
        out.w.beginObject()
        header(lib, version: version, &out)
        preferences(lib.preferences, &out)
        out.collections(lib)
        out.w.endObject()
        out.w.finish()
        // A library handed over without the steps down still learns what 2 or 3 left out.
        if version < 3 { return V3ToV2.droppedFields(lib, target: "formatVersion 2 and v1") }
        if version < 4 { return V4ToV3.droppedFields(lib, target: "formatVersion 3 and older") }
        return version < 5 ? V5ToV4.droppedFields(lib, target: "formatVersion 4 and older") : []
    }

    /// The format marker and version, then what the backup says about itself.
    static func header(_ lib: Library, version: Int, _ out: inout RecordWriter) {
        out.w.field("format", "mediawatch-backup")
        out.w.field("formatVersion", version)
        out.w.field("sourceVersion", lib.sourceVersion)
        if let d = lib.exportDate { out.w.field("exportDate", DateCoding.formatRFC3339(d)) }
    }

    static func preferences(_ p: UserPreferences?, _ out: inout RecordWriter) {
        guard let p else { return }
        out.w.key("preferences")
        out.object(p, out.order(PreferencesField.self))
    }
}
