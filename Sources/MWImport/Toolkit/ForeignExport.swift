import Foundation
import MWCore
import MWFoundation
import MWMacros

/// What reading one or more third-party exports produced: the items, the lists they name, a
/// statistics line per file, and every diagnostic. Nothing is matched to TMDb yet.
@PublicMemberwiseInit
public struct ForeignExport: Sendable, Codable {
    /// Every item, per export in reading order; items of different exports are not folded
    /// together (the matcher does that once TMDb IDs are known).
    public var items: [ForeignItem] = []
    /// Every list found (watchlists are marks, not lists), including empty ones.
    public var lists: [ForeignList] = []
    /// One entry per file seen, read or not.
    public var files: [FileStats] = []
    public var diagnostics: [Diagnostic] = []

    /// Statistics of the file at `path` (as in ``FileStats/file``).
    public func stats(_ path: String) -> FileStats? { files.first { $0.file == path } }

    /// Appends another export's results.
    public mutating func append(_ other: ForeignExport) {
        items += other.items
        lists += other.lists
        files += other.files
        diagnostics += other.diagnostics
    }
}

/// A list of the user's, as the export describes it.
@PublicMemberwiseInit
public struct ForeignList: Sendable, Codable, Hashable {
    /// Unique within the ``ForeignExport``: service, export and list (`letterboxd:<export>:lists/faves.csv`).
    public var key: String
    public var service: ForeignService
    public var name: String
    public var description: String?
    public var tags: [String] = []
    /// The list's own link.
    public var uri: String?
    public var createdAt: ForeignDate?
    /// A list from `deleted/` (read only with ``ImportOptions/includeDeleted``).
    public var deleted: Bool = false
    public var source: SourceRef
}

