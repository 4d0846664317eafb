import Foundation
import MWMacros

/// One format mwkit knows, as pandoc knows its readers and writers: its name (`--to`,
/// `--from`), how it is recognised from content, how it is read into the ``Library`` model and
/// written out of it, and what it can hold. Commands ask a ``FormatRegistry`` for descriptors
/// and never switch over formats, so a new format is one new file plus one registry line.
public struct FormatDescriptor: Sendable {
    /// The command-line name.
    public var name: BackupFormat
    /// One line for `--help`.
    public var summary: String
    /// What the format can hold.
    public var capabilities: FormatCapabilities
    /// The file name extension of its files, without the dot (batch outputs are named with it).
    public var fileExtension: String
    /// The model (JSON format) version a library is migrated to before it is written: 1 for
    /// formats that hold only what the app's `ExportData` holds, else the newest
    /// (``Migrator/latestVersion``, 3: lossless, provenance values included). A format that
    /// holds what formatVersion 2 holds but not the provenance values says 2, and its users
    /// learn what was dropped.
    public var modelVersion: Int
    /// How sure the format is that content is its own (0: not at all); nil: never detected
    /// (write-only formats). The registry picks the highest score; ties go to the first registered.
    public var detect: (@Sendable (ContentSniff) -> Int)?
    /// Reads an input into the model; nil for write-only formats.
    public var read: (@Sendable (FormatInput, ReadOptions) throws -> LoadedBackup)?
    /// Writes a library of the format's ``family`` (a film ``Library`` already migrated to
    /// ``modelVersion``); nil for read-only formats. Returns warnings, e.g. fields the format
    /// cannot hold, with counts. A library of another family is refused with ``MWError/usage(_:)``.
    public var write: (@Sendable (any LibraryModel, FormatOutput) throws -> [Diagnostic])?
    /// The ``WriteSwitch``es its writer reads (``WriteOptions/switches``); others are refused.
    public var writeSwitches: Set<WriteSwitch>
    /// The options its reader reads (a service's: Netflix's `--date-order`), handed to it in
    /// ``ServiceOptionValues`` by `mwkit import`, which lists them in `--help` by service.
    public var readOptions: [ServiceOption] = []
    /// The model the format reads into and writes from (``ModelFamily/films`` unless said).
    public var family: ModelFamily = .films
    /// For another service's export (Letterboxd, Goodreads…): how its files are recognised,
    /// for the import pipeline of its family; nil for mwkit's and the apps' own backup formats.
    public var service: (any ServiceReader)?
    /// The name people write (`Letterboxd`), for messages that list services.
    public var displayName: String
    /// Other names `--to` and `--from` accept (`letterboxd-csv` for `letterboxd`).
    public var aliases: [String] = []
    /// Which kinds of a user's data it holds (`mwkit formats`).
    public var holds = FormatHolds()

    public init(name: BackupFormat, summary: String, capabilities: FormatCapabilities = [], fileExtension: String = "json",
                modelVersion: Int = Migrator.latestVersion,
                detect: (@Sendable (ContentSniff) -> Int)? = nil,
                read: (@Sendable (FormatInput, ReadOptions) throws -> LoadedBackup)? = nil,
                write: (@Sendable (Library, FormatOutput) throws -> [Diagnostic])? = nil,
                writeSwitches: Set<WriteSwitch> = []) {
        self.init(name: name, summary: summary, family: .films, capabilities: capabilities, fileExtension: fileExtension,
                  modelVersion: modelVersion, detect: detect, read: read, write: write.map(Self.typed), writeSwitches: writeSwitches)
    }

    /// A format of any family: `read` puts a library of another family than films in
    /// ``ReadResult/model``; `write` takes a library of `family` (see ``typed(_:)``).
    public init(name: BackupFormat, summary: String, family: ModelFamily, capabilities: FormatCapabilities = [],
                fileExtension: String = "json", modelVersion: Int = Migrator.latestVersion,
                detect: (@Sendable (ContentSniff) -> Int)?,
                read: (@Sendable (FormatInput, ReadOptions) throws -> LoadedBackup)?,
                write: (@Sendable (any LibraryModel, FormatOutput) throws -> [Diagnostic])?,
                writeSwitches: Set<WriteSwitch> = []) {
        self.name = name
        self.summary = summary
        self.family = family
        self.capabilities = capabilities
        self.fileExtension = fileExtension
        self.modelVersion = modelVersion
        self.detect = detect
        self.read = read
        self.write = write
        self.writeSwitches = writeSwitches
        self.displayName = name.rawValue
    }

