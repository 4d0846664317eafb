/// The formats mwkit reads and writes, by their command-line names (`--to`).
public enum BackupFormat: String, Sendable, CaseIterable, Codable {
    /// `ExportData` JSON as the MediaWatch app writes it (seeds/000 §8.2).
    case mediawatchV1 = "mediawatch-v1"
    /// mwkit's lossless JSON format, docs/FORMAT.md.
    case mediawatchV2 = "mediawatch-v2"
    /// ZIP holding a backup JSON, cached images and a manifest (docs/FORMAT.md).
    case mediawatchZip = "mediawatch-zip"

    /// The JSON format version number (1 or 2); for ZIP, that of its default inner JSON.
    public var jsonVersion: Int {
        switch self {
        case .mediawatchV1: return 1
        case .mediawatchV2, .mediawatchZip: return 2
        }
    }

    /// The JSON format for a version number given as `--to 1|2`.
    public static func json(version: Int) -> BackupFormat? {
        switch version { case 1: return .mediawatchV1; case 2: return .mediawatchV2; default: return nil }
    }
}

/// How numeric dates in a v1 document are interpreted (`--date-encoding`).
public enum DateEncoding: String, Sendable, CaseIterable {
    /// Seconds since 2001-01-01T00:00:00Z: Swift `JSONEncoder`'s default, what the app writes.
    case reference
    /// Seconds since 1970-01-01T00:00:00Z.
    case unix
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case unixMs = "unix-ms"
    /// ISO 8601 strings only; a numeric date is an error.
    case iso8601
}
