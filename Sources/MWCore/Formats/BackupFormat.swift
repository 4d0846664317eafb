/// A format's name as the command line spells it (`--to mediawatch-v2`). Each format declares
/// its name beside its descriptor (``FormatDescriptor``); this type only gives names a type, so
/// a new format adds a `static let` and touches nothing else.
public struct BackupFormat: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// `ExportData` JSON as the MediaWatch app writes it (docs/FORMAT.md, "v1").
    public static let mediawatchV1: BackupFormat = "mediawatch-v1"
    /// mwkit's lossless JSON format (docs/FORMAT.md, "v2").
    public static let mediawatchV2: BackupFormat = "mediawatch-v2"
    /// ZIP holding a backup JSON, cached images and a manifest (docs/FORMAT.md, "ZIP").
    public static let mediawatchZip: BackupFormat = "mediawatch-zip"

    /// The JSON format for a version number (`migrate --to 1|2|3|4|5`): mediawatch-v2 holds 2 to 5.
    public static func json(version: Int) -> BackupFormat? {
        switch version { case 1: return .mediawatchV1; case 2, 3, 4, 5: return .mediawatchV2; default: return nil }
    }
}

/// The JSON dialects: v1 (`ExportData`) and mwkit's lossless format at formatVersion 2 (shipped)
/// 3 (2 plus the provenance values), 4 (3 plus the watch status) or 5 (4 plus the export's own
/// names and the ids at other services). Everything but the keys each accepts is the same for
/// 2 to 5, so code that asks `dialect == .v1` treats them alike. The raw value is the
/// formatVersion (v1, which has none, is 1).
enum Dialect: Int, CaseIterable {
    case v1 = 1, v2, v3, v4, v5

    /// The dialect of a lossless file's `formatVersion`; nil for a version this mwkit does not read.
    init?(formatVersion: Int64?) {
        switch formatVersion {
        case 2: self = .v2
        case 3: self = .v3
        case 4: self = .v4
        case 5: self = .v5
        default: return nil
        }
    }
}
