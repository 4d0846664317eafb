import Foundation
import MWArchive
import MWCore

/// `mwkit pack` as a job: a backup and its cached images into a mediawatch-zip. A JSON backup
/// already in the wanted dialect is copied byte for byte while it is validated; anything else
/// goes through the model.
public enum PackJob {
    /// What one run packs.
    public struct Options: Sendable {
        /// The backup as given ("-" for standard input).
        public var input: String
        /// The image cache directory (files named by TMDb basename), or an unpacked ZIP.
        public var images: URL?
        public var output: URL
        /// The JSON dialect inside the ZIP: mediawatch-v2 or mediawatch-v1.
        public var json: FormatDescriptor = .mediawatchV2
        public var readOptions = ReadOptions()
        /// A referenced image missing is an error (nothing written) instead of a warning.
        public var requireImages = false

        public init(input: String, output: URL) {
            self.input = input
            self.output = output
        }
    }

    /// The backup was not valid: nothing was written. Its report was handed to `report` already.
    public struct NotValid: Error, Sendable {
        public var input: String
    }

    /// Packs. `report` gets the backup's validation report when it has findings, before
    /// anything else happens. Returns the packing's diagnostics (missing images…). Throws
    /// ``NotValid`` for an invalid backup, ``MWError`` otherwise (``MWError/invalid(_:)``:
    /// missing images with `requireImages`).
    public static func run(_ o: Options, report: (FileReport) -> Void) throws -> [Diagnostic] {
        if let images = o.images {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: images.path, isDirectory: &isDir), isDir.boolValue else {
                throw MWError.io("--images \(images.path): no such directory")
            }
        }
        let source: any ImageSource = o.images.map { DirectoryImageSource(directory: $0) } ?? NoImages()
        var reported = false
        if o.input != "-", (try? BackupIO.detect(url: URL(fileURLWithPath: o.input))) == .json {
            // Packed byte for byte if already in the wanted format; validated meanwhile.
            let packed = try ZipBackup.pack(jsonFile: URL(fileURLWithPath: o.input), as: o.json.name, options: o.readOptions,
                                            images: source, to: o.output, requireImages: o.requireImages)
            let r = packed.validation
            if !r.diagnostics.isEmpty {
                report(FileReport(path: o.input, read: r))
                reported = true
            }
            guard r.isValid else { throw NotValid(input: o.input) }
            if packed.written { return packed.diagnostics }
        }
        // Another format (or a ZIP, or stdin): read the library and convert.
        let loaded: LoadedBackup
        if reported {
            loaded = try BackupLoader().load(o.input, options: o.readOptions)
        } else {
            do {
                loaded = try BackupLoader().loadValid(o.input, options: o.readOptions)
            } catch let e as InvalidBackup {
                report(e.report)
                throw NotValid(input: o.input)
            }
            if !loaded.result.diagnostics.isEmpty { report(FileReport(path: o.input, read: loaded.result)) }
        }
        guard loaded.result.library != nil, loaded.result.isValid else { throw NotValid(input: o.input) }
        let (lib, warnings, _) = try loaded.library(migratedTo: o.json.modelVersion)
        return try warnings + ZipBackup.write(lib, jsonFormat: o.json.name, images: source, to: o.output, requireImages: o.requireImages)
    }
}
