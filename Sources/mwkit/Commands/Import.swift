import ArgumentParser
import Foundation
import MWBooks
import MWCore
import MWImport
import MWJobs
import MWStore

/// `mwkit import SOURCE… -o OUT`: other services' exports (the registry's film services) into
/// a MediaWatch backup, matched to TMDb, or book trackers' into a books backup. The work is
/// ``ImportJob``'s and ``BookImportJob``'s; this parses and prints. Every service named in its
/// help comes from the registry.
struct Import: AsyncParsableCommand {
    static let registry = FormatRegistry.standard

    /// "Letterboxd, IMDb, … exports": a family's services, for help.
    static func named(_ family: ModelFamily) -> String {
        registry.services(family).map(\.displayName).joined(separator: ", ")
    }

    static let configuration = CommandConfiguration(
        abstract: "Import \(named(.films)) exports into a MediaWatch backup, or \(named(.books)) exports into a books backup.",
        discussion: """
        SOURCE is what you have: the export ZIP as downloaded, the folder it unpacks to, or single files; \
        several combine into one library (duplicates folded by TMDb ID). Each file's service and role are \
        detected from its content. Items are matched to TMDb: an ID in the file, else IMDb/TVDB IDs through \
        /find, else a search accepted only for a clear winner; the rest wait in the review file (--review). \
        Write a TMDb ID or `ignore` in its decision column and pass it back with --overrides.

        Credentials as for hydrate: TMDB_API_KEY or TMDB_ACCESS_TOKEN, or $XDG_CONFIG_HOME/mwkit/tmdb.json; \
        never printed. Answers are cached ($XDG_CACHE_HOME/mwkit/tmdb-cache.sqlite): a re-run sends no request. \
        --offline and --dry-run use only the cache and need no credentials.

        The output is a normal backup (v1 by default, which the app restores as-is; v2 keeps every rating, \
        watch, tag and source reference). --db [PATH] also merges it into the library database as \
        `restore --strategy merge` does (bare --db: the default database), books into its book tables. Re-importing the same export \
        gives the same ids and changes nothing. See docs/IMPORT.md.

        Exit codes: 0 every row imported or placed in the review file; 1 some rows malformed or not imported \
        (each listed with file:line and why; the output still holds every good row), or with --strict rows \
        left in review; 2 unreadable input, usage error, or TMDb credentials refused (nothing written).

        Books: \(registry.serviceList(.books, "and")) exports (detected from their headers, or --from) become a \
        bookstrack-v2 backup (or --to bookstrack-v1 | goodreads-csv); --merge-into BOOKS imports into an existing books backup, \
        keeping its user data by --on-conflict; works merged on title and author while their ISBNs disagree are \
        marked pending and listed in --review (decide `merge` or `separate`, feed back with --overrides). \
        No TMDb is involved. See docs/IMPORT.md "Books".

        Options of one service (given among the sources):
        \(registry.serviceOptionsHelp(.films).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        """)

    /// The sources and the options of one service (``ServiceArguments``), which the registry
    /// declares: swift-argument-parser hands over whatever it does not know, in order.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Export ZIPs, folders or files.", valueName: "source"))
    var arguments: [String] = []

    /// The sources and the service options, split (``ServiceArguments``).
    var given: ServiceArguments { (try? ServiceArguments(arguments, registry: Self.registry)) ?? ServiceArguments() }

    /// The sources, in the order given; a SOURCE right after a bare `--db` (which the parser
    /// took for its value) first.
    var sources: [String] {
        if let db, !db.isEmpty, Self.isSource(db) { return [db] + given.sources }
        return given.sources
    }

    @Option(name: .shortAndLong, help: "The backup to write.")
    var output: String?

    @Option(help: "Output format: mediawatch-v1 (default), mediawatch-v2, mediawatch-zip; for books bookstrack-v2 (default, lossless), bookstrack-v1 or goodreads-csv.")
    var to: WritableFormat?

