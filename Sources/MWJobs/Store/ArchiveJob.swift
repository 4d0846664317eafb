import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWMacros
import MWStore

/// `mwkit archive` as a job: the library database out to a backup, through the one write path
/// (``LibraryWriter``) for both families. The format's family says which tables are written:
/// `--to goodreads` writes the book tables as a Goodreads CSV, `--to mediawatch-zip` the films'.
public enum ArchiveJob {
    /// What one run writes.
    @PublicMemberwiseInit
    public struct Options: Sendable {
        public var database: URL
        /// The backup to write; nil is standard output.
        public var output: URL?
        /// The format written; nil: the lossless one of the family (mediawatch-v2, or
        /// bookstrack-v2 with ``books`` or for a database that holds only books).
        public var format: FormatDescriptor?
        public var writeOptions: WriteOptions = WriteOptions()
        /// The book tables rather than the films' (`--books`); a books ``format`` says so too.
        public var books: Bool = false
        /// Films only: one list (by id, or by name ignoring case), and a sharing export.
        public var selection: ArchiveSelection = .all

        /// The family written: books when asked or when the format is a books format.
        public var family: ModelFamily { books || format?.family == .books ? .books : .films }

        /// The format written.
        public var chosenFormat: FormatDescriptor { format ?? (family == .books ? .bookstrackV2 : .mediawatchV2) }

        /// The first problem with these options, as a usage message; nil when they are usable.
        public var usageProblem: String? {
            if books, let f = format, f.family != .books {
                return "--books writes the book tables: --to must be a books format, not \(f.name)"
            }
            if family == .books && selection != .all {
                return "the book tables are written whole: --list and --shareable are for films"
            }
            return nil
        }
    }

    /// What the run wrote.
    public struct Outcome: Sendable {
        /// What the format could not hold, and other warnings.
        public var diagnostics: [Diagnostic]
        /// One line: what was archived from where to where.
        public var summary: String
    }

    /// Runs the archive. Throws ``MWError`` for an unreadable database, usage, or a library the
    /// format cannot take.
    public static func run(_ o: Options, outputName: String) throws -> Outcome {
        if let p = o.usageProblem { throw MWError.usage(p) }
        let store = try LibraryStore.open(at: o.database, mode: .mustExist)
        defer { try? store.close() }
        var o = o
        // Neither --books nor --to said which tables: a database of books only writes its books
        // (an empty film backup would be no backup of it).
        if !o.books && o.format == nil && o.selection == .all, try store.holdsOnlyBooks() { o.books = true }
        let format = o.chosenFormat
        if o.family == .books {
            var library = try store.loadBookLibrary()
            library.exportDate = Clock.now()
            let done = try LibraryWriter.write(library, as: format, to: o.output, options: o.writeOptions)
            return Outcome(diagnostics: done.diagnostics, summary: "archived \(counted(library.works.count, "work")), \(counted(library.editions.count, "edition")), \(counted(library.authors.count, "author")), \(counted(library.entries.count, "entry", "entries")) from \(o.database.relativePath) to \(outputName) (\(format.name))")
        }
        var library = try store.loadLibrary(selection: o.selection)
        library.exportDate = library.exportStamp()
        // Images come from the cache beside the database (filled by restoring ZIPs or by hydrate --images).
        let done = try LibraryWriter.write(library, version: Migrator.latestVersion, as: format, to: o.output, options: o.writeOptions,
                                           imageDirectory: ImageCache(forDatabase: o.database).directory)
        return Outcome(diagnostics: done.diagnostics, summary: "archived \(counted(library.lists.count, "list")), \(counted(library.titles.count, "title")), \(counted(library.episodes.count, "episode")), \(counted(library.notes.count, "note")) from \(o.database.relativePath) to \(outputName) (\(format.name))")
    }
}
