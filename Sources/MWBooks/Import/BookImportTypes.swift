import Foundation
import MWCore
import MWFoundation

/// How an import runs (`mwkit import` options for books).
public struct BookImportOptions: Sendable {
    /// `--on-conflict`: how the imported library merges into an existing one (``BookMerge``,
    /// docs/BOOKS.md "Conflict policies"; default `newer`, as a books restore has it). Rows of
    /// one import that fold into one entry are not a conflict between libraries: there the
    /// latest activity (finished, started, added) wins.
    public var onConflict: ConflictPolicy
    /// `--overrides FILE`: decisions read back from a review file.
    public var overrides: BookOverrides
    /// The timestamp of records the import creates or changes (`dateCreated`, `lastModified`,
    /// an entry's `dateAdded` when the file has none). Defaults to ``Clock/now(environment:)``,
    /// so `SOURCE_DATE_EPOCH` makes the output byte for byte reproducible.
    public var importDate: Date

    public init(onConflict: ConflictPolicy = .newer, overrides: BookOverrides = BookOverrides(), importDate: Date = Clock.now()) {
        self.onConflict = onConflict
        self.overrides = overrides
        self.importDate = importDate
    }
}

/// What one file gave (the per-file summary of `mwkit import`).
public struct BookFileSummary: Sendable, Codable, Hashable {
    public var file: String
    public var source: BookSource?
    /// Header generation (`goodreads-24`…).
    public var layout: String?
    /// Non-empty records after the header.
    public var rowsRead = 0
    /// Records created by this file's rows.
    public var worksCreated = 0, editionsCreated = 0, authorsCreated = 0
    /// Rows folded into a work that already existed (from the library merged into, another
    /// file, or an earlier row).
    public var merged = 0
    /// Rows whose merge waits in the review file.
    public var sentToReview = 0
    /// Rows skipped: `file:line` and why.
    public var malformed: [MalformedRow] = []
    /// Columns whose values the model cannot hold → rows that had one.
    public var unkept: [String: Int] = [:]

    public init(file: String, source: BookSource?, layout: String?) {
        self.file = file
        self.source = source
        self.layout = layout
    }

    /// Whether every row read is accounted for: created a work, merged, or malformed.
    public var isBalanced: Bool { rowsRead == worksCreated + merged + malformed.count }
}

/// The outcome of an import.
public struct BookImportResult: Sendable {
    /// The library: the one merged into, with the import added.
    public var library: BookLibrary
    /// One summary per file, in the order given.
    public var files: [BookFileSummary]
    /// Merges waiting for a decision, and merges decided by the overrides; write them with
    /// ``BookReviewFile/write(_:to:)``.
    public var review: [BookReviewItem]
    public var diagnostics: [Diagnostic]
    /// The trackers the files were read with, for messages ("Goodreads, StoryGraph, … or
    /// Calibre": the registry's, whichever it holds).
    public var tried = "book"

    /// Merges still waiting for a decision.
    public var waiting: [BookReviewItem] { review.filter { $0.status == "review" } }

    /// Every reason the run exits 1: malformed rows, files that are not book exports or not
    /// readable, and — when no review file is written or with `strict` — merges waiting in review.
    public func problems(reviewFileWritten: Bool, strict: Bool = false) -> [String] {
        var out = files.flatMap(\.malformed).map { "\($0.position): \($0.reason)" }
        // A file beside the exports (a README in the folder) is skipped with a warning, as the
        // film imports skip it; only a run with no export at all is a problem.
        if !files.contains(where: { $0.source != nil }) {
            out += files.filter { $0.malformed.isEmpty }.map { "\($0.file): not \(withArticle(tried)) export" }
        }
        let n = waiting.count
        if n > 0 && (strict || !reviewFileWritten) {
            out.append(strict ? "\(n) merge(s) left in review (--strict)"
                : "\(n) work(s) were merged on title and author while their ISBNs disagree and are marked pending; pass --review FILE to decide them")
        }
        return out
    }

    /// The exit code as the film imports have it: 0 every row imported (uncertain merges in
    /// the review file), 1 when ``problems(reviewFileWritten:strict:)`` is not empty. Exit 2
    /// (usage, unreadable overrides) is for the command to throw.
    public func exitCode(reviewFileWritten: Bool, strict: Bool = false) -> Int32 {
        problems(reviewFileWritten: reviewFileWritten, strict: strict).isEmpty ? 0 : 1
    }
}
