import ArgumentParser
import Foundation
import MWCore
import MWJobs
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
            report = try CheckJob.run(url, strict: strict)
        } catch {
            let message = (error as? MWError)?.description ?? "\(error)"
            print(format.reporter(verbose: reporting.verbose, toolVersion: MWKit.versionNumber).render([.unreadable(url.path, message)]), terminator: "")
            throw ExitCode(2)
        }
        print(format.reporter(verbose: reporting.verbose, toolVersion: MWKit.versionNumber).render([report]), terminator: "")
        if !report.valid { throw ExitCode(1) }
    }
}
