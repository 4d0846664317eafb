import ArgumentParser
import Foundation
import MWCore
import MWStore

/// `mwkit check [--db PATH]`: the library database's own health check (restic's `check`).
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the library database: SQLite integrity, foreign keys, schema version and every rule validate applies to a backup (films and books).",
        discussion: """
        Reads only: the database is opened read-only and never migrated. Diagnostics and reporters as validate's \
        (db-integrity, db-foreign-key, db-schema-version, and the backup rules of docs/DIAGNOSTICS.md).
        Exit codes: 0 healthy (warnings allowed), 1 problems found (or warnings with --strict), 2 unreadable database or usage.
        """)

    @Option(help: "The library database (default: $MWKIT_DB, else $XDG_DATA_HOME/mwkit/library.sqlite).")
    var db: String?

    @Option(help: "Output style: text, json, github, junit, sarif (SARIF 2.1.0).")
    var format: ReporterKind = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let url = db.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        let report: FileReport
        do {
            let store = try LibraryStore.open(at: url, mode: .readOnly)
            defer { try? store.close() }
            var (diagnostics, counts) = try store.check()
            var read = ReadResult(format: "mwkit-library", formatVersion: store.openedVersion, diagnostics: diagnostics, counts: counts)
            read.library = nil
            // The book tables (books-v1): their rules and counts beside the films'.
            if !diagnostics.contains(where: { $0.code == DiagnosticCode.dbIntegrity.rawValue }), let books = try store.checkBooks() {
                diagnostics += books.diagnostics
                read.diagnostics = diagnostics
                read.reportCounts = ReportCounts(counts.report.entries + books.counts.entries,
                                                 summary: counts.report.summary + books.counts.summary)
            }
            report = FileReport(path: url.path, read: read, strict: strict)
        } catch {
            let message = (error as? MWError)?.description ?? "\(error)"
            print(format.reporter(verbose: reporting.verbose, toolVersion: MWKit.versionNumber).render([.unreadable(url.path, message)]), terminator: "")
            throw ExitCode(2)
        }
        print(format.reporter(verbose: reporting.verbose, toolVersion: MWKit.versionNumber).render([report]), terminator: "")
        if !report.valid { throw ExitCode(1) }
    }
}
