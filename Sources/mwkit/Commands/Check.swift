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

    @OptionGroup var database: DatabaseOption

    @OptionGroup var verdict: VerdictOptions

    func run() throws {
        let url = database.url
        let report: FileReport
        do {
            report = try CheckJob.run(url, strict: verdict.strict)
        } catch {
            let message = (error as? MWError)?.description ?? "\(error)"
            verdict.print([.unreadable(url.path, message)])
            throw ExitCode(2)
        }
        verdict.print([report])
        if !report.valid { throw ExitCode(1) }
    }
}
