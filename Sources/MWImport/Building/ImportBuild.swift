import Foundation
import MWCore
import MWFoundation

/// What ``LibraryBuilder/build(_:matches:options:)`` made: the library and what became of
/// every row, for the summary.
public struct ImportBuild: Sendable {
    public var library: Library
    /// What became of the rows of each file, by ``RowKey`` (`service:file` as in ``SourceRef``).
    public var rows: [String: RowOutcomes]
    /// What the library holds.
    public var counts: ImportCounts
    /// Builder warnings (shortened list names, values the model has no place for).
    public var diagnostics: [Diagnostic]
    /// The ids of the titles and episodes whose metadata was filled from the export
    /// (``ImportBuildOptions/fillMetadata``), not said by TMDb.
    public var filledMetadata: Set<String> = []
    /// The export's own title and year of each title in ``filledMetadata``: what a build without
    /// filled metadata keeps beside its stripped record (docs/IMPORT.md "Metadata").
    public var exportNames: [String: ExportName] = [:]

    /// A title and year as an export gave them.
    public struct ExportName: Sendable, Hashable {
        public var title: String?
        public var year: Int?
    }

    /// The library as built without ``ImportBuildOptions/fillMetadata``: the filled metadata
    /// taken off again, so a run that writes a format needing metadata and also keeps stripped
    /// records (the database, for `hydrate`) builds once.
    public var strippedLibrary: Library {
        guard !filledMetadata.isEmpty else { return library }
        var lib = library
        for i in lib.titles.indices where filledMetadata.contains(lib.titles[i].id) {
            lib.titles[i].metadata = nil
            let name = exportNames[lib.titles[i].id]
            (lib.titles[i].exportTitle, lib.titles[i].exportYear) = (name?.title, name?.year)
        }
        for i in lib.episodes.indices where filledMetadata.contains(lib.episodes[i].id) { lib.episodes[i].metadata = nil }
        return lib
    }

    /// The key of a file in ``rows``: the service and the file as the user has it
    /// (`letterboxd:export.zip/deleted/diary.csv`), else its path inside the export.
    public static func rowKey(_ s: SourceRef) -> String { "\(s.service.rawValue):\(s.shown ?? s.file)" }
}

/// What became of the rows and items of one file. Row counts count every row of an item (a
/// film in watched.csv and twice in diary.csv is three rows); item counts count each item once,
/// at the file of its first row.
public struct RowOutcomes: Sendable, Codable, Hashable {
    /// Rows of items that are in the library.
    public var importedRows = 0
    /// Rows of items waiting in review.
    public var reviewRows = 0
    /// Rows of items the review file says to ignore.
    public var ignoredRows = 0
    /// Items matched by an ID in the file (TMDb, IMDb, TVDB), by search, by the user's decision.
    public var matchedByID = 0, matchedBySearch = 0, matchedByOverride = 0
    /// Items in review, and of them those without any candidate or whose lookup did not complete.
    public var reviewItems = 0, unmatchedItems = 0
    /// Items folded into a title another item (another file or export) had already made:
    /// same TMDb ID and kind.
    public var folded = 0

    public init() {}
}

/// What an imported library holds, and what of the exports went into it.
public struct ImportCounts: Sendable, Codable, Hashable {
    public var titles = 0, episodes = 0, lists = 0, listItems = 0, notes = 0
    /// Viewings, original ratings and tags kept (on titles and episodes), and titles with a
    /// watch status.
    public var viewings = 0, ratings = 0, tags = 0, statuses = 0
    /// Titles without TMDb metadata (stripped, for `hydrate`).
    public var stripped = 0

    public init() {}
}
