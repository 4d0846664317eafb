import Foundation
import MWCore
import MWFoundation
import MWMacros

/// Reads any input a registry knows, deciding the format from the content (never the name).
@PublicMemberwiseInit
public struct BackupLoader: Sendable {
    /// The formats to recognise.
    public var registry: FormatRegistry = .standard

    /// Reads `path` ("-" = standard input) with the format its content belongs to. Throws
    /// ``MWError/io(_:)`` when it cannot be read at all; every problem with the content is a
    /// diagnostic in the result.
    public func load(_ path: String, options: ReadOptions) throws -> LoadedBackup {
        if path == "-" { return try load(stdin: [UInt8](FileHandle.standardInput.readDataToEndOfFile()), options: options) }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw MWError.io("\(path): no such file") }
        if isDir.boolValue { throw MWError.io("\(path) is a directory") }
        let url = URL(fileURLWithPath: path)
        let format = try detect(ContentSniff(prefix: Self.prefix(of: url), path: path))
        return try format.read!(FormatInput(path: path, url: url), options)
    }

    /// The file name extension an output made from `path` gets in `format`, or — for a job that
    /// keeps each input's own format — in the format its content is detected as. Detection
    /// from the first bytes cannot tell v1 from v2 (the reader does), but both are `json`.
    public func fileExtension(of path: String, in format: FormatDescriptor?) -> String {
        if let format { return format.fileExtension }
        let sniff = (try? Self.prefix(of: URL(fileURLWithPath: path))).map { ContentSniff(prefix: $0, path: path) }
        return sniff.flatMap(registry.detect)?.fileExtension ?? FormatDescriptor.mediawatchV2.fileExtension
    }

    /// The format `loaded` was read as, when this registry can write it and it has
    /// `capabilities` (nil otherwise). Taken from the reader's result, which knows v1 from v2.
    public func writableFormat(of loaded: LoadedBackup, with capabilities: FormatCapabilities = []) -> FormatDescriptor? {
        guard let name = loaded.result.format, let f = registry.format(named: name.rawValue),
              f.isWritable, f.capabilities.isSuperset(of: capabilities) else { return nil }
        return f
    }

    /// Reads content that came on standard input. Formats that need a seekable file get a
    /// temporary copy, removed when the returned value goes away.
    public func load(stdin bytes: [UInt8], options: ReadOptions) throws -> LoadedBackup {
        let format = try detect(ContentSniff(prefix: Array(bytes.prefix(Self.sniffBytes)), path: "-"))
        guard format.capabilities.contains(.needsFile) else {
            return try format.read!(FormatInput(path: "-", bytes: bytes), options)
        }
        let tmp = TemporaryFile(url: TemporaryItems.path("stdin"))
        try AtomicFile.write(bytes, to: tmp.url)
        var loaded = try format.read!(FormatInput(path: "-", url: tmp.url), options)
        loaded.retained.append(tmp)
        return loaded
    }

    /// Loads a backup and insists it is valid: throws ``InvalidBackup`` (with the report to
    /// print) when it has errors. Warnings stay in the result for the caller to show.
    /// A backup of a model family not in `families` (a books backup given to a film command)
    /// is refused with ``MWError/usage(_:)``; a valid film backup has its ``ReadResult/library``,
    /// one of another family its ``ReadResult/model``.
    public func loadValid(_ path: String, options: ReadOptions, families: Set<ModelFamily> = [.films]) throws -> LoadedBackup {
        let loaded = try load(path, options: options)
        let format = loaded.result.format.flatMap { registry.format(named: $0.rawValue) }
        let family = format?.family ?? .films
        if let format, format.isService, family == .films {
            throw MWError.usage("\(path) is \(withArticle(format.displayName)) export: `mwkit import` brings it into a library, matched to TMDb")
        }
        if family != .films, !families.contains(family) {
            throw MWError.usage("\(path) is a \(loaded.result.format?.rawValue ?? family.rawValue) backup (\(family)); this command handles \(families.map(\.rawValue).sorted().joined(separator: " and ")) backups only")
        }
        guard loaded.result.isValid, loaded.result.library != nil || (family != .films && loaded.result.model != nil) else {
            throw InvalidBackup(report: FileReport(path: path, read: loaded.result))
        }
        return loaded
    }

    /// The format `path`'s content belongs to (nil for standard input, a missing file, or
    /// content no format claims): for a command that takes another road for another family.
    public func format(of path: String) -> FormatDescriptor? {
        guard path != "-", let prefix = try? Self.prefix(of: URL(fileURLWithPath: path)) else { return nil }
        return registry.detect(ContentSniff(prefix: prefix, path: path))
    }

    private func detect(_ sniff: ContentSniff) throws -> FormatDescriptor {
        let claims = registry.claims(sniff)
        guard let (f, score) = claims.first else {
            throw MWError.io("\(sniff.path): not a format mwkit reads (\(registry.readableNames.joined(separator: ", ")))")
        }
        // Two services with the same confidence: the content carries both signatures.
        let tied = claims.filter { $0.format.isService && $0.score == score }.map(\.format)
        if f.isService, tied.count > 1 {
            throw MWError.usage("\(sniff.path) has the signature of both \(listing(tied.map(\.displayName), "and")); import it with --from")
        }
        return f
    }

    /// How much of an input detection sees: a service's header may sit below a preamble.
    static let sniffBytes = 1 << 16

    static func prefix(of url: URL) throws -> [UInt8] {
        guard let h = FileHandle(forReadingAtPath: url.path) else { throw MWError.io("cannot open \(url.path)") }
        defer { try? h.close() }
        return [UInt8]((try? h.read(upToCount: sniffBytes)) ?? Data())
    }
}

/// A backup refused because it has errors; `report` holds every diagnostic.
public struct InvalidBackup: Error, CustomStringConvertible {
    /// The findings, ready for a reporter.
    public var report: FileReport
    public init(report: FileReport) { self.report = report }
    public var description: String { "\(report.path) is not a valid backup" }
}
