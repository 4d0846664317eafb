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

        --books (or --to a books format: goodreads, bookstrack-v1…, or a database that holds books and no films) writes the book tables instead, as a bookstrack-v2 backup unless --to says otherwise (the lossless books format) (docs/BOOKS.md); archiving a database freshly restored from a bookstrack-v2 backup reproduces it byte for byte when SOURCE_DATE_EPOCH is its exportDate.

        --list NAME writes one list, its titles, their episodes and notes (no preferences); --shareable leaves out notes with ownerOnly = true and the preferences (what a shared list holds, docs/SPEC.md#sharing). See docs/DATABASE.md.

        Exit codes: 0 written, 1 the library cannot be written in that format, 2 unreadable database or usage.
        """
    )

    @OptionGroup var database: DatabaseOption

    @OptionGroup var out: OutputOptions

    @Option(help: "The output format (default: mediawatch-v2, or bookstrack-v2 with --books); a books format (goodreads, bookstrack-v1…) writes the book tables.")
    var to: WritableFormat?

    @OptionGroup var selection: SelectionOptions

    @Flag(help: "Write the book tables instead, as a bookstrack-v2 backup unless --to names another books format (exportDate: now, or SOURCE_DATE_EPOCH).")
    var books = false

    @OptionGroup var reporting: ReportingOptions

    var options: ArchiveJob.Options {
        ArchiveJob.Options(database: database.url, output: out.url, format: to?.descriptor,
                           writeOptions: out.writeOptions, books: books, selection: selection.value)
    }

    func validate() throws {
        if let p = options.usageProblem { throw ValidationError(p) }
    }

    func run() throws {
        try prepareOutput(input: "-", output: out.output)
        try CLIExit.run {
            let done = try ArchiveJob.run(options, outputName: out.output)
            reporting.report(done.diagnostics, path: out.output)
            if out.output != "-" { StandardError.write(done.summary) }
        }
    }
}

extension Archive {
    /// `--list` and `--shareable`: which part of the films' library is written (``ArchiveSelection``).
    struct SelectionOptions: ParsableArguments {
        @Option(help: "Archive only this list (by id, or by name ignoring case).")
        var list: String?

        @Flag(help: "A sharing export: no owner-only notes, no preferences.")
        var shareable = false

        var value: ArchiveSelection { ArchiveSelection(list: list, shareable: shareable) }
    }
}
