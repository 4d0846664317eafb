import ArgumentParser
import Foundation
import Logging
import MWCore
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
        Exit codes: 0 all hydrated, 1 some records failed (listed) or invalid input, \
        2 unreadable input, usage or credential error (401 stops at once).
        """)

    @Argument(help: "The backup to hydrate (v1, v2 or ZIP; '-' for stdin).")
    var input: String

    @Option(name: .shortAndLong, help: "Output file ('-' for stdout).")
    var output: String

    @Option(help: "Output format (default: the input's format).")
    var to: BackupFormat?

    @Option(help: "Download posters, backdrops and stills into this directory.")
    var images: String?

    @Flag(help: "Re-fetch metadata of every record, not only stripped ones.")
    var refresh = false

    @Flag(help: "Use only the response cache; no network, no credentials needed.")
    var offline = false

    @Option(help: "Requests per second at most (TMDb allows about 40).")
    var rate: Double = TMDbClientOptions.defaultRate

    @Option(help: "TMDb API root (default: TMDB_BASE_URL or https://api.themoviedb.org/3).")
    var tmdbBaseUrl: String?

    @Option(help: "Response cache database (default: $XDG_CACHE_HOME/mwkit/tmdb-cache.sqlite).")
    var cache: String?

    @Flag(help: "Do not use the response cache.")
    var noCache = false

    @Option(help: "Cached responses older than this many hours are refetched.")
    var cacheTtlHours: Double = 24 * 7

    @Option(help: "Per-request timeout in whole seconds.")
    var timeout: Int = 30

    @Option(help: "Write a JSON summary of the run (counts, requests, achieved rate) to this file.")
    var statsJson: String?

    @Flag(help: "Log each retry and failure (to stderr).")
    var verbose = false

    @OptionGroup var inputOptions: InputOptions

    /// Usage errors exit 2 like every other mwkit usage error.
    private func checkUsage() throws {
        func usage(_ m: String) -> Error { CLIExit.failure(m, code: 2) }
        guard rate > 0, rate.isFinite else { throw usage("--rate must be a positive number, got \(rate)") }
        guard timeout > 0 else { throw usage("--timeout must be a positive number of seconds") }
        if offline && noCache { throw usage("--offline needs the cache; drop --no-cache") }
        if let u = tmdbBaseUrl, URL(string: u)?.scheme == nil { throw usage("--tmdb-base-url must be an absolute URL, got \(quoted(u))") }
        if cacheTtlHours < 0 { throw usage("--cache-ttl-hours must not be negative") }
    }

    func run() async throws {
        try refuseOverwritingInput(input, output)
        try checkUsage()
        let env = ProcessInfo.processInfo.environment
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = verbose ? .debug : .error
            return h
        }
        do {
            let loaded = try BackupLoader.loadValid(input, options: inputOptions.readOptions())
            let lib = try loaded.library(migratedTo: 2).library
            let inFormat = loaded.result.format ?? .mediawatchV2
            let outFormat = to ?? inFormat

            let credentials: TMDbCredentials?
            do {
                credentials = try TMDbCredentials.load(environment: env)
            } catch {
                // Offline runs need no credentials, so an unusable config file only matters online.
                if !offline { throw MWError.usage("\(error)") }
                credentials = nil
            }
            if credentials == nil && !offline { throw MWError.usage(TMDbError.missingCredentials.description) }

            var tmdbCache: TMDbCache? = nil
            if !noCache {
                let url = cache.map { URL(fileURLWithPath: $0) } ?? TMDbCache.defaultURL(environment: env)
                do {
                    let c = try TMDbCache(url: url)
                    for w in c.warnings { printErr("warning: \(w)") }
                    tmdbCache = c
                } catch {
                    if offline { throw MWError.io("cannot open the TMDb cache \(url.path): \(error)") }
                    printErr("warning: cannot open the TMDb cache \(url.path) (\(error)); continuing without it")
                }
            }
            let base = tmdbBaseUrl.flatMap(URL.init(string:)) ?? TMDbClientOptions.baseURL(environment: env)
            let options = TMDbClientOptions(baseURL: base, requestsPerSecond: rate, timeoutSeconds: timeout,
                                            cache: tmdbCache, cacheTTL: cacheTtlHours * 3600, offline: offline)
            let client = TMDbClient(credentials: credentials, options: options)
            let hydrator = Hydrator(client: client, options: HydrateOptions(
                refresh: refresh, imagesDirectory: images.map { URL(fileURLWithPath: $0) }))

            let progress = ProgressDisplay()
            let report: HydrateReport
            do {
                report = try await hydrator.run(lib) { progress.update($0) }
            } catch let e as TMDbError {
                progress.finish()
                throw CLIExit.failure(e.description + (e.isFatal ? "; stopped, nothing was written" : ""), code: e.isFatal ? 2 : 1)
            }
            progress.finish()

            func listFailures() {
                guard !report.failures.isEmpty else { return }
                printErr("\(report.failures.count) record(s) could not be hydrated and were left as they were:")
                for f in report.failures { printErr("  \(f)") }
            }
            var diags: [Diagnostic] = []
            do {
                var outLib = report.library
                if outFormat == .mediawatchV1 { outLib = try Migrator().migrate(outLib, from: 2, to: 1).0 }
                switch outFormat {
                case .mediawatchV1, .mediawatchV2:
                    diags = try BackupIO.write(outLib, as: outFormat, to: outputURL(output))
                case .mediawatchZip:
                    // Downloaded images (--images) go into the archive beside those of a ZIP input.
                    diags = try ConvertSupport.writeZip(outLib, loaded: loaded, output: output,
                                                        imageDirectory: images.map { URL(fileURLWithPath: $0) })
                }
            } catch {
                // e.g. records left stripped cannot be written as v1: say which ones.
                listFailures()
                throw error
            }
            for d in diags { printErr("\(d.severity.rawValue): [\(d.code)] \(d.message)") }

            let s = report.clientStats
            let perTitle = report.titlesConsidered > 0 ? Double(s.requests) / Double(report.titlesConsidered) : 0
            printErr("hydrated \(report.titlesHydrated) title(s) and \(report.episodesHydrated) episode(s) of \(report.titlesConsidered) title(s) needing work "
                     + "in \(String(format: "%.2f", report.metadataSeconds)) s: \(s.requests) request(s) (\(String(format: "%.2f", perTitle))/title), "
                     + "\(s.cacheHits) from cache, \(s.retries) retr\(s.retries == 1 ? "y" : "ies")"
                     + (s.achievedRate.map { String(format: ", %.1f req/s (limit %.1f)", $0, rate) } ?? ""))
            if images != nil {
                printErr("images: \(report.imagesDownloaded) downloaded, \(report.imagesPresent) already present")
            }
            if let statsJson { try writeStats(report, to: statsJson) }
            if !report.failures.isEmpty {
                listFailures()
                throw ExitCode(1)
            }
        } catch { throw CLIExit.from(error) }
    }

    private func writeStats(_ r: HydrateReport, to path: String) throws {
        let s = r.clientStats
        let obj: [String: Any] = [
            "titlesConsidered": r.titlesConsidered, "titlesHydrated": r.titlesHydrated,
            "episodesHydrated": r.episodesHydrated, "failures": r.failures.count,
            "requests": s.requests, "cacheHits": s.cacheHits, "retries": s.retries,
            "requestsPerTitle": r.titlesConsidered > 0 ? Double(s.requests) / Double(r.titlesConsidered) : 0,
            "achievedRate": s.achievedRate ?? 0, "rateLimit": rate,
            "metadataSeconds": r.metadataSeconds, "imagesDownloaded": r.imagesDownloaded,
            "imagesPresent": r.imagesPresent, "imageRequests": s.imageRequests,
        ]
        let data = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys, .prettyPrinted])
        try AtomicFile.write([UInt8](data), to: URL(fileURLWithPath: path))
    }
}
