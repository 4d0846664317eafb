import Foundation
import MWBooks
import MWCore
import MWImport
import MWMatching
import MWStore
import MWTMDb

/// `mwkit import` as a job (docs/IMPORT.md "The command"): read the exports, match their
/// items to TMDb (deduplicated lookups through the cached client), build the library, write
/// it (and the review file) atomically, and merge it into the library database when asked.
/// One bad row never stops an import: it is reported and the output holds every good row.
public enum ImportJob {
    /// What a run made: the report and the library (as built, before a format drops anything).
    public struct Outcome: Sendable {
        public var report: ImportReport
        public var library: Library
    }

    /// Runs the import. Throws ``MWError`` for exit 2 (usage, unreadable input, credentials
    /// refused — nothing is written then); everything else is in the report, whose
    /// ``ImportReport/exitCode`` is 0 or 1. `progress` gets (lookups done, lookups to do).
    public static func run(_ o: ImportJobOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
                           progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> Outcome {
        if let p = o.usageProblem { throw MWError.usage(p) }
        // The decisions first: an unreadable overrides file stops the run before any work.
        let overrides = try o.overridesFile.map { try MatchOverrides.read($0) } ?? MatchOverrides()

        var readOptions = ImportOptions(readers: o.registry.filmReaders)
        readOptions.serviceOptions = o.serviceOptions
        readOptions.prepared = o.routed?.films
        if let from = o.from {
            let chosen = try o.registry.service(named: from)
            guard chosen.family == .films else {
                throw MWError.usage("--from \(from) is a \(chosen.family) service; film and TV exports come from \(o.registry.serviceList(.films))")
            }
            readOptions.services = [ForeignService(rawValue: chosen.name.rawValue)]
        }
        readOptions.alsoTried = o.registry.services(.books).isEmpty ? nil
            : "\(withArticle(o.registry.serviceList(.books))) one, which `mwkit import` also reads"
        let export = MWImport.read(sources: o.sources, options: readOptions)
        let unreadable = export.diagnostics.filter {
            $0.severity == .error && ($0.code == DiagnosticCode.ioUnreadable.rawValue || $0.code == DiagnosticCode.importNoExport.rawValue)
        }
        if !unreadable.isEmpty { throw MWError.io(unreadable.map(\.message).joined(separator: "; ") + "; nothing was written") }

        // A dry run asks the cache only: no request leaves the machine.
        var setup = o.tmdb
        if o.dryRun { setup.offline = true; setup.noCache = false }
        let (client, clientWarnings) = try setup.makeClient(environment: environment)
        let matches: MatchResult
        do {
            matches = try await TMDbMatcher(client: client).match(export.items, overrides: overrides, progress: progress)
        } catch let e as TMDbError where e.isFatal {
            throw MWError.usage("TMDb refused the request: \(e); nothing was written")
        }

        var build = o.build
        build.fillMetadata = !o.format.capabilities.contains(.strippedRecords)
        var built = LibraryBuilder.build(export, matches: matches, options: build)
        var numbering: (numbered: Int, diagnostics: [Diagnostic]) = (0, [])
        if !setup.offline { numbering = try await numberUnnumberedEpisodes(&built, client: client) }
        // The builder makes valid libraries by construction; a failure here is a bug, refused
        // before anything is written.
        let invalid = Validator.validate(built.library).filter { $0.severity == .error }
        guard invalid.isEmpty else { throw MWError.invalid(invalid) }

        var report = ImportReport(format: o.format.name.rawValue, dryRun: o.dryRun, strict: o.strict)
        report.files = ImportReport.summaries(export, built.rows)
        report.library = built.counts
        report.read = ImportReport.ReadCounts(export.items)
        report.distinctLookups = matches.stats.distinctKeys
        report.requests = matches.stats.requests
        report.cacheHits = matches.stats.cacheHits
        report.diagnostics = export.diagnostics + matches.diagnostics + built.diagnostics
            + overrides.diagnostics.filter { d in !matches.diagnostics.contains(d) }
            + clientWarnings.map { Diagnostic(.warning, .importMatchIncomplete, $0) } + numbering.diagnostics
        report.episodesNumbered = numbering.numbered
        report.inReview = inReview(matches, export.items)
        report.reviewFileRows = ReviewFile.rows(matches, items: export.items).count

        if !o.dryRun {
            if let out = o.output {
                // The builder's library holds every formatVersion's values: from the newest, each
                // down-step to a format's version drops and counts its own fields once.
                let done = try LibraryWriter.write(built.library, version: Migrator.latestVersion, as: o.format, to: out,
                                                   options: o.writeOptions)
                report.diagnostics += done.diagnostics
                report.output = out.relativePath  // as the user gave it
            }
            if let r = o.reviewFile {
                report.reviewFileRows = try ReviewFile.write(matches, items: export.items, to: r)
                report.review = r.relativePath
            }
            if let db = o.database {
                // The database holds stripped records: what TMDb did not say stays for `hydrate`
                // (the one library built, its filled metadata taken off).
                report.merge = try merge(built.strippedLibrary, into: db).tallies.reduce(into: [:]) { $0[$1.key.rawValue] = $1.value }
                report.database = db.relativePath
            }
        } else {
            report.output = nil
            report.review = nil
        }
        report.problems = report.files.flatMap(\.malformed).map { "\($0.position): \($0.reason)" }
        let waiting = report.total.review
        if waiting > 0 && (o.strict || o.reviewFile == nil) {
            report.problems.append(o.strict
                ? "\(waiting) item(s) left in review (--strict)"
                : "\(waiting) item(s) could not be matched with certainty and were not imported; pass --review FILE to decide them")
        }
        report.exitCode = report.problems.isEmpty ? 0 : 1
        return Outcome(report: report, library: built.library)
    }

    /// One line per review key: where, what, why.
    static func inReview(_ matches: MatchResult, _ items: [ForeignItem]) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for m in matches.items {
            guard let r = m.review, seen.insert(m.key).inserted else { continue }
            let item = items[m.index]
            let what = item.kind == .episode ? (item.episode?.showTitle ?? item.title) : item.title
            out.append("\(item.source.position): \(what)\(item.year.map { " (\($0))" } ?? ""): \(r.reason)")
        }
        return out
    }

    /// Merges `library` into the database at `url` (created when missing) exactly as
    /// `restore --strategy merge` does, conflicts kept as the database has them.
    static func merge(_ library: Library, into url: URL) throws -> RestoreReport {
        let store = try LibraryStore.openMakingFolder(at: url)
        defer { try? store.close() }
        return try store.restore(library, options: RestoreOptions(strategy: .merge, onConflict: .keep, snapshot: false))
    }
}