    /// A writer of one model type as a ``write`` closure: any other library is refused with
    /// ``MWError/usage(_:)`` naming both families.
    public static func typed<M: LibraryModel>(_ write: @escaping @Sendable (M, FormatOutput) throws -> [Diagnostic])
        -> @Sendable (any LibraryModel, FormatOutput) throws -> [Diagnostic] {
        { model, output in
            guard let m = model as? M else {
                throw MWError.usage("this format holds \(M.family) libraries, not \(type(of: model).family)")
            }
            return try write(m, output)
        }
    }

    /// Whether the format can be read.
    public var isReadable: Bool { read != nil }
    /// Whether the format can be written (a library of its ``family``).
    public var isWritable: Bool { write != nil }
    /// Whether this is another service's export rather than a backup format.
    public var isService: Bool { service != nil }

    /// Every name the format answers to: its own, then its aliases.
    public var names: [String] { [name.rawValue] + aliases }
}

/// What a format can hold beyond the lists, titles, episodes and notes every format has.
public struct FormatCapabilities: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Image files (posters, backdrops, stills) travel with the library.
    public static let images = FormatCapabilities(rawValue: 1 << 0)
    /// Records marked stripped (TMDb metadata removed, to be re-hydrated).
    public static let strippedRecords = FormatCapabilities(rawValue: 1 << 1)
    /// Every value of the model, with nothing dropped.
    public static let lossless = FormatCapabilities(rawValue: 1 << 2)
    /// Reading needs a seekable file (standard input is copied to a temporary file first).
    public static let needsFile = FormatCapabilities(rawValue: 1 << 3)
    /// Can be written to standard output.
    public static let streamable = FormatCapabilities(rawValue: 1 << 4)
    /// The writer may make a folder of files at the output path instead of one file (e.g.
    /// letterboxd-csv splits a large output into files Letterboxd's importer accepts).
    public static let folderOutput = FormatCapabilities(rawValue: 1 << 5)
}

/// The start of an input, for content detection. The file name is only a hint for messages:
/// formats are recognised by their bytes, never by an extension.
public struct ContentSniff: Sendable {
    /// Up to the first 64 KiB (a service's header may sit below a preamble).
    public var prefix: [UInt8]
    /// The input's path as given ("-" for standard input).
    public var path: String
    /// What the formats asked about this input worked out from it, once (``ServiceSniff``).
    public let memo = SniffMemo()

    public init(prefix: [UInt8], path: String) {
        self.prefix = prefix
        self.path = path
    }

    /// The coarse kind of content (ZIP, JSON, empty).
    public var kind: ContentKind { BackupIO.detect(prefix: prefix) }
}

/// An input handed to a format's reader: a file, or bytes already in memory (standard input).
@PublicMemberwiseInit
public struct FormatInput: Sendable {
    /// The path as the user gave it, for reports ("-" for standard input).
    public var path: String
    /// The file to read; nil when the content is in ``bytes``.
    public var url: URL?
    /// The whole content, when it was read from standard input.
    public var bytes: [UInt8]?
}

/// Where and how a format writes a library.
@PublicMemberwiseInit(requiring: ["url"])
public struct FormatOutput {
    /// The destination; nil is standard output.
    public var url: URL?
    /// JSON layout options.
    public var options: WriteOptions = .init()
    /// Images to carry, for formats that hold them.
    public var images: (any ImageSource)?
    /// A referenced image the source lacks is an error instead of a warning.
    public var requireImages: Bool = false
}

/// A backup read by a format: the read result (format, library, diagnostics) and, for formats
/// that carry them, its images.
@PublicMemberwiseInit
public struct LoadedBackup: Sendable {
    /// The path as given ("-" for standard input).
    public var path: String
    /// What reading produced.
    public var result: ReadResult
    /// The images the input carries (a ZIP's), extracted on demand.
    public var images: (any ImageSource)?
    /// How many image files the input carries.
    public var imageCount: Int = 0
    /// Objects that must live as long as this value (e.g. a temporary copy of standard input).
    public var retained: [any AnyObject & Sendable] = []

    /// The library read, migrated so model version `version` can hold it (steps up keep every
    /// value; steps down report what they drop). Throws when the backup was not read into a library.
    public func library(migratedTo version: Int) throws -> (library: Library, diagnostics: [Diagnostic], steps: [String]) {
        guard let lib = result.library else { throw MWError.invalid(result.diagnostics) }
        return try Migrator().migrate(lib, from: result.formatVersion ?? 1, to: version)
    }
}
