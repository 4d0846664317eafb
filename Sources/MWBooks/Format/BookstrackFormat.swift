import Foundation
import MWCore
import MWFoundation

extension ModelFamily {
    /// BooksTrack libraries (seeds/001): the ``BookLibrary`` model.
    public static let books: ModelFamily = "books"
}

extension BackupFormat {
    /// mwkit's JSON format for a BooksTrack library (docs/BOOKS.md).
    public static let bookstrackV1: BackupFormat = "bookstrack-v1"
}

/// The `bookstrack-v1` format: its marker, detection and descriptor.
public enum BookstrackFormat {
    /// The value of the top-level `"format"` key.
    public static let marker = "bookstrack-backup"
    /// The `formatVersion` this mwkit reads and writes.
    public static let version = 1
    /// The registry name.
    public static let name = BackupFormat.bookstrackV1

    /// A JSON object whose `"format"` is `"bookstrack-backup"` within the first 4 KiB (the
    /// writer puts it first). Scores 10, above the MediaWatch reader's 1, which claims any JSON.
    @Sendable public static func detect(_ sniff: ContentSniff) -> Int {
        guard sniff.kind != .zip else { return 0 }
        let p = sniff.prefix.prefix(4096)
        let needle = Array("\"format\"".utf8), value = Array("\"\(marker)\"".utf8)
        var i = 0
        while i + needle.count <= p.count {
            if p[i] == needle[0], Array(p[i..<i + needle.count]) == needle {
                var j = i + needle.count
                while j < p.count, p[j] == 0x20 || p[j] == 0x0A || p[j] == 0x0D || p[j] == 0x09 { j += 1 }
                if j < p.count, p[j] == UInt8(ascii: ":") {
                    j += 1
                    while j < p.count, p[j] == 0x20 || p[j] == 0x0A || p[j] == 0x0D || p[j] == 0x09 { j += 1 }
                    if j + value.count <= p.count, Array(p[j..<j + value.count]) == value { return 10 }
                }
            }
            i += 1
        }
        return 0
    }

    @Sendable static func read(_ input: FormatInput, _ options: ReadOptions) throws -> LoadedBackup {
        let r: BookReadResult
        if let bytes = input.bytes { r = BookstrackReader.read(data: bytes, options: options) } else {
            guard let url = input.url else { throw MWError.io("\(input.path): nothing to read") }
            r = try BookstrackReader.read(url: url, options: options)
        }
        return LoadedBackup(path: input.path, result: r.readResult)
    }

    @Sendable static func write(_ lib: BookLibrary, _ output: FormatOutput) throws -> [Diagnostic] {
        try BookstrackWriter.write(lib, to: output.url)
        return []
    }
}

extension FormatDescriptor {
    /// mwkit's JSON format for a BooksTrack library.
    public static let bookstrackV1 = FormatDescriptor(
        name: .bookstrackV1, summary: "mwkit's JSON for a BooksTrack books library (works, editions, authors, entries)",
        family: .books, capabilities: [.streamable, .lossless],
        detect: BookstrackFormat.detect, read: BookstrackFormat.read, write: FormatDescriptor.typed(BookstrackFormat.write))
        .holding(FormatHolds(ratings: "1–5, and a personal 0–5", dates: "instant", tags: true, reviews: true, status: true))
}

extension BookReadResult {
    /// As the registry's ``ReadResult``: the library in ``ReadResult/model``, the counts of
    /// works, editions, authors and entries in ``ReadResult/reportCounts``.
    public var readResult: ReadResult {
        var r = ReadResult(format: format, formatVersion: formatVersion, diagnostics: diagnostics)
        r.model = library
        let lib = library ?? BookLibrary()
        r.reportCounts = lib.reportCounts
        return r
    }
}

extension BookLibrary {
    /// Records per kind, as reports show them.
    public var reportCounts: ReportCounts {
        ReportCounts([.init("works", works.count), .init("editions", editions.count),
                      .init("authors", authors.count), .init("entries", entries.count)],
                     summary: ["works", "editions", "authors", "entries"])
    }
}
