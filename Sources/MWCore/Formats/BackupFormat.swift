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

/// The two JSON dialects: v1 (`ExportData`) and v2 (mwkit's lossless format).
enum Dialect { case v1, v2 }
