import ArgumentParser
import Foundation
import MWArchive
import MWCore
import MWStore

/// `mwkit archive --db PATH -o OUT`: the library database out to a backup.
struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Write the library database out as a backup.",
        discussion: """
        Every record is written in the order it was restored, so archiving a database freshly restored (--strategy replace) from an archive reproduces that archive byte for byte when SOURCE_DATE_EPOCH is the same (it sets exportDate; otherwise exportDate is now).

        --list NAME writes one list, its titles, their episodes and notes (no preferences); --shareable leaves out notes with ownerOnly = true and the preferences (what a shared list holds, seeds/004 §5.1, §9.1). See docs/DATABASE.md.

        Exit codes: 0 written, 1 the library cannot be written in that format, 2 unreadable database or usage.
        """
    )

    @Option(help: "The library database (default: $MWKIT_DB, else $XDG_DATA_HOME/mwkit/library.sqlite, else ~/.local/share/mwkit/library.sqlite).")
    var db: String?

    @Option(name: [.short, .customLong("output")], help: "Output file ('-' for standard output).")
    var output: String

    @Option(help: "The output format.")
    var to: BackupFormat = .mediawatchV2

    @Option(help: "Archive only this list (by id, or by name ignoring case).")
    var list: String?

    @Flag(help: "A sharing export: no owner-only notes, no preferences.")
    var shareable = false

    func run() throws {
        do {
            try archive()
        } catch {
            throw CLIExit.from(error)
        }
    }

    private func archive() throws {
        let format = to
        let dbURL = db.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        let store = try LibraryStore.open(at: dbURL, mode: .mustExist)
        defer { try? store.close() }
        var library = try store.loadLibrary(selection: ArchiveSelection(list: list, shareable: shareable))
        library.exportDate = Clock.now()
        let diagnostics: [Diagnostic]
        switch format {
        case .mediawatchV1, .mediawatchV2:
            diagnostics = try BackupIO.write(library, as: format, to: outputURL(output))
        case .mediawatchZip:
            // Images come from the cache beside the database (filled by restoring ZIPs or by hydrate --images).
            guard output != "-" else { throw MWError.usage("mediawatch-zip cannot be written to standard output; give -o FILE") }
            diagnostics = try ZipBackup.write(library, images: DirectoryImageSource(directory: ImageCache(forDatabase: dbURL).directory),
                                              to: URL(fileURLWithPath: output))
        }
        for d in diagnostics { printErr("mwkit: \(d.severity.rawValue): [\(d.code)] \(d.message)") }
        if output != "-" {
            printErr("archived \(library.lists.count) list(s), \(library.titles.count) title(s), \(library.episodes.count) episode(s), \(library.notes.count) note(s) from \(dbURL.path) to \(output) (\(format.rawValue))")
        }
    }
}
