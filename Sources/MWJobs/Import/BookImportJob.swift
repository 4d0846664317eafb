import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWImport
import MWStore

/// `mwkit import` for the book trackers (the registry's book services): read the exports,
/// fold them into a books library (``BookImport``), optionally into an existing bookstrack
/// backup (`--merge-into`), write the result and the review file atomically. The command only
/// parses and prints; the film imports' ``ImportJob`` is the sibling for film/TV exports.
public enum BookImportJob {
    /// What one run does.
    public struct Options: Sendable {
        public var sources: [URL]
        /// The library to write; nil with `dryRun`.
        public var output: URL?
        /// The format written: a books format (the lossless bookstrack-v2 unless asked
        /// otherwise, as film imports write the lossless mediawatch-v2).
        public var format: FormatDescriptor = .bookstrackV2
        /// An existing bookstrack backup to import into.
        public var mergeInto: URL?
        /// `--db`: merge the import into this library database's book tables too (created when
        /// missing), as `restore --strategy merge` of the written backup would.
        public var database: URL?
        public var onConflict: ConflictPolicy = .newer
        public var reviewFile: URL?
        public var overridesFile: URL?
        /// `--from`: read only this tracker's files (nil: every tracker, each file by content).
        public var from: String?
        /// The formats known: the trackers are its book services.
        public var registry: FormatRegistry = .standard
        /// Every source file as the routing detected it (``RoutedSources/books``), in
        /// ``ImportFiles/expand(_:)``'s order: read as found, not opened and detected again.
        public var detected: BookDetections?
        public var dryRun = false
        public var strict = false

        public init(sources: [URL]) { self.sources = sources }
    }

    /// What the run did: the import's result, the exit code and the reasons for it.
    public struct Outcome: Sendable {
        public var result: BookImportResult
        public var exitCode: Int32
        public var problems: [String]
        /// Files written (output, review file), in order.
        public var written: [URL]
        /// The merge into ``Options/database``, when asked and not a dry run.
        public var merged: BookRestoreReport?
        /// The database merged into, as the user named it.
        public var database: String?
    }

    /// Runs the import. Throws ``MWError`` for usage and unreadable inputs (exit 2); every
    /// problem with rows is in the outcome (exit 1), and the output still holds every good row.
    public static func run(_ o: Options) throws -> Outcome {
        if let p = o.commonUsageProblem { throw MWError.usage(p) }
        if o.output == nil && o.database == nil && !o.dryRun { throw MWError.usage("give -o OUT (or --db, or --dry-run)") }
        let writable = o.registry.formats.filter { $0.family == .books && $0.isWritable }.map(\.name.rawValue)
        guard o.format.family == .books, o.format.isWritable else {
            throw MWError.usage("book exports import into a books format (\(writable.joined(separator: ", "))), not \(o.format.name)")
        }
        var services = o.registry.bookReaders
        if let from = o.from {
            let chosen = try o.registry.service(named: from)
            guard chosen.family == .books, let reader = chosen.service as? any BookServiceReader else {
                throw MWError.usage("--from \(from) is a \(chosen.family) service; book exports come from \(o.registry.serviceList(.books))")
            }
            services = [reader]
        }
        let files = ImportFiles.expand(o.sources)
        for url in o.sources where !FileManager.default.fileExists(atPath: url.path) {
            throw MWError.io("\(url.path): no such file or folder")
        }
        var options = BookImportOptions(onConflict: o.onConflict)
        if let f = o.overridesFile { options.overrides = try BookOverrides.read(f) }
        var result: BookImportResult
        if let m = o.mergeInto {
            // The existing library is read and indexed on another thread while the exports are
            // read and folded (a third of a 50,000-book merge's time), then handed over whole:
            // the merge changes it in place, not a copy. What reading it throws is thrown (exit 2).
            let existing = BackgroundValue { () throws -> BookMergeTarget in
                let loaded = try BackupLoader().loadValid(m.path, options: ReadOptions(), families: [.books])
                guard let lib = loaded.result.model as? BookLibrary else { throw MWError.usage("\(m.path) is not a books backup") }
                return BookMergeTarget(lib)
            }
            if let detected = o.detected, o.from == nil {
                result = try BookImport.run(detected: detected.take(), mergingInto: existing.take, options: options)
            } else {
                result = try BookImport.run(urls: files, mergingInto: existing.take, options: options, services: services)
            }
        } else if let detected = o.detected, o.from == nil {
            result = BookImport.run(detected: detected.take(), options: options)
        } else {
            result = BookImport.run(urls: files, options: options, services: services)
        }
        var written: [URL] = []
        var merged: BookRestoreReport?
        if !o.dryRun {
            if let out = o.output {
                // What the format cannot hold (`field-dropped`: bookstrack-v1's private notes,
                // goodreads-csv's earlier reads…) is reported with the import's diagnostics.
                let done = try LibraryWriter.write(result.library, as: o.format, to: out)
                result.diagnostics += done.diagnostics
                written.append(out)
            }
            if let r = o.reviewFile {
                _ = try BookReviewFile.write(result.review, to: r)
                written.append(r)
            }
            if let db = o.database { merged = try merge(result.library, into: db, onConflict: o.onConflict) }
        }
        let reviewWritten = o.reviewFile != nil && !o.dryRun
        var problems = result.problems(reviewFileWritten: reviewWritten, strict: o.strict)
        // A file named on the command line was asked for: not being an export is a problem
        // there, while a file met inside a folder (a README) is only skipped with a warning.
        if result.files.contains(where: { $0.source != nil }) {
            let named = Set(o.sources.filter { !ImportFiles.isDirectory($0) }.map(\.relativePath))
            problems += result.files.filter { $0.source == nil && $0.malformed.isEmpty && named.contains($0.file) }
                .map { "\($0.file): not \(withArticle(listing(services.map(\.displayName)))) export" }
        }
        return Outcome(result: result, exitCode: problems.isEmpty ? 0 : 1, problems: problems, written: written,
                       merged: merged, database: merged == nil ? nil : o.database?.relativePath)
    }

