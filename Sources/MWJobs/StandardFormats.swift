import MWArchive
import MWBooks
import MWCore
import MWImport

extension FormatRegistry {
    /// Every format mwkit reads or writes, one line each — backup formats and other services'
    /// exports alike. A new format is a new file in its target (a ``FormatDescriptor``) plus one
    /// line here; commands, `--from`, `--to`, `--help`, detection and the messages that list
    /// services pick it up from this list. Two lines answering to one name are a programming
    /// error, caught by the registry's tests before any command runs.
    public static let standard: FormatRegistry = {
        do { return try FormatRegistry(standardFormats) } catch { preconditionFailure("the standard registry: \(error)") }
    }()

    private static let standardFormats: [FormatDescriptor] = [
        .mediawatchV1,
        .mediawatchV2,
        .mediawatchZip,
        .bookstrackV1,
        .bookstrackV2,
        // Other services' exports: read (import, validate) and, where mwkit writes what their
        // importer reads, written.
        .letterboxd,
        .imdb,
        .trakt,
        .traktJSON,
        .tvtime,
        .movary,
        .watcharr,
        .yamtrack,
        .tmdb,
        .netflix,
        .myanimelist,
        .simkl,
        .ryot,
        .goodreads,
        .storygraph,
        .librarything,
        .hardcover,
        .bookwyrm,
        .openlibrary,
        .calibre,
    ]
}
