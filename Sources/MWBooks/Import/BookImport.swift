import Foundation
import MWFoundation

/// The library-level API of the book imports (`mwkit import` for Goodreads, StoryGraph and
/// LibraryThing exports): read files, fold their rows into a library, report.
///
/// ```swift
/// let reads = urls.map(BookExportReader.read)
/// let result = BookImport.run(reads, into: existing, options: BookImportOptions(onConflict: .keep))
/// try BookReviewFile.write(result.review, to: reviewURL)
/// exit(result.exitCode(reviewFileWritten: true))
/// ```
public enum BookImport {
    /// Reads the files at `urls` with the trackers' readers `services` and imports them (see
    /// ``run(_:into:options:)``).
    public static func run(urls: [URL], into existing: BookLibrary = BookLibrary(), options: BookImportOptions = BookImportOptions(),
                           services: [any BookServiceReader] = BookServices.builtIn) -> BookImportResult {
        run(urls.map { BookExportReader.read($0, services: services) }, into: existing, options: options)
    }

    /// Folds the rows of `files` into `existing` (empty for a new library). Rows are taken in
    /// an order that depends only on their content, so the same rows in any order give the
    /// same library, and ids are hashed from what records stand for, so the same files give
    /// the same library byte for byte (with the same ``BookImportOptions/importDate``).
    /// Importing the same files again into the result changes nothing. Never throws: every
    /// problem is a diagnostic and a summary line.
    public static func run(_ files: [BookFileRead], into existing: BookLibrary = BookLibrary(), options: BookImportOptions = BookImportOptions()) -> BookImportResult {
        // First the import on its own: its rows fold into works among themselves, the latest
        // activity winning inside one entry.
        let rows = BookIdentity.canonicalOrder(files.flatMap(\.rows))
        var merger = BookMerger(BookLibrary(), options: options, expectedRows: rows.count)
        var groups: [String: [(BookRow, String)]] = [:]
        groups.reserveCapacity(rows.count)
        for row in rows {
            let (work, editions) = merger.add([row])
            groups[work, default: []].append((row, editions[0]))
        }
        // Then, into an existing library, with the one library merge (BookImport+MergeInto.swift).
        var fold = ImportFold(merger)
        if !existing.works.isEmpty || !existing.entries.isEmpty || !existing.authors.isEmpty {
            fold = mergeInto(existing, fold, groups, options)
        }
        var summaries: [BookFileSummary] = []
        var seen = Set<String>()
        for f in files where seen.insert(f.file).inserted {
            var s = fold.summaries[f.file] ?? BookFileSummary(file: f.file, source: f.source, layout: f.layout)
            s.source = f.source
            s.layout = f.layout
            for same in files where same.file == f.file {
                s.rowsRead += same.rowsRead
                s.malformed += same.malformed
                for (k, v) in same.unkept { s.unkept[k, default: 0] += v }
            }
            summaries.append(s)
        }
        var diagnostics = options.overrides.diagnostics + files.flatMap(\.diagnostics) + fold.diagnostics
        let used = Set(fold.review.map(\.key))
        for key in options.overrides.decisions.keys.sorted() where !used.contains(key) {
            diagnostics.append(.warning(.importReviewDecision, "a decision in the review file names no merge of this import: \(key)"))
        }
        if files.allSatisfy({ $0.source == nil }) {
            diagnostics.append(.error(.importNoExport, "no Goodreads, StoryGraph or LibraryThing export among \(files.map(\.file).joined(separator: ", "))"))
        }
        let review = fold.review.sorted { ($0.file, $0.line, $0.key) < ($1.file, $1.line, $1.key) }
        return BookImportResult(library: fold.lib, files: summaries, review: review, diagnostics: diagnostics)
    }
}