    @Option(help: "Books: import into this existing bookstrack backup (it is not modified; the result goes to -o).")
    var mergeInto: String?

    @Option(help: "Books, with --merge-into or --db: how a book in both is merged: newer (default: the later lastModified wins), keep (the existing library's), theirs (the import's), union (newer, read if either is); docs/BOOKS.md \"Conflict policies\".")
    var onConflict: ConflictPolicy = .newer

    // The services listed in the help text, where they wrap: as the value's name, one unbreakable
    // word, they overflowed the man page's line (a groff warning).
    @Option(help: ArgumentHelp("Read only this service's files: " + registry.services.map(\.name.rawValue).joined(separator: ", ")
                               + " (default: auto, every service detected from content).", valueName: "service"))
    var from: String = "auto"

    /// The service `--from` names; nil for auto.
    var service: String? { from == "auto" ? nil : from }

    @Option(help: "Write the items not matched with certainty to this CSV, with candidates and an empty decision column.")
    var review: String?

    @Option(help: "A review file with decisions (a TMDb ID or `ignore` per row); decisions win over everything.")
    var overrides: String?

    @Option(help: "The list for titles in no other list (watched, rated or reviewed only).")
    var watchedList = "Watched"

    @Option(help: "Ratings at or above this many points out of 10 are liked (a 5-star rating counts double).")
    var likedAt: Double = 8

    @Option(help: "Ratings at or below this many points out of 10 are disliked.")
    var dislikedAt: Double = 4

    @Flag(help: "Print what would be imported; write nothing; ask TMDb only through the cache.")
    var dryRun = false

    @Flag(help: "Rows left in review make the exit code 1.")
    var strict = false

    @Option(help: "Summary format on standard output: text or json.")
    var format: ImportSummaryFormat = .text

    /// `--db PATH`, or a bare `--db` (swift-argument-parser's value for an option given as a
    /// flag: the empty string) for the default database.
    @Option(name: .customLong("db"), defaultAsFlag: "", parsing: .next,
            help: ArgumentHelp("Also merge into the library database (bare --db: $MWKIT_DB, else the default location).", valueName: "path"))
    var db: String?

    /// The database `--db` names: the default one for a bare `--db`, or for one followed by an
    /// existing file or folder that is no SQLite database (a SOURCE, see ``sources``).
    var database: URL? {
        guard let db else { return nil }
        return db.isEmpty || Self.isSource(db) ? StoreLocation.defaultURL() : URL(fileURLWithPath: db)
    }

    @Flag(inversion: .prefixedNo, help: "Pretty-print JSON (default: v1 compact like the app, v2 pretty).")
    var pretty: Bool?

    /// Offline (`--offline`: matched from IDs in the files, the cache and --overrides; the rest go
    /// to review), cache, rate, API root: as for hydrate.
    @OptionGroup var tmdb: TMDbOptions

    @OptionGroup var reporting: ReportingOptions

    var options: ImportJobOptions {
        var o = ImportJobOptions(sources: sources.map { URL(fileURLWithPath: $0) })
        o.from = service
        o.output = output.map { URL(fileURLWithPath: $0) }
        o.format = (to ?? WritableFormat(.mediawatchV1)).descriptor
        o.writeOptions = WriteOptions(pretty: pretty)
        o.reviewFile = review.map { URL(fileURLWithPath: $0) }
        o.overridesFile = overrides.map { URL(fileURLWithPath: $0) }
        o.tmdb = tmdb.setup
        o.build.watchedListName = watchedList
        o.build.profile = LikedProfile(likedAt: likedAt, dislikedAt: dislikedAt)
        o.serviceOptions = given.values
        o.dryRun = dryRun
        o.strict = strict
        o.database = database
        return o
    }

    func validate() throws {
        _ = try ServiceArguments(arguments, registry: Self.registry)
        if output == "-" { throw ValidationError("-o must name a file: the summary uses standard output") }
        if let service {
            do { if try Self.registry.service(named: service).family != .films { return } } catch { throw ValidationError("\(error)") }
        }
        if let p = options.usageProblem { throw ValidationError(p) }
    }

