import Foundation
import MWArchive
import MWCore

/// Writes a library in any registered format: migrates it to the model version the format
/// holds, gathers the images it can carry, and writes atomically. Shared by `convert`, `strip`,
/// `hydrate`, `migrate` and `archive`.
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
    ///   - from: the backup the library was read from; its images go into formats that hold them.
    ///   - imageDirectory: more images (a cache named by TMDb basename), looked up first.
    public static func write(_ library: Library, version: Int, as format: FormatDescriptor, to url: URL?,
                             options: WriteOptions = .init(), from loaded: LoadedBackup? = nil,
                             imageDirectory: URL? = nil, requireImages: Bool = false) throws -> Outcome {
        guard let write = format.write else { throw MWError.usage("\(format.name) cannot be written") }
        let unknown = options.switches.subtracting(format.writeSwitches)
        if !unknown.isEmpty {
            throw MWError.usage("\(format.name) has no option \(unknown.map { "--\($0)" }.sorted().joined(separator: ", "))")
        }
        if url == nil && !format.capabilities.contains(.streamable) {
            throw MWError.usage("\(format.name) cannot be written to standard output; give -o FILE")
        }
        let (lib, warnings, steps) = try Migrator().migrate(library, from: version, to: format.modelVersion)
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

    /// Writes the library a backup was read as, in `format`.
    public static func write(_ loaded: LoadedBackup, as format: FormatDescriptor, to url: URL?,
                             options: WriteOptions = .init(), transform: ((Library) throws -> Library)? = nil) throws -> Outcome {
        guard let lib = loaded.result.library else { throw MWError.invalid(loaded.result.diagnostics) }
        guard let transform else {
            return try write(lib, version: loaded.result.formatVersion ?? 1, as: format, to: url, options: options, from: loaded)
        }
        // Transformations work on the lossless model.
        let transformed = try transform(try loaded.library(migratedTo: Migrator.latestVersion).library)
        return try write(transformed, version: Migrator.latestVersion, as: format, to: url, options: options, from: loaded)
    }
}
