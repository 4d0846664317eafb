import Foundation
import MWFoundation

/// What reading one or more third-party exports produced: the items, the lists they name, a
/// statistics line per file, and every diagnostic. Nothing is matched to TMDb yet.
public struct ForeignExport: Sendable, Codable {
    /// Every item, per export in reading order; items of different exports are not folded
    /// together (the matcher does that once TMDb IDs are known).
    public var items: [ForeignItem]
    /// Every list found (watchlists are marks, not lists), including empty ones.
    public var lists: [ForeignList]
    /// One entry per file seen, read or not.
    public var files: [FileStats]
    public var diagnostics: [Diagnostic]

    public init(items: [ForeignItem] = [], lists: [ForeignList] = [], files: [FileStats] = [], diagnostics: [Diagnostic] = []) {
        self.items = items
        self.lists = lists
        self.files = files
        self.diagnostics = diagnostics
    }

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
public struct ForeignList: Sendable, Codable, Hashable {
    /// Unique within the ``ForeignExport``: service, export and list (`letterboxd:<export>:lists/faves.csv`).
    public var key: String
    public var service: ForeignService
    public var name: String
    public var description: String?
    public var tags: [String]
    /// The list's own link.
    public var uri: String?
    public var createdAt: ForeignDate?
    /// A list from `deleted/` (read only with ``ImportOptions/includeDeleted``).
    public var deleted: Bool
    public var source: SourceRef

    public init(key: String, service: ForeignService, name: String, description: String? = nil, tags: [String] = [],
                uri: String? = nil, createdAt: ForeignDate? = nil, deleted: Bool = false, source: SourceRef) {
        self.key = key
        self.service = service
        self.name = name
        self.description = description
        self.tags = tags
        self.uri = uri
        self.createdAt = createdAt
        self.deleted = deleted
        self.source = source
    }
}

/// What happened to one file: how many rows were read and what became of each. For a file
/// that was read, `rowsRead == itemsProduced + listsProduced + rowsFolded + malformed.count + ignoredCount`.
public struct FileStats: Sendable, Codable, Hashable {
    /// What the file is, as detected from its content.
    public enum Kind: String, Sendable, Codable {
        // Letterboxd
        case letterboxdWatched, letterboxdDiary, letterboxdRatings, letterboxdReviews, letterboxdWatchlist,
             letterboxdLikedFilms, letterboxdList, letterboxdComments, letterboxdLikedLists, letterboxdLikedReviews,
             /// A file in Letterboxd's *import* format (`Title,…,WatchedDate`), as `convert --to letterboxd-csv` writes.
             letterboxdImport
        // IMDb
        case imdbRatings, imdbList
        // Trakt
        case traktHistory, traktWatchedMovies, traktWatchedShows, traktRatings, traktWatchlist, traktFavorites,
             traktList, traktListIndex, traktCollaborations, traktComments
        // TV Time
        case tvtimeTrackingV2, tvtimeTrackingV1, tvtimeFollowedShows, tvtimeShowData, tvtimeRatings, tvtimeShowRatings,
             tvtimeEmotions, tvtimeLists, tvtimeComments, tvtimeSeenEpisodes, tvtimeRewatchedEpisodes,
             tvtimeSeries, tvtimeMovies, tvtimeSeriesEpisodes, tvtimeAppLists
        /// Recognised as part of an export but holding nothing to import (statistics, settings).
        case notImported
        /// Never opened: personal data or credentials.
        case withheld
        /// Not recognised.
        case unknown
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
    /// Read Letterboxd's `deleted/` and `orphaned/` folders too (off: their rows are counted as ignored).
    public var includeDeleted: Bool
    /// Largest single file read from an input (a guard against hostile archives). Default 256 MiB.
    public var maxFileBytes: Int
    /// Read only files of these services (`--from`); nil: every service. Files of others are
    /// listed as not read.
    public var services: Set<ForeignService>?

    public init(includeDeleted: Bool = false, maxFileBytes: Int = 256 << 20, services: Set<ForeignService>? = nil) {
        self.includeDeleted = includeDeleted
        self.maxFileBytes = maxFileBytes
        self.services = services
    }
}
