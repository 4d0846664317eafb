import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWImport

/// `mwkit import` for book trackers (Goodreads, StoryGraph, LibraryThing): read the exports,
/// fold them into a books library (``BookImport``), optionally into an existing bookstrack
/// backup (`--merge-into`), write the result and the review file atomically. The command only
/// parses and prints; the film imports' ``ImportJob`` is the sibling for film/TV exports.
public enum BookImportJob {
    /// What one run does.
    public struct Options: Sendable {
        public var sources: [URL]
        /// The library to write; nil with `dryRun`.
        public var output: URL?
        /// The format written: a books format (bookstrack-v1 unless asked otherwise).
        public var format: FormatDescriptor = .bookstrackV1
        /// An existing bookstrack backup to import into.
        public var mergeInto: URL?
        public var onConflict: ConflictPolicy = .newer
        public var reviewFile: URL?
        public var overridesFile: URL?
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
    }

    /// Which importer `sources` go to under `--from auto`.
    public enum Route: Equatable, Sendable {
        /// A book tracker's export and no film/TV export: this job. Other files beside it
        /// (a README) are skipped with a warning, as the film imports skip them.
        case books
        /// Anything else: the film imports (which say when nothing is an export).
        case films
        /// Book and film exports together, refused (the message says which): they go to
        /// different outputs (a books backup, the film library), so half is never skipped.
        case mixed(String)
    }

    /// The route of `sources` (folders listed recursively), each file decided by content —
    /// the first 64 KiB hold the header: a book export by ``BookExportReader``, a film/TV
    /// export by the film readers' detection (or a ZIP, the shape film exports come in).
    public static func route(_ sources: [URL]) -> Route {
        var books: [URL] = [], films: [URL] = []
        for url in expand(sources) {
            guard let h = FileHandle(forReadingAtPath: url.path) else { continue }
            defer { try? h.close() }
            let head = Array((try? h.read(upToCount: 1 << 16)) ?? Data())
            let name = url.lastPathComponent
            if BookExportReader.read(bytes: head, name: name).source != nil {
                books.append(url)
            } else if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || LetterboxdReader.detect(bytes: head, name: name) != nil
                        || IMDbReader.detect(bytes: head, name: name) != nil || TraktReader.detect(bytes: head, name: name) != nil
                        || TVTimeReader.detect(bytes: head, name: name) != nil {
                films.append(url)
            }
        }
        switch (books.isEmpty, films.isEmpty) {
        case (false, true): return .books
        case (false, false):
            return .mixed("the sources mix book exports (\(books.map(\.path).joined(separator: ", "))) and film/TV exports (\(films.map(\.path).joined(separator: ", "))); import them in separate runs")
        default: return .films
        }
    }

    /// Runs the import. Throws ``MWError`` for usage and unreadable inputs (exit 2); every
    /// problem with rows is in the outcome (exit 1), and the output still holds every good row.
    public static func run(_ o: Options) throws -> Outcome {
        guard o.format.family == .books, o.format.writeModel != nil else {
            throw MWError.usage("book exports import into a books format (bookstrack-v1, goodreads-csv), not \(o.format.name)")
        }
        let files = expand(o.sources)
        for url in o.sources where !FileManager.default.fileExists(atPath: url.path) {
            throw MWError.io("\(url.path): no such file or folder")
        }
        var existing = BookLibrary()
        if let m = o.mergeInto {
            let loaded = try BackupLoader().loadValid(m.path, options: ReadOptions(), families: [.books])
            guard let lib = loaded.result.model as? BookLibrary else { throw MWError.usage("\(m.path) is not a books backup") }
            existing = lib
        }
        var options = BookImportOptions(onConflict: o.onConflict)
        if let f = o.overridesFile { options.overrides = try BookOverrides.read(f) }
        let result = BookImport.run(urls: files, into: existing, options: options)
        var written: [URL] = []
        if !o.dryRun {
            if let out = o.output {
                _ = try o.format.writeModel!(result.library, FormatOutput(url: out))
                written.append(out)
            }
            if let r = o.reviewFile {
                _ = try BookReviewFile.write(result.review, to: r)
                written.append(r)
            }
        }
        let reviewWritten = o.reviewFile != nil && !o.dryRun
        var problems = result.problems(reviewFileWritten: reviewWritten, strict: o.strict)
        // A file named on the command line was asked for: not being an export is a problem
        // there, while a file met inside a folder (a README) is only skipped with a warning.
        if result.files.contains(where: { $0.source != nil }) {
            let named = Set(o.sources.filter { !isDirectory($0) }.map(\.path))
            problems += result.files.filter { $0.source == nil && $0.malformed.isEmpty && named.contains($0.file) }
                .map { "\($0.file): not a Goodreads, StoryGraph or LibraryThing export" }
        }
        return Outcome(result: result, exitCode: problems.isEmpty ? 0 : 1, problems: problems, written: written)
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Files named directly, and the regular files under folders (sorted, hidden ones skipped).
    static func expand(_ sources: [URL]) -> [URL] {
        var out: [URL] = []
        for url in sources {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { continue }
            if !isDir.boolValue { out.append(url); continue }
            let e = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            var found: [URL] = []
            while let f = e?.nextObject() as? URL {
                if (try? f.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(f) }
            }
            out += found.sorted { $0.path < $1.path }
        }
        return out
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
        s += "library: \(lib.works.count) works, \(lib.editions.count) editions, \(lib.authors.count) authors, \(lib.entries.count) entries; \(result.waiting.count) merge(s) waiting in review\n"
        for p in problems { s += "problem: \(p)\n" }
        return s
    }

    /// The summary as JSON (sorted keys): the per-file summaries, library counts, problems.
    public func json() throws -> String {
        struct Doc: Encodable {
            var files: [BookFileSummary]
            var works, editions, authors, entries, waitingInReview: Int
            var problems: [String]
            var exitCode: Int32
        }
        let lib = result.library
        let doc = Doc(files: result.files, works: lib.works.count, editions: lib.editions.count, authors: lib.authors.count,
                      entries: lib.entries.count, waitingInReview: result.waiting.count, problems: problems, exitCode: exitCode)
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try e.encode(doc), as: UTF8.self) + "\n"
    }
}
