import Foundation
import MWArchive
import MWCore

/// Writes a library of any family in any registered format of that family: a film library is
/// migrated to the model version the format holds (what it drops reported with counts) and
/// gets the images the format can carry; every format writes atomically and reports what it
/// cannot hold. The one write path of `convert`, `strip`, `hydrate`, `migrate`, `archive` and
/// both imports.
public enum LibraryWriter {
    /// What a write did.
    public struct Outcome {
        /// Migration warnings (fields dropped) and the writer's own warnings.
        public var diagnostics: [Diagnostic]
        /// The migration steps taken, in order.
        public var steps: [String]
        /// Images the input carried that the output format cannot hold.
        public var imagesLeftBehind: Int
    }

    /// Writes `library` (at model version `version`) as `format` to `url` (nil: standard output).
    ///
    /// - Parameters:
    ///   - version: the format version whose values the library holds (an import's library:
    ///     ``Migrator/latestVersion``): the down-steps then drop and count each value once, and
    ///     the writer finds nothing left it cannot hold.
    ///   - from: the backup the library was read from; its images go into formats that hold them.
    ///   - imageDirectory: more images (a cache named by TMDb basename), looked up first.
    public static func write(_ library: Library, version: Int, as format: FormatDescriptor, to url: URL?,
                             options: WriteOptions = .init(), from loaded: LoadedBackup? = nil,
                             imageDirectory: URL? = nil, requireImages: Bool = false) throws -> Outcome {
        let write = try checked(format, family: .films, url: url, options: options)
        // v1, which has no stripped records, takes them under the export's own name where they
        // keep one, as an import to v1 does (docs/IMPORT.md "Metadata"); service writers use
        // `exportTitle` themselves.
        let (named, naming) = format.modelVersion == 1 ? library.namedFromExport() : (library, [])
        let (lib, migrated, steps) = try Migrator().migrate(named, from: version, to: format.modelVersion)
        let warnings = naming + migrated
        var sources: [any ImageSource] = []
        if let imageDirectory { sources.append(DirectoryImageSource(directory: imageDirectory)) }
        if let images = loaded?.images { sources.append(images) }
        let holdsImages = format.capabilities.contains(.images)
        let output = FormatOutput(url: url, options: options, images: holdsImages && !sources.isEmpty ? ChainedImageSource(sources) : nil,
                                  requireImages: requireImages)
        let more = try write(lib, output)
        return Outcome(diagnostics: warnings + more, steps: steps,
                       imagesLeftBehind: holdsImages ? 0 : (loaded?.imageCount ?? 0))
    }

    /// Writes `model`, a library of any family, as `format` (a format of that family) to `url`
    /// (nil: standard output). A film library is taken to be at the newest model version.
    public static func write(_ model: any LibraryModel, as format: FormatDescriptor, to url: URL?,
                             options: WriteOptions = .init()) throws -> Outcome {
        if let lib = model as? Library { return try write(lib, version: Migrator.latestVersion, as: format, to: url, options: options) }
        let write = try checked(format, family: type(of: model).family, url: url, options: options)
        return Outcome(diagnostics: try write(model, FormatOutput(url: url, options: options)), steps: [], imagesLeftBehind: 0)
    }

    /// The format's writer, once the format can take a library of `family` to `url` with `options`.
    private static func checked(_ format: FormatDescriptor, family: ModelFamily, url: URL?, options: WriteOptions) throws
        -> @Sendable (any LibraryModel, FormatOutput) throws -> [Diagnostic] {
        guard let write = format.write else { throw MWError.usage("\(format.name) cannot be written") }
        guard format.family == family else {
            throw MWError.usage("\(format.name) holds \(format.family) libraries; this one is a \(family) library")
        }
        let unknown = options.switches.subtracting(format.writeSwitches)
        if !unknown.isEmpty {
            throw MWError.usage("\(format.name) has no option \(unknown.map { "--\($0)" }.sorted().joined(separator: ", "))")
        }
        if url == nil && !format.capabilities.contains(.streamable) {
            throw MWError.usage("\(format.name) cannot be written to standard output; give -o FILE")
        }
        return write
    }

    /// Writes the library a backup was read as, in `format` (a library of another family than
    /// films as it is: `transform` works on film libraries only).
    public static func write(_ loaded: LoadedBackup, as format: FormatDescriptor, to url: URL?,
                             options: WriteOptions = .init(), transform: ((Library) throws -> Library)? = nil) throws -> Outcome {
        if transform == nil, loaded.result.library == nil, let model = loaded.result.anyModel {
            return try write(model, as: format, to: url, options: options)
        }
        guard let lib = loaded.result.library else { throw MWError.invalid(loaded.result.diagnostics) }
        guard let transform else {
            return try write(lib, version: loaded.result.formatVersion ?? 1, as: format, to: url, options: options, from: loaded)
        }
        // Transformations work on the lossless model.
        let transformed = try transform(try loaded.library(migratedTo: Migrator.latestVersion).library)
        return try write(transformed, version: Migrator.latestVersion, as: format, to: url, options: options, from: loaded)
    }
}