/// What happened to one file: how many rows were read and what became of each. For a file
/// that was read, `rowsRead == itemsProduced + listsProduced + rowsFolded + malformed.count + ignoredCount`.
public struct FileStats: Sendable, Codable, Hashable {
    /// What the file is, as detected from its content: the role its service's reader gives it
    /// (``ServiceReader/role(of:_:)``), e.g. `letterboxdDiary`. A string, so a new service's
    /// reader names its own roles.
    public struct Kind: RawRepresentable, Sendable, Codable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }

        public static let letterboxdWatched: Kind = "letterboxdWatched"
        public static let letterboxdDiary: Kind = "letterboxdDiary"
        public static let letterboxdRatings: Kind = "letterboxdRatings"
        public static let letterboxdReviews: Kind = "letterboxdReviews"
        public static let letterboxdWatchlist: Kind = "letterboxdWatchlist"
        public static let letterboxdLikedFilms: Kind = "letterboxdLikedFilms"
        public static let letterboxdList: Kind = "letterboxdList"
        public static let letterboxdComments: Kind = "letterboxdComments"
        public static let letterboxdLikedLists: Kind = "letterboxdLikedLists"
        public static let letterboxdLikedReviews: Kind = "letterboxdLikedReviews"
        public static let letterboxdImport: Kind = "letterboxdImport"
        public static let imdbRatings: Kind = "imdbRatings"
        public static let imdbList: Kind = "imdbList"
        public static let traktHistory: Kind = "traktHistory"
        public static let traktWatchedMovies: Kind = "traktWatchedMovies"
        public static let traktWatchedShows: Kind = "traktWatchedShows"
        public static let traktRatings: Kind = "traktRatings"
        public static let traktWatchlist: Kind = "traktWatchlist"
        public static let traktFavorites: Kind = "traktFavorites"
        public static let traktList: Kind = "traktList"
        public static let traktListIndex: Kind = "traktListIndex"
        public static let traktCollaborations: Kind = "traktCollaborations"
        /// Trakt `collection-movies.json` / `collection-shows.json` and `watched-playback.json`: counted, not imported.
        public static let traktCollection: Kind = "traktCollection"
        public static let traktPlayback: Kind = "traktPlayback"
        public static let traktComments: Kind = "traktComments"
        public static let tvtimeTrackingV2: Kind = "tvtimeTrackingV2"
        public static let tvtimeTrackingV1: Kind = "tvtimeTrackingV1"
        public static let tvtimeFollowedShows: Kind = "tvtimeFollowedShows"
        public static let tvtimeShowData: Kind = "tvtimeShowData"
        public static let tvtimeRatings: Kind = "tvtimeRatings"
        public static let tvtimeShowRatings: Kind = "tvtimeShowRatings"
        public static let tvtimeEmotions: Kind = "tvtimeEmotions"
        public static let tvtimeLists: Kind = "tvtimeLists"
        public static let tvtimeComments: Kind = "tvtimeComments"
        public static let tvtimeSeenEpisodes: Kind = "tvtimeSeenEpisodes"
        public static let tvtimeRewatchedEpisodes: Kind = "tvtimeRewatchedEpisodes"
        public static let tvtimeSeries: Kind = "tvtimeSeries"
        public static let tvtimeMovies: Kind = "tvtimeMovies"
        public static let tvtimeSeriesEpisodes: Kind = "tvtimeSeriesEpisodes"
        public static let tvtimeAppLists: Kind = "tvtimeAppLists"
        public static let notImported: Kind = "notImported"
        public static let withheld: Kind = "withheld"
        public static let unknown: Kind = "unknown"
    }

    /// Path of the file in the input (`export.zip/diary.csv`, `folder/lists/faves.csv`).
    public var file: String
    public var service: ForeignService?
    public var kind: Kind
    /// Whether the file's rows were read (false for withheld and unrecognised files).
    public var read: Bool
    /// Records after the header (CSV: non-empty records; JSON: top-level array length, 1 for an object).
    public var rowsRead: Int
    /// Rows that created an item.
    public var itemsProduced: Int
    /// Rows that describe a list (Trakt `lists-lists.json`), kept in ``ForeignExport/lists``.
    public var listsProduced: Int
    /// Rows folded into an item an earlier row created (same film in another file, duplicate Const…).
    public var rowsFolded: Int
    /// Of ``rowsFolded``, rows that repeat an item already seen in the same file.
    public var duplicatesFolded: Int
    /// Rows that could not be read, each with its position and reason.
    public var malformed: [MalformedRow]
    /// Rows deliberately not imported, counted by reason.
    public var ignored: [String: Int]
    /// Why the file was not read, for withheld / unknown files.
    public var note: String?

    public init(file: String, service: ForeignService?, kind: Kind, read: Bool = true, note: String? = nil) {
        self.file = file
        self.service = service
        self.kind = kind
        self.read = read
        self.rowsRead = 0
        self.itemsProduced = 0
        self.listsProduced = 0
        self.rowsFolded = 0
        self.duplicatesFolded = 0
        self.malformed = []
        self.ignored = [:]
        self.note = note
    }

    /// Rows ignored, all reasons together.
    public var ignoredCount: Int { ignored.values.reduce(0, +) }

    /// Whether every row read is accounted for exactly once.
    public var isBalanced: Bool { rowsRead == itemsProduced + listsProduced + rowsFolded + malformed.count + ignoredCount }
}

/// How exports are read.
public struct ImportOptions: Sendable {
    /// Largest single file read from an input (a guard against hostile archives). Default 256 MiB.
    public var maxFileBytes: Int
    /// Read only files of these services (`--from`); nil: every service. Files of others are
    /// listed as not read, and a file two services both claim is read as the one named here.
    public var services: Set<ForeignService>?
    /// The services' readers, asked in turn for every file: the registry's film services.
    public var readers: [any FilmServiceReader]
    /// What else the caller's import reads (`a Goodreads, StoryGraph or LibraryThing one`), named
    /// when no export is found.
    public var alsoTried: String?
    /// The options of the services' readers given (``FormatDescriptor/readOptions``: Letterboxd's
    /// `--include-deleted`, Netflix's `--date-order`…), each read by its service's reader.
    public var serviceOptions = ServiceOptionValues()
    /// Files already read and parsed (``PreparedFiles``): taken as they are, not read again.
    public var prepared: PreparedFiles?

    public init(maxFileBytes: Int = 256 << 20, services: Set<ForeignService>? = nil, readers: [any FilmServiceReader]) {
        self.maxFileBytes = maxFileBytes
        self.services = services
        self.readers = readers
    }
}
