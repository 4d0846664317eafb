import Foundation
import MWFoundation

/// How a registry recognises the files of another service's export (Letterboxd, Goodreads…):
/// the part of a service's reader every family shares. Each family's import pipeline asks the
/// registry for its services and casts the reader to its own protocol, which adds the reading
/// (`FilmServiceReader` in MWImport, `BookServiceReader` in MWBooks).
public protocol ServiceReader: Sendable {
    /// The registry name (`letterboxd`): `--from`, summaries, each imported record's source.
    var name: String { get }
    /// The name people write (`Letterboxd`), for messages.
    var displayName: String { get }
    /// The shapes of content the service's files have; a file of another shape is never its,
    /// and is not parsed for it. All shapes unless the service says.
    var shapes: Set<ContentShape> { get }
    /// The role of `file` in this service's export (`letterboxdDiary`, `goodreads-24`…), decided
    /// from its content — its header set, its JSON shape — and, where the service writes one
    /// shape for several files, its path inside the export; nil when the file carries no
    /// signature of this service. Never decided by the file's extension.
    func role(of file: ExportFile, _ content: ExportContent) -> String?
    /// Byte strings of which an input of a JSON object shape must hold at least one in its
    /// first bytes (`"movies"`) to be parsed for this service; empty: no such test. A cheap
    /// test before the parse, so that validating a folder of backups (JSON objects, which a
    /// service exporting JSON objects would otherwise parse each of) stays fast.
    var jsonObjectNeedles: [String] { get }
}

/// The coarse shape of a file's content, from its first bytes: what a service's files can be.
public enum ContentShape: Sendable, Hashable, CaseIterable {
    /// A JSON object (`{`): mwkit's and the apps' backups, and some exports.
    case jsonObject
    /// A JSON array (`[`).
    case jsonArray
    /// Any other text: CSV, TSV, XML.
    case text
    /// A gzip stream.
    case gzip

    /// The shape of content starting with `prefix`.
    public init(prefix: [UInt8]) {
        if prefix.starts(with: [0x1F, 0x8B]) { self = .gzip; return }
        let first = prefix.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        self = first == UInt8(ascii: "{") ? .jsonObject : first == UInt8(ascii: "[") ? .jsonArray : .text
    }
}

extension ServiceReader {
    public var shapes: Set<ContentShape> { Set(ContentShape.allCases) }
    public var jsonObjectNeedles: [String] { [] }
}

/// A library of one model family, as formats read and write it: the films ``Library`` or
/// another family's (BooksTrack's `BookLibrary`). One write path takes any of them.
public protocol LibraryModel: Sendable {
    /// The family the library belongs to.
    static var family: ModelFamily { get }
}

extension Library: LibraryModel {
    public static var family: ModelFamily { .films }
}

/// Detection of a service's file from the start of an input (``ContentSniff``), for the
/// descriptors of both families. The content is parsed once per input, whatever the number of
/// services asked (``ContentSniff/memo``): validating a folder of small backups asks every
/// registered service about every file.
public enum ServiceSniff {
    /// Whether `reader` claims the content `sniff` starts.
    public static func claims(_ reader: any ServiceReader, _ sniff: ContentSniff) -> Bool {
        guard sniff.kind != .zip, !sniff.prefix.isEmpty else { return false }
        let shape = ContentShape(prefix: sniff.prefix)
        guard reader.shapes.contains(shape) else { return false }
        if shape == .jsonObject, !reader.jsonObjectNeedles.isEmpty,
           !reader.jsonObjectNeedles.contains(where: { ByteSearch.contains(sniff.prefix, Array($0.utf8)) }) { return false }
        let parsed: Parsed = sniff.memo.value("service-export") { Parsed(sniff) }
        return reader.role(of: parsed.file, parsed.content) != nil
    }

    /// An input's start as the services see it: a JSON array cut at the sniff's end cannot be
    /// parsed, nor a gzip stream (MyAnimeList's `.xml.gz`) unpacked, so for those the whole
    /// file is read (export files of that shape are small); otherwise whole lines only, since a
    /// cut last line is no header.
    final class Parsed: @unchecked Sendable {
        let file: ExportFile
        let content: ExportContent

        init(_ sniff: ContentSniff) {
            var bytes = sniff.prefix
            let first = bytes.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
            if first == UInt8(ascii: "[") || bytes.starts(with: [0x1F, 0x8B]), sniff.path != "-",
               let whole = try? Data(contentsOf: URL(fileURLWithPath: sniff.path)) {
                bytes = [UInt8](whole)
            } else if bytes.count >= 1 << 16, let nl = bytes.lastIndex(of: 0x0A) {
                bytes = Array(bytes[...nl])
            }
            file = ExportFile(inner: (sniff.path as NSString).lastPathComponent, display: sniff.path, bytes: bytes)
            content = ExportContent(file)
        }
    }
}

/// Values worked out once per input during detection and shared by every format asked.
public final class SniffMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Any] = [:]

    public init() {}

    /// The value stored under `key`, made by `make` the first time.
    public func value<T>(_ key: String, _ make: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let v = values[key] as? T { return v }
        let v = make()
        values[key] = v
        return v
    }
}