    func run() async throws {
        // The sources are read, parsed and detected once, here; the import takes them as found.
        // Before they are: a file's bytes freed while routing raised glibc's mmap threshold,
        // so a book import's rows and tables came from the heap and stayed resident once freed
        // (issue 29: new-library peak RSS).
        LargeBuffers.returnWhenFreed()
        let routed: RoutedSources
        do { routed = try Self.registry.routed(sources.map { URL(fileURLWithPath: $0) }, from: service) } catch { throw CLIExit.from(error) }
        switch routed.route {
        case .mixed(let problem): throw ValidationError(problem)
        case .books: return try runBooks(routed)
        case .films: break
        }
        // A source that is not there is that, not a film export given --merge-into.
        if mergeInto != nil, let missing = sources.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw CLIExit.from(MWError.io("\(missing): no such file or folder"))
        }
        if mergeInto != nil { throw ValidationError("--merge-into is for book exports (\(Self.named(.books))); films merge into the database with --db") }
        // Temporary files a killed earlier run left beside the outputs go.
        for path in [output, review].compactMap({ $0 }) { AtomicFile.removeStaleTemporaries(beside: URL(fileURLWithPath: path)) }
        let progress = ProgressDisplay()
        let report: ImportReport
        do {
            // Nothing to look up (every item by an ID in the file or a decision): no "matching: 0/0".
            var options = options
            options.routed = routed
            report = try await ImportJob.run(options) { done, total in if total > 0 { progress.update("matching", done: done, total: total) } }.report
        } catch {
            progress.finish()
            throw CLIExit.from(error)
        }
        progress.finish()
        try finish(report)
    }

    /// Both imports end alike: diagnostics on stderr, the summary on stdout, the exit code.
    func finish(_ outcome: some ImportOutcome) throws {
        reporting.report(outcome.diagnostics.inRowOrder(), path: sources.count == 1 ? sources[0] : "import")
        print(format == .json ? try outcome.json() : outcome.text(), terminator: "")
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }

    /// The book trackers' import (``BookImportJob``).
    func runBooks(_ routed: RoutedSources) throws {
        var o = BookImportJob.Options(sources: sources.map { URL(fileURLWithPath: $0) })
        o.output = output.map { URL(fileURLWithPath: $0) }
        o.database = database
        if let to { o.format = to.descriptor }
        o.mergeInto = mergeInto.map { URL(fileURLWithPath: $0) }
        o.onConflict = onConflict
        o.from = service
        o.detected = routed.books
        o.reviewFile = review.map { URL(fileURLWithPath: $0) }
        o.overridesFile = overrides.map { URL(fileURLWithPath: $0) }
        o.dryRun = dryRun
        o.strict = strict
        for path in [output, review].compactMap({ $0 }) { AtomicFile.removeStaleTemporaries(beside: URL(fileURLWithPath: path)) }
        let outcome: BookImportJob.Outcome
        do { outcome = try BookImportJob.run(o) } catch { throw CLIExit.from(error) }
        // The process ends with this command: the library is left to the exit rather than
        // freed record by record (3% of a 50,000-book import's time).
        KeptUntilExit.keep(outcome)
        try finish(outcome)
    }

    /// Whether what the parser took for `--db`'s value is a SOURCE after a bare `--db`: an
    /// existing file or folder that is not an SQLite database, given as `--db SOURCE`.
    /// `--db=PATH` is always a path (a file that is no database is then refused, not taken as
    /// a source with the default database written instead).
    static func isSource(_ path: String) -> Bool {
        !CommandLine.arguments.contains("--db=\(path)") && FileManager.default.fileExists(atPath: path) && !isSQLite(path)
    }

    private static func isSQLite(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        return (try? h.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }
}

/// `--format` of `mwkit import`.
enum ImportSummaryFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
