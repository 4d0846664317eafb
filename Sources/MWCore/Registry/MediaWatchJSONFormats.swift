import Foundation

/// The MediaWatch JSON formats: v1 (`ExportData`, as the app writes it) and v2 (mwkit's
/// lossless format). One reader serves both — it tells the dialect from the content — so both
/// descriptors detect any JSON and the reader reports which one it found.
extension FormatDescriptor {
    /// `ExportData` JSON as the MediaWatch app writes it.
    public static let mediawatchV1 = FormatDescriptor(
        name: .mediawatchV1, summary: "ExportData JSON as the MediaWatch app writes and restores it",
        capabilities: [.streamable], modelVersion: 1,
        detect: MediaWatchJSON.detect, read: MediaWatchJSON.read, write: MediaWatchJSON.writer(.mediawatchV1))
        .holding(FormatHolds(ratings: "liked / disliked", dates: "instant", episodes: true, lists: true, reviews: true, privateNotes: true, status: true))

    /// mwkit's lossless JSON format, at its newest formatVersion (5).
    public static let mediawatchV2 = FormatDescriptor(
        name: .mediawatchV2, summary: "mwkit's lossless JSON (every value, stripped records)",
        capabilities: [.streamable, .lossless, .strippedRecords], modelVersion: Migrator.latestVersion,
        detect: MediaWatchJSON.detect, read: MediaWatchJSON.read, write: MediaWatchJSON.writer(.mediawatchV2))
        .holding(FormatHolds(ratings: "every scale, as given", dates: "day or instant", rewatches: true, episodes: true, lists: true, tags: true, reviews: true, privateNotes: true, status: true))
}

extension FormatDescriptor {
    /// The JSON format holding model version `version` exactly (`migrate --to 1|2|3|4|5`): v1, the
    /// lossless format at formatVersion 2 (the shipped one, without the provenance values, for
    /// tools that read only 2), at 3 (without the watch status), at 4 (without the export's names
/// and the ids at other services), or at 5 (``mediawatchV2``).
    /// Not registered: `--to mediawatch-v2` always means the newest.
    public static func mediawatchJSON(version: Int) -> FormatDescriptor? {
        switch version {
        case 1: return .mediawatchV1
        case Migrator.latestVersion: return .mediawatchV2
        case 2..<Migrator.latestVersion:
            var d = FormatDescriptor.mediawatchV2
            d.modelVersion = version
            d.write = FormatDescriptor.typed { (library: Library, output) in
                var o = output.options
                o.formatVersion = version
                return try BackupIO.write(library, as: .mediawatchV2, to: output.url, options: o)
            }
            return d
        default: return nil
        }
    }
}

/// Reading and writing for the two JSON descriptors.
enum MediaWatchJSON {
    /// Anything but a ZIP, with the lowest confidence: the reader decides between v1 and v2,
    /// and reports content that is not JSON at all (`json-syntax`, format unrecognised), so
    /// every format with a sharper test of its own content wins over it.
    @Sendable static func detect(_ sniff: ContentSniff) -> Int {
        sniff.kind == .zip ? 0 : 1
    }

    @Sendable static func read(_ input: FormatInput, _ options: ReadOptions) throws -> LoadedBackup {
        if let bytes = input.bytes { return LoadedBackup(path: input.path, result: BackupIO.read(data: bytes, options: options)) }
        guard let url = input.url else { throw MWError.io("\(input.path): nothing to read") }
        return LoadedBackup(path: input.path, result: try BackupIO.read(url: url, options: options))
    }

    static func writer(_ format: BackupFormat) -> @Sendable (Library, FormatOutput) throws -> [Diagnostic] {
        { library, output in try BackupIO.write(library, as: format, to: output.url, options: output.options) }
    }
}