    /// Merges `library` into the book tables of the database at `url` (created when missing)
    /// exactly as `restore --strategy merge` of a books backup does.
    static func merge(_ library: BookLibrary, into url: URL, onConflict: ConflictPolicy) throws -> BookRestoreReport {
        let store = try LibraryStore.openMakingFolder(at: url)
        defer { try? store.close() }
        return try store.restoreBooks(library, options: RestoreOptions(strategy: .merge, onConflict: onConflict, snapshot: false))
    }
}

extension BookImportJob.Outcome {
    /// The summary as text: one block per file, then the problems.
    public func text() -> String {
        var s = ""
        for f in result.files {
            s += "\(f.file) (\(f.source?.rawValue ?? "not a book export")\(f.layout.map { ", \($0)" } ?? ""))\n"
            s += "  rows read \(f.rowsRead), works created \(f.worksCreated), editions \(f.editionsCreated), authors \(f.authorsCreated), merged \(f.merged), sent to review \(f.sentToReview), malformed \(f.malformed.count)\n"
            for m in f.malformed { s += "    \(m.position): \(m.reason)\n" }
            for (k, v) in f.unkept.sorted(by: { $0.key < $1.key }) { s += "    not kept: \(k) ×\(v)\n" }
        }
        let lib = result.library
        s += "library: \(counted(lib.works.count, "work")), \(counted(lib.editions.count, "edition")), \(counted(lib.authors.count, "author")), "
            + "\(counted(lib.entries.count, "entry", "entries")); \(counted(result.waiting.count, "merge")) waiting in review\n"
        if let database, let merged {
            s += mergedLine(database, merged.namedTallies)
            for w in merged.warnings { s += "warning: \(w)\n" }
        }
        for p in problems { s += "problem: \(p)\n" }
        return s
    }

    /// The summary as JSON (sorted keys): the per-file summaries, library counts, problems and
    /// every diagnostic.
    public func json() throws -> String {
        struct Doc: Encodable {
            var files: [BookFileSummary]
            var works, editions, authors, entries, waitingInReview: Int
            var problems: [String]
            var exitCode: Int32
            /// Every diagnostic, with its place (file, line, column, field), as the film summary has them.
            var diagnostics: [Diagnostic]
            /// `--db`: the database and the merge's tallies per entity.
            var database: String?
            var merged: [String: RestoreTally]?
        }
        let lib = result.library
        let doc = Doc(files: result.files, works: lib.works.count, editions: lib.editions.count, authors: lib.authors.count,
                      entries: lib.entries.count, waitingInReview: result.waiting.count, problems: problems, exitCode: exitCode,
                      diagnostics: result.diagnostics, database: database,
                      merged: merged.map { m in Dictionary(uniqueKeysWithValues: m.namedTallies) })
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try e.encode(doc), as: UTF8.self) + "\n"
    }
}
