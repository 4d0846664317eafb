import ArgumentParser
import MWJobs
import MWTMDb

/// The TMDb options of every command that talks to TMDb (`hydrate`, `import`), declared once:
/// credentials come from the environment or the config file (docs/TMDB.md), never an option.
struct TMDbOptions: ParsableArguments {
    @Flag(help: "Use only the response cache: no network, no credentials needed.")
    var offline = false

    @Option(help: "Requests per second at most (TMDb allows about 40).")
    var rate: Double = TMDbClientOptions.defaultRate

    @Option(help: "TMDb API root (default: TMDB_BASE_URL or https://api.themoviedb.org/3).")
    var tmdbBaseUrl: String?

    @OptionGroup var cache: TMDbCacheOptions

    @Option(help: "Per-request timeout in whole seconds.")
    var timeout: Int = 30

    /// The job's TMDb settings.
    var setup: TMDbSetup {
        var s = TMDbSetup()
        s.offline = offline
        s.noCache = cache.noCache
        s.cachePath = cache.cache
        s.cacheTTLHours = cache.cacheTtlHours
        s.baseURL = tmdbBaseUrl
        s.rate = rate
        s.timeoutSeconds = timeout
        return s
    }
}

/// `--cache`, `--no-cache`, `--cache-ttl-hours`: where TMDb responses are kept, whether, and how long.
struct TMDbCacheOptions: ParsableArguments {
    @Option(help: "Response cache database (default: $XDG_CACHE_HOME/mwkit/tmdb-cache.sqlite).")
    var cache: String?

    @Flag(help: "Do not use the response cache.")
    var noCache = false

    @Option(help: "Cached responses older than this many hours are refetched.")
    var cacheTtlHours: Double = 24 * 7
}
