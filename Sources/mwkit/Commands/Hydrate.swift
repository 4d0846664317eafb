import ArgumentParser
import Foundation
import Logging
import MWCore
import MWJobs
import MWTMDb

/// `mwkit hydrate IN -o OUT`: fills TMDb-derived metadata of stripped records from TMDb.
struct Hydrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill stripped records' TMDb metadata from the TMDb API (and optionally download images).",
        discussion: """
        Credentials: TMDB_API_KEY (v3 key) or TMDB_ACCESS_TOKEN (v4 read token), or the config file \
        $XDG_CONFIG_HOME/mwkit/tmdb.json ({"api_key": "…"} or {"access_token": "…"}). The key is never printed.
        Responses are cached in $XDG_CACHE_HOME/mwkit/tmdb-cache.sqlite (~/.cache/… by default), so a \
        re-run (e.g. after an interruption) is served from the cache. See docs/TMDB.md.
        \(batchHelp)
        Exit codes: 0 all hydrated, 1 some records failed (listed) or invalid input, \
        2 unreadable input, usage or credential error (401 stops at once).
        """)

    @OptionGroup var out: OutputOptions

    @Option(help: "Output format (default: the input's format).")
    var to: WritableFormat?

    @OptionGroup var what: HydrateChoices

    @OptionGroup var tmdb: TMDbOptions

    @Option(help: "Write a JSON summary of the run (counts, requests, achieved rate) to this file.")
    var statsJson: String?

    @Flag(help: "Log each retry and failure (to stderr).")
    var verbose = false

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var batch: BatchOptions

    private var setup: TMDbSetup { tmdb.setup }

    func validate() throws {
        if let problem = setup.usageProblem { throw ValidationError(problem) }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = verbose ? .debug : .error
            return h
        }
        if batch.isBatch { return try runMany() }
        let input = batch.inputs[0]
        try prepareOutput(input: input, output: out.output)
        do {
            let loaded = try loadValid(input, inputOptions.readOptions(), ReportingOptions(verbose: verbose))
            let (client, warnings) = try setup.makeClient()
            for w in warnings { StandardError.write("warning: \(w)") }
            let job = self.job(client)
            let report = try await hydrate(loaded, job)
            try write(report, loaded: loaded, job)
            printSummary(report)
            if let statsJson { try writeStats(report, to: statsJson) }
            if !report.failures.isEmpty {
                listFailures(report)
                throw ExitCode(1)
            }
        } catch { throw CLIExit.from(error) }
    }

    /// The job of this command's options, with `client`.
    private func job(_ client: TMDbClient) -> HydrateJob {
        HydrateJob(client: client, options: what.options, format: to?.descriptor,
                   readOptions: inputOptions.readOptions(), writeOptions: out.writeOptions)
    }

    /// Fetches metadata (and images) with a progress display; a fatal TMDb error stops the run.
    private func hydrate(_ loaded: LoadedBackup, _ job: HydrateJob) async throws -> HydrateReport {
        let progress = ProgressDisplay()
        defer { progress.finish() }
        do {
            return try await job.hydrate(loaded) { progress.update($0.phase.rawValue, done: $0.done, total: $0.total) }
        } catch let e as TMDbError {
            progress.finish()
            throw CLIExit.failure(e.description + (e.isFatal ? "; stopped, nothing was written" : ""), code: e.isFatal ? 2 : 1)
        }
    }

    /// Writes the hydrated library; downloaded images (--images) join those of a ZIP input.
    private func write(_ report: HydrateReport, loaded: LoadedBackup, _ job: HydrateJob) throws {
        do {
            let done = try job.write(report, loaded: loaded, to: out.url)
            StandardError.report(done.diagnostics, path: out.output, verbose: verbose)
        } catch {
            // e.g. records left stripped cannot be written as v1: say which ones.
            listFailures(report)
            throw error
        }
    }

    /// A batch: one client (rate limit, cache) for every input; inputs run `--jobs` at a time
    /// on threads of their own, each waiting for its async hydration.
    private func runMany() throws {
        try CLIExit.run {
            let (client, warnings) = try setup.makeClient()
            for w in warnings { StandardError.write("warning: \(w)") }
            let job = self.job(client)
            try runBatch("hydrate", paths: batch.inputs, batch: batch, output: out.output,
                         fileExtension: { job.fileExtension(for: $0.path) },
                         work: { input, output in try waitFor { try await job.run(input.path, to: output) } })
        }
    }

    private func listFailures(_ report: HydrateReport) {
        guard !report.failures.isEmpty else { return }
        StandardError.write("\(counted(report.failures.count, "record")) could not be hydrated and were left as they were:")
        for f in report.failures { StandardError.write("  \(f)") }
    }

    private func printSummary(_ report: HydrateReport) {
        let s = report.clientStats
        let perTitle = report.titlesConsidered > 0 ? Double(s.requests) / Double(report.titlesConsidered) : 0
        StandardError.write("hydrated \(counted(report.titlesHydrated, "title")) and \(counted(report.episodesHydrated, "episode")) of \(counted(report.titlesConsidered, "title")) needing work "
                            + "in \(String(format: "%.2f", report.metadataSeconds)) s: \(counted(s.requests, "request")) (\(String(format: "%.2f", perTitle))/title), "
                            + "\(s.cacheHits) from cache, \(s.retries) retr\(s.retries == 1 ? "y" : "ies")"
                            + (s.achievedRate.map { String(format: ", %.1f req/s (limit %.1f)", $0, tmdb.rate) } ?? ""))
        if report.episodesNumbered > 0 {
            StandardError.write("numbered \(counted(report.episodesNumbered, "episode")) named only by title from TMDb's seasons")
        }
        if what.images != nil {
            StandardError.write("images: \(report.imagesDownloaded) downloaded, \(report.imagesPresent) already present")
        }
    }

    private func writeStats(_ r: HydrateReport, to path: String) throws {
        let s = r.clientStats
        let obj: [String: Any] = [
            "titlesConsidered": r.titlesConsidered, "titlesHydrated": r.titlesHydrated,
            "episodesHydrated": r.episodesHydrated, "failures": r.failures.count,
            "requests": s.requests, "cacheHits": s.cacheHits, "retries": s.retries,
            "requestsPerTitle": r.titlesConsidered > 0 ? Double(s.requests) / Double(r.titlesConsidered) : 0,
            "achievedRate": s.achievedRate ?? 0, "rateLimit": tmdb.rate,
            "metadataSeconds": r.metadataSeconds, "imagesDownloaded": r.imagesDownloaded,
            "imagesPresent": r.imagesPresent, "imageRequests": s.imageRequests,
        ]
        let data = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys, .prettyPrinted])
        try AtomicFile.write([UInt8](data), to: URL(fileURLWithPath: path))
    }
}

/// `--images` and `--refresh`: what a hydration fetches (``HydrateOptions``).
struct HydrateChoices: ParsableArguments {
    @Option(help: "Download posters, backdrops and stills into this directory.")
    var images: String?

    @Flag(help: "Re-fetch metadata of every record, not only stripped ones.")
    var refresh = false

    var options: HydrateOptions { HydrateOptions(refresh: refresh, imagesDirectory: images.map { URL(fileURLWithPath: $0) }) }
}
