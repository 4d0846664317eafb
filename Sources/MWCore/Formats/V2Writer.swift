import Foundation

/// Writes mwkit's lossless v2 format (docs/FORMAT.md): every attribute, RFC 3339 dates with
/// exact fractions, `"stripped": true` records without metadata keys, nil omitted.
enum V2Writer {
    static func write(_ lib: Library, pretty: Bool, emit: @escaping ([UInt8]) -> Void) throws -> [Diagnostic] {
        var out = RecordWriter(.v2, pretty: pretty, emit: emit)
        out.w.beginObject()
        header(lib, &out)
        preferences(lib.preferences, &out)
        out.collections(lib)
        out.w.endObject()
        out.w.finish()
        return []
    }

    /// The format marker and version, then what the backup says about itself.
    static func header(_ lib: Library, _ out: inout RecordWriter) {
        out.w.field("format", "mediawatch-backup")
        out.w.field("formatVersion", 2)
        out.w.field("sourceVersion", lib.sourceVersion)
        if let d = lib.exportDate { out.w.field("exportDate", DateCoding.formatRFC3339(d)) }
    }

    static func preferences(_ p: UserPreferences?, _ out: inout RecordWriter) {
        guard let p else { return }
        out.w.key("preferences")
        out.object(p, out.order(PreferencesField.self))
    }
}
