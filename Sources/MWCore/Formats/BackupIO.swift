import Foundation
import MWMacros

/// Options for reading a backup JSON.
@PublicMemberwiseInit
public struct ReadOptions: Sendable {
    /// How numeric dates in v1 are interpreted.
    public var dateEncoding: DateEncoding = .reference
    /// Stop collecting diagnostics after this many errors (nil: no cap).
    public var maxErrors: Int? = nil
    /// Build the ``Library`` (false: validate only, with less memory).
    public var buildLibrary: Bool = true
    /// Parser limits against hostile input.
    public var limits: JSONLimits = .init()
    /// Receives every record as it is read (see ``RecordSink``); independent of ``buildLibrary``.
    public var recordSink: RecordSink? = nil
}

/// What reading a backup produced: the detected format, the library (when readable and
/// requested) and every diagnostic (structural and semantic), each with its position.
@PublicMemberwiseInit
public struct ReadResult: Sendable {
    /// The detected format, nil when the input was not recognised.
    public var format: BackupFormat?
    /// The JSON format version found in the document (1, 2, or an unknown number).
    public var formatVersion: Int?
    /// The library read, nil when the input could not be parsed into one.
    public var library: Library?
    /// Every finding, structural and semantic, in document order.
    public var diagnostics: [Diagnostic] = []
    /// Counts per entity, filled even when the library is not built.
    public var counts: EntityCounts = .init()
    /// The library of a format of another ``ModelFamily`` (e.g. `MWBooks.BookLibrary`);
    /// nil for film formats, which fill ``library``.
    public var model: (any LibraryModel)? = nil
    /// The counts a report shows, for formats whose records are not ``EntityCounts``' (nil:
    /// ``counts``).
    public var reportCounts: ReportCounts? = nil
    /// For another service's export: the generation or file role found (`goodreads-24`,
    /// `letterboxdDiary`), shown beside the format.
    public var variant: String? = nil

    /// The library read, of whatever family: ``library`` for films, else ``model``.
    public var anyModel: (any LibraryModel)? { library ?? model }

    /// Number of error diagnostics.
    public var errorCount: Int { diagnostics.lazy.filter { $0.severity == .error }.count }
    /// Number of warning diagnostics.
    public var warningCount: Int { diagnostics.lazy.filter { $0.severity == .warning }.count }
    /// No errors (warnings allowed).
    public var isValid: Bool { errorCount == 0 }
}

/// Numbers of records per entity.
public struct EntityCounts: Sendable, Codable, Equatable {
    public var lists = 0, listItems = 0, titles = 0, episodes = 0, notes = 0, preferences = 0
    public init() {}

    /// How many records of each kind `library` holds.
    public init(_ library: Library) {
        lists = library.lists.count
        listItems = library.lists.reduce(0) { $0 + $1.items.count }
        titles = library.titles.count
        episodes = library.episodes.count
        notes = library.notes.count
        preferences = library.preferences == nil ? 0 : 1
    }
}

/// The kind of content a file holds, decided from its bytes, not its name.
public enum ContentKind: Sendable, Equatable {
    case zip, json, empty, unknown
}

/// Options for writing a library.
@PublicMemberwiseInit
public struct WriteOptions: Sendable {
    /// Indent output (v2 default is pretty; v1 default compact like the app's encoder).
    public var pretty: Bool?
    /// The `formatVersion` mediawatch-v2 writes: nil for the newest (``Migrator/latestVersion``),
    /// 2 for the shipped one (`migrate --to 2`; formatVersion 3's values are then left out and
    /// reported). Ignored by other formats.
    public var formatVersion: Int?
    /// Switches of particular formats (e.g. letterboxd-csv's `rating-from-liked`); a format
    /// reads the ones it declares in ``FormatDescriptor/writeSwitches``.
    public var switches: Set<WriteSwitch> = []
}

/// A named on/off choice a format's writer understands beyond the JSON layout. Each format
/// declares its switches beside its descriptor (`static let`), as it declares its diagnostic
/// codes; commands refuse a switch the chosen format does not declare.
public struct WriteSwitch: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}
