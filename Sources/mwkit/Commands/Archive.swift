import ArgumentParser
import Foundation
import MWBooks
import MWCore
import MWJobs
import MWStore

/// `mwkit archive --db PATH -o OUT`: the library database out to a backup.
struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Write the library database out as a backup.",
        discussion: """
        Every record is written in the order it was restored, so archiving a database freshly restored (--strategy replace) from an archive reproduces that archive byte for byte when SOURCE_DATE_EPOCH is the same (it sets exportDate; otherwise exportDate is now).

        --books writes the book tables as a bookstrack-v2 backup instead (the lossless books format) (docs/BOOKS.md); archiving a database freshly restored from a bookstrack-v2 backup reproduces it byte for byte when SOURCE_DATE_EPOCH is its exportDate.

        --list NAME writes one list, its titles, their episodes and notes (no preferences); --shareable leaves out notes with ownerOnly = true and the preferences (what a shared list holds, docs/SPEC.md#sharing). See docs/DATABASE.md.

        Exit codes: 0 written, 1 the library cannot be written in that format, 2 unreadable database or usage.
        """
    )

    @Option(help: "The library database (default: $MWKIT_DB, else $XDG_DATA_HOME/mwkit/library.sqlite, else ~/.local/share/mwkit/library.sqlite).")
    var db: String?

    @OptionGroup var out: OutputOptions

    @Option(help: "The output format.")
    var to = WritableFormat(.mediawatchV2)

    @Option(help: "Archive only this list (by id, or by name ignoring case).")
    var list: String?

    @Flag(help: "A sharing export: no owner-only notes, no preferences.")
    var shareable = false

    @Flag(help: "Write the book tables instead, as a bookstrack-v2 backup (exportDate: now, or SOURCE_DATE_EPOCH).")
    var books = false

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        try prepareOutput(input: "-", output: out.output)
        try CLIExit.run {
            let dbURL = db.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
            let store = try LibraryStore.open(at: dbURL, mode: .mustExist)
            defer { try? store.close() }
            if books { return try archiveBooks(store, dbURL: dbURL) }
            var library = try store.loadLibrary(selection: ArchiveSelection(list: list, shareable: shareable))
            library.exportDate = library.exportStamp()
            // Images come from the cache beside the database (filled by restoring ZIPs or by hydrate --images).
            let done = try LibraryWriter.write(library, version: Migrator.latestVersion, as: to.descriptor, to: out.url, options: out.writeOptions,
                                               imageDirectory: ImageCache(forDatabase: dbURL).directory)
            reporting.report(done.diagnostics, path: out.output)
            if out.output != "-" {
                StandardError.write("archived \(counted(library.lists.count, "list")), \(counted(library.titles.count, "title")), \(counted(library.episodes.count, "episode")), \(counted(library.notes.count, "note")) from \(dbURL.relativePath) to \(out.output) (\(to.descriptor.name))")
            }
        }
    }
}

extension Archive {
    func validate() throws {
        if books && (list != nil || shareable || to.descriptor.name != .mediawatchV2) {
            throw ValidationError("--books writes bookstrack-v2 and takes no --list, --shareable or --to")
        }
    }

    /// The book tables out to a `bookstrack-v2` backup (lossless: the tables hold what v2 does), written atomically.
    private func archiveBooks(_ store: LibraryStore, dbURL: URL) throws {
        var library = try store.loadBookLibrary()
        library.exportDate = Clock.now()
        try BookstrackWriter.write(library, to: out.url, version: 2)
        if out.output != "-" {
            StandardError.write("archived \(counted(library.works.count, "work")), \(counted(library.editions.count, "edition")), \(counted(library.authors.count, "author")), \(counted(library.entries.count, "entry", "entries")) from \(dbURL.relativePath) to \(out.output) (bookstrack-v2)")
        }
    }
}
