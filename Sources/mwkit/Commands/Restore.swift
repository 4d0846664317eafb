import ArgumentParser
import Foundation
import MWCore
import MWJobs
import MWStore

/// `mwkit restore BACKUP --db PATH --strategy merge|replace`: a backup into the library database.
struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup into the library database (merge or replace).",
        discussion: """
        A books backup (bookstrack-v1 or -v2) goes to the book tables: merge matches works by a shared external id, an ISBN, else title and primary author, and by default keeps the entry modified last (--on-conflict newer; tags and notes are always united); replace empties only the book tables. See docs/BOOKS.md.

        merge adds what is new and matches what exists: titles by (tmdbId, mediaType), episodes by (show, season, episode), lists by id then name (ignoring case), list items by (list, title), notes by id then (parent, text). --on-conflict decides between differing records: keep (default) | newer (later dateModified wins) | theirs (the backup wins) | union (watched if either, earliest watchedDate, likedStatus from the newer record).

        replace clears the database and imports the backup in one transaction, keeping the previous database as <db>.snapshot-<time> unless --no-snapshot.

        An invalid backup is refused with its diagnostics and the database is not touched. See docs/DATABASE.md.

        Exit codes: 0 restored, 1 invalid backup or failed restore, 2 unreadable input or usage.
        """
    )

    @Argument(help: "The backup to restore (mediawatch v1 or v2 JSON, a mediawatch ZIP, or a bookstrack-v1/-v2 books backup).")
    var backup: String

    @OptionGroup var database: DatabaseOption

    @Option(help: "How the backup comes in.")
    var strategy: RestoreStrategy = .merge

    @Option(name: .customLong("on-conflict"), help: "How merge resolves differing records, merge only: keep | newer | theirs | union (default keep for films, newer for books; docs/BOOKS.md \"Conflict policies\").")
    var onConflict: ConflictPolicy?

    @Flag(name: .customLong("dry-run"), help: "Print what would change per entity; change nothing.")
    var dryRun = false

    @Option(help: "Write every decision as JSON to this file ('-' for standard output).")
    var plan: String?

    @Flag(name: .customLong("no-snapshot"), help: "replace: do not keep a copy of the previous database.")
    var noSnapshot = false

    @Option(name: .customLong("keep-snapshots"), help: "replace: snapshots kept beside the database, the new one included; older ones are removed.")
    var keepSnapshots: Int = 3

    @OptionGroup var input: InputOptions

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if keepSnapshots < 1 { throw ValidationError("--keep-snapshots must be at least 1 (the snapshot just made is always kept)") }
        if onConflict != nil && strategy == .replace {
            throw ValidationError("--on-conflict applies to --strategy merge only")
        }
    }

    func run() throws {
        let clock = PhaseClock()
        var restore = RestoreOptions(strategy: strategy, onConflict: onConflict ?? .keep, dryRun: dryRun,
                                     snapshot: !noSnapshot, now: Clock.now(), onPhase: { clock.lap($0) })
        restore.keepSnapshots = keepSnapshots
        var o = RestoreJob.Options(backup: backup, database: database.url, restore: restore)
        o.createFolder = database.db == nil
        o.onConflict = onConflict
        o.plan = plan
        o.readOptions = input.readOptions()
        let outcome: RestoreJob.Outcome
        do {
            outcome = try RestoreJob.run(o)
        } catch let e as InvalidBackup {
            StandardError.report([e.report], verbose: reporting.verbose)
            throw CLIExit.failure("\(backup) is not a valid backup; the database was not touched", code: 1)
        } catch {
            throw CLIExit.from(error)
        }
        reporting.report(outcome.backupWarnings, path: backup)
        for n in outcome.notices { StandardError.write("mwkit: " + n) }
        if plan == "-" { StandardError.write(outcome.summary) } else { print(outcome.summary, terminator: "") }
        for w in outcome.warnings { StandardError.write("mwkit: warning: \(w)") }
    }
}

/// Phase timings on stderr when `MWKIT_TIMING` is set (used by bench/store.sh).
final class PhaseClock: Sendable {
    private let last = Locked(Date())
    private let on = ProcessInfo.processInfo.environment["MWKIT_TIMING"] != nil
    func lap(_ name: String) {
        guard on else { return }
        let now = Date()
        let since = last.withLock { last in defer { last = now }; return now.timeIntervalSince(last) }
        StandardError.write("timing: \(name) \(String(format: "%.3f", since)) s")
    }
}

extension RestoreStrategy: ExpressibleByArgument {}
extension ConflictPolicy: ExpressibleByArgument {}
