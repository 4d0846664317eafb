import Foundation
import MWCore

/// One input of a `migrate`, `convert` or `strip` batch: read and validate it, transform it,
/// write it in the target format. The same steps as the single-file commands, as a function
/// a batch runner (or another program) calls per file.
public struct ConvertJob: Sendable {
    /// The target format; nil: decided per input by ``formatFor`` from the format it was read as.
    public var format: FormatDescriptor?
    /// How inputs are read.
    public var readOptions: ReadOptions
    /// How JSON is laid out.
    public var writeOptions: WriteOptions
    /// A transformation on the lossless model (e.g. strip), applied before writing.
    public var transform: (@Sendable (Library) throws -> Library)?
    /// The target format for an input, when ``format`` is nil, given the format it was read as
    /// when writable (e.g. strip keeps a ZIP a ZIP).
    public var formatFor: (@Sendable (FormatDescriptor?) -> FormatDescriptor)?
    /// The registry inputs are read with.
    public var loader = BackupLoader()

    public init(format: FormatDescriptor?, readOptions: ReadOptions = .init(), writeOptions: WriteOptions = .init(),
                transform: (@Sendable (Library) throws -> Library)? = nil,
                formatFor: (@Sendable (FormatDescriptor?) -> FormatDescriptor)? = nil) {
        self.format = format
        self.readOptions = readOptions
        self.writeOptions = writeOptions
        self.transform = transform
        self.formatFor = formatFor
    }

    /// The file name extension of `input`'s output.
    public func fileExtension(for input: String) -> String {
        loader.fileExtension(of: input, in: format)
    }

    /// The format a backup read by this job is written in.
    public func target(for loaded: LoadedBackup) -> FormatDescriptor {
        if let format { return format }
        return formatFor?(loader.writableFormat(of: loaded)) ?? .mediawatchV2
    }

    /// Converts one file; throws ``InvalidBackup`` for an invalid input (nothing written).
    public func run(_ input: String, to output: URL) throws -> BatchOutcome {
        let loaded = try loader.loadValid(input, options: readOptions)
        let format = target(for: loaded)
        let done = try LibraryWriter.write(loaded, as: format, to: output, options: writeOptions, transform: transform)
        return BatchOutcome(path: input, status: .done, output: output.path, formatIn: loaded.result.format?.rawValue,
                            formatOut: format.name.rawValue,
                            counts: Dictionary(uniqueKeysWithValues: loaded.result.counts.report.entries.map { ($0.name, $0.value) }),
                            diagnostics: loaded.result.diagnostics + done.diagnostics)
    }
}
