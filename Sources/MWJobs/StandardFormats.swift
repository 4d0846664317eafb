import MWArchive
import MWBooks
import MWCore
import MWImport

extension FormatRegistry {
    /// Every format mwkit reads or writes, one line each. A new format is a new file in its
    /// target (a ``FormatDescriptor``) plus one line here; commands, `--help` and detection
    /// pick it up from this list.
    public static let standard = FormatRegistry([
        .mediawatchV1,
        .mediawatchV2,
        .mediawatchZip,
        .letterboxdCSV,
        .imdbCSV,
        .bookstrackV1,
        .goodreadsCSV,
    ])
}
