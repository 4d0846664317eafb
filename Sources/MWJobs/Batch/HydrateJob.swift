import Foundation
import MWCore
import MWTMDb

/// One input of a `hydrate` batch: read, fill stripped records from TMDb (one client, and so
/// one rate limit and cache, for the whole batch), write in the target format.
public struct HydrateJob: Sendable {
    /// The client every input shares.
    public var client: TMDbClient
    /// What to fetch.
    public var options: HydrateOptions
    /// The target format; nil: the input's own.
    public var format: FormatDescriptor?
    public var readOptions: ReadOptions
    public var writeOptions: WriteOptions
    public var loader = BackupLoader()

    public init(client: TMDbClient, options: HydrateOptions, format: FormatDescriptor?,
                readOptions: ReadOptions = .init(), writeOptions: WriteOptions = .init()) {
        self.client = client
        self.options = options
        self.format = format
        self.readOptions = readOptions
        self.writeOptions = writeOptions
    }

    /// The file name extension of `input`'s output.
    public func fileExtension(for input: String) -> String {
        loader.fileExtension(of: input, in: format)
    }

    /// The format a backup is written in: the chosen one, else the one it was read as.
    public func target(for loaded: LoadedBackup) -> FormatDescriptor {
        format ?? loader.writableFormat(of: loaded) ?? .mediawatchV2
    }

    /// Fills the stripped records of the library `loaded` holds (every record with
    /// ``HydrateOptions/refresh``); `progress` gets each phase's progress.
    public func hydrate(_ loaded: LoadedBackup, progress: (@Sendable (HydrateProgress) -> Void)? = nil) async throws -> HydrateReport {
        let lib = try loaded.library(migratedTo: Migrator.latestVersion).library
        return try await Hydrator(client: client, options: options).run(lib, progress: progress)
    }

    /// Writes the hydrated library in ``target(for:)`` to `output` (nil: standard output);
    /// downloaded images join those of a ZIP input.
    public func write(_ report: HydrateReport, loaded: LoadedBackup, to output: URL?) throws -> LibraryWriter.Outcome {
        try LibraryWriter.write(report.library, version: Migrator.latestVersion, as: target(for: loaded), to: output, options: writeOptions,
                                from: loaded, imageDirectory: options.imagesDirectory)
    }

    /// Hydrates one file. Records TMDb could not fill are left as they were and make the
    /// outcome `failed` (the output is still written, as the single-file command does).
    public func run(_ input: String, to output: URL) async throws -> BatchOutcome {
        let loaded = try loader.loadValid(input, options: readOptions)
        let report = try await hydrate(loaded)
        let format = target(for: loaded)
        let done = try write(report, loaded: loaded, to: output)
        var outcome = BatchOutcome(path: input, status: report.failures.isEmpty ? .done : .failed, output: output.path,
                                   formatIn: loaded.result.format?.rawValue, formatOut: format.name.rawValue,
                                   counts: ["titlesHydrated": report.titlesHydrated, "episodesHydrated": report.episodesHydrated],
                                   diagnostics: loaded.result.diagnostics + done.diagnostics)
        if !report.failures.isEmpty {
            outcome.message = "\(report.failures.count) record(s) could not be hydrated: " + report.failures.prefix(3).map { "\($0)" }.joined(separator: "; ")
        }
        return outcome
    }
}
