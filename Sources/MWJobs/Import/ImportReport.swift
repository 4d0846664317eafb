import Foundation
import MWCore
import MWFoundation
import MWImport
import MWStore

/// What `mwkit import` did: a summary per source file, what the library holds, the TMDb
/// traffic, what was written, and every row that could not be imported (docs/IMPORT.md
/// "Summary"). Encoded as is for `--format json`.
public struct ImportReport: Sendable, Codable {
    /// One source file.
    public struct FileSummary: Sendable, Codable, Hashable {
        /// The file as the user has it (`export.zip/diary.csv`).
        public var file: String
        public var service: String?
        /// What the file was detected as (`letterboxdDiary`, `traktHistory`, `withheld`…).
        public var kind: String
        /// Whether its rows were read (false: withheld, not recognised, not text, --from).
        public var read: Bool
        public var note: String?
        /// Records after the header.
        public var rowsRead = 0
        /// Rows of items now in the library, in review, ignored by a decision.
        public var importedRows = 0, reviewRows = 0, ignoredRows = 0
        /// Items (each counted at the file of its first row): matched by an ID, by search, by a decision.
        public var matchedByID = 0, matchedBySearch = 0, matchedByOverride = 0
        /// Items sent to review; of them, items with no candidate or whose lookup did not complete.
        public var review = 0, unmatched = 0
        /// Rows repeating an item of the same file, and items folded into a title another
        /// file or export already made (same TMDb ID and kind).
        public var duplicatesFolded = 0
        /// Rows not imported on purpose, by reason (other people's content, video games…).
        public var notImported: [String: Int] = [:]
        /// Rows that could not be read, with `file:line` and why.
        public var malformed: [MalformedRow] = []
    }

    public var files: [FileSummary] = []
    /// What the export names: films and other whole titles, shows, episodes (issue 30 §2).
    public var read = ReadCounts()
    /// What the library holds.
    public var library = ImportCounts()
    /// Distinct lookups, HTTP requests sent, answers from the cache.
    public var distinctLookups = 0, requests = 0, cacheHits = 0
    /// Episodes named only by title that TMDb's seasons numbered (an online import).
    public var episodesNumbered = 0
    /// The output format, and the paths written (nil: not asked for, or a dry run).
    public var format: String
    public var output: String?
    public var review: String?
    /// Rows of the review file (written, or that would be written).
    public var reviewFileRows = 0
    public var database: String?
    /// The merge into the database, per entity: inserted, updated, skipped.
    public var merge: [String: RestoreTally]?
    public var dryRun: Bool
    public var strict: Bool
    /// Every reason the run exits 1: malformed rows (`file:line: why`), items left in review
    /// when they count as failures.
    public var problems: [String] = []
    /// Items waiting in review: `file:line: title (year): why`.
    public var inReview: [String] = []
    public var diagnostics: [Diagnostic] = []
    /// 0 every row imported or in the review file; 1 some rows malformed or not imported (or,
    /// with --strict, left in review). Exit 2 is thrown, never reported.
    public var exitCode: Int32 = 0

    /// The totals over every file.
    public var total: FileSummary {
        var t = FileSummary(file: "total", service: nil, kind: "total", read: true, note: nil)
        for f in files {
            t.rowsRead += f.rowsRead; t.importedRows += f.importedRows; t.reviewRows += f.reviewRows; t.ignoredRows += f.ignoredRows
            t.matchedByID += f.matchedByID; t.matchedBySearch += f.matchedBySearch; t.matchedByOverride += f.matchedByOverride
            t.review += f.review; t.unmatched += f.unmatched; t.duplicatesFolded += f.duplicatesFolded
            for (k, v) in f.notImported { t.notImported[k, default: 0] += v }
            t.malformed += f.malformed
        }
        return t
    }

    /// What an export names, counted from its items: whole titles (films, shows named as
    /// such, titles of unknown kind), the shows its episodes belong to, and the episodes.
    public struct ReadCounts: Sendable, Codable, Hashable {
        public var titles = 0, shows = 0, episodes = 0

        public init() {}

        public init(_ items: [ForeignItem]) {
            var shows = Set<String>()
            for item in items {
                if item.kind == .episode {
                    episodes += 1
                    shows.insert(item.episode?.showTitle.map(TitleNormalizer.normalize) ?? "")
                } else {
                    titles += 1
                }
            }
            self.shows = shows.count
        }
    }

    /// The file summaries of `export`, with what matching and building did to their rows.
    static func summaries(_ export: ForeignExport, _ rows: [String: RowOutcomes]) -> [FileSummary] {
        var files = export.files.map { s in
            var f = FileSummary(file: s.file, service: s.service?.rawValue, kind: s.kind.rawValue, read: s.read, note: s.note)
            f.rowsRead = s.rowsRead
            f.duplicatesFolded = s.duplicatesFolded
            f.notImported = s.ignored
            f.malformed = s.malformed
            return f
        }
        // Row references name the file inside its export (`diary.csv`); summaries name it as
        // the user has it (`export.zip/diary.csv`): the first read file of the service that ends so.
        for (key, o) in rows.sorted(by: { $0.key < $1.key }) {
            guard let colon = key.firstIndex(of: ":") else { continue }
            let service = String(key[..<colon]), inner = String(key[key.index(after: colon)...])
            guard let k = files.firstIndex(where: { $0.read && $0.service == service && ($0.file == inner || $0.file.hasSuffix("/" + inner)) }) else { continue }
            files[k].importedRows += o.importedRows; files[k].reviewRows += o.reviewRows; files[k].ignoredRows += o.ignoredRows
            files[k].matchedByID += o.matchedByID; files[k].matchedBySearch += o.matchedBySearch; files[k].matchedByOverride += o.matchedByOverride
            files[k].review += o.reviewItems; files[k].unmatched += o.unmatchedItems; files[k].duplicatesFolded += o.folded
        }
        return files
    }
}
