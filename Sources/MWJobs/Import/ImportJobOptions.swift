import Foundation
import MWCore
import MWImport

/// Everything `mwkit import` is asked to do (docs/IMPORT.md "The command").
public struct ImportJobOptions: Sendable {
    /// Export ZIPs, folders, single files.
    public var sources: [URL]
    /// `--from`: read only this service's files (nil: every service, each file by content).
    public var from: String?
    /// What the routing read and parsed (``FormatRegistry/routed(_:from:)``): its files are
    /// not read again.
    public var routed: RoutedSources?
    /// The formats known: the services read are its film services.
    public var registry: FormatRegistry = .standard
    /// The backup to write; nil only with ``dryRun`` or when only ``database`` is wanted.
    public var output: URL?
    public var format: FormatDescriptor = .mediawatchV1
    public var writeOptions = WriteOptions()
    /// `--review FILE`: the review CSV to write.
    public var reviewFile: URL?
    /// `--overrides FILE`: a review file with decisions, read back.
    public var overridesFile: URL?
    /// TMDb client settings (credentials as `hydrate` gets them, cache, `--offline`, base URL).
    public var tmdb = TMDbSetup()
    public var build = ImportBuildOptions()
    /// The options of the services' readers (``FormatDescriptor/readOptions``), handed to the
    /// readers as given: each must be declared by a film service of ``registry``.
    public var serviceOptions = ServiceOptionValues()
    /// Print what would be imported; write nothing, ask only the TMDb cache.
    public var dryRun = false
    /// Rows left in review make the run fail (exit 1).
    public var strict = false
    /// `--db`: merge the import into this library database too (as `restore --strategy merge`).
    public var database: URL?

    public init(sources: [URL]) { self.sources = sources }

    /// The first problem with these options, as a usage message; nil when they are usable.
    public var usageProblem: String? {
        if let p = commonUsageProblem { return p }
        if output == nil && database == nil && !dryRun { return "give -o OUT (or --db, or --dry-run)" }
        if let p = build.profile.problem { return p }
        for name in serviceOptions.names {
            guard let (service, option) = registry.serviceOption(named: name), service.family == .films else {
                return "--\(name) is not an option of a film or TV service"
            }
            if let value = serviceOptions[name], option.takesValue, let p = option.problem(with: value) { return p }
        }
        if build.watchedListName.trimmingCharacters(in: .whitespaces).isEmpty || build.watchedListName.unicodeScalars.count > 100 {
            return "--watched-list must be a list name of 1–100 characters"
        }
        return tmdb.usageProblem
    }
}
