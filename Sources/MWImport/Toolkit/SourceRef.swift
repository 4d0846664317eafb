import Foundation
import MWFoundation
import MWMacros

/// The service an export comes from: the registry name of its format (`letterboxd`). A
/// string, not a closed list, so a new service is a new reader file and a registry line.
public struct ForeignService: RawRepresentable, Sendable, Codable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public static let letterboxd: ForeignService = "letterboxd"
    public static let imdb: ForeignService = "imdb"
    public static let trakt: ForeignService = "trakt"
    public static let tvtime: ForeignService = "tvtime"
}

/// Where a piece of imported data was read: the service, the file inside the export (as the
/// user has it: `lists/faves.csv` in a ZIP or folder), and, for CSV, the line the row starts on
/// and its data-row number; for JSON, the index in the top-level array. `uri` is the row's own
/// link when it has one (a Letterboxd diary row links the diary ENTRY, not the film).
@PublicMemberwiseInit
public struct SourceRef: Sendable, Codable, Hashable {
    public var service: ForeignService
    /// Path of the file inside the export (or the file's name when given alone).
    public var file: String
    /// 1-based line where the CSV row starts (nil for JSON).
    public var line: Int?
    /// 1-based data row (CSV, header = 0) or 1-based element of the top-level JSON array.
    public var row: Int?
    /// The row's URI/URL as written, when it has one.
    public var uri: String?
    /// The file's path as the user has it (`export.zip/deleted/diary.csv`, ``ExportFile/display``),
    /// when the reader knows it: what a per-file summary is keyed by, since ``file`` alone
    /// (`diary.csv`) cannot tell one export's file from another's.
    public var shown: String?

    /// `file:line` (or `file#row` for JSON), for messages.
    public var position: String {
        if let line { return "\(file):\(line)" }
        if let row { return "\(file)#\(row)" }
        return file
    }
}
