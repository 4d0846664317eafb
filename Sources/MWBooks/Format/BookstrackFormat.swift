import Foundation
import MWCore
import MWFoundation

extension ModelFamily {
    /// BooksTrack libraries (docs/SPEC.md Part II): the ``BookLibrary`` model.
    public static let books: ModelFamily = "books"
}

extension BackupFormat {
    /// mwkit's JSON format for a BooksTrack library (docs/BOOKS.md), formatVersion 1: what
    /// docs/SPEC.md describes.
    public static let bookstrackV1: BackupFormat = "bookstrack-v1"
    /// formatVersion 2: v1 and what imports bring that the app does not store yet (private
    /// notes, read count, earlier reads, owned copies, spoiler flag, edition contributors).
    public static let bookstrackV2: BackupFormat = "bookstrack-v2"
}

/// The `bookstrack-v1` and `-v2` formats: their marker, detection and descriptors. One reader
/// and one writer serve both; the version decides which attributes are written (v1 reports
/// what it cannot hold as `field-dropped`).
public enum BookstrackFormat {
    /// The value of the top-level `"format"` key.
    public static let marker = "bookstrack-backup"
    /// The newest `formatVersion` this mwkit reads and writes.
    public static let version = 2
    /// Every `formatVersion` this mwkit reads and writes.
    public static let versions = 1...2
    /// The registry name of formatVersion 1.
    public static let name = BackupFormat.bookstrackV1

    /// The registry name of a formatVersion.
    public static func formatName(version: Int) -> BackupFormat { version >= 2 ? .bookstrackV2 : .bookstrackV1 }

    /// A JSON object whose `"format"` is `"bookstrack-backup"` within the first 4 KiB (the
    /// writer puts it first). Scores 10, above the MediaWatch reader's 1, which claims any JSON.
    @Sendable public static func detect(_ sniff: ContentSniff) -> Int {
        guard sniff.kind != .zip else { return 0 }
        // Asked once per formatVersion's descriptor: the answer is worked out once per input.
        return sniff.memo.value("bookstrack-detect") { () -> Int in
            let needle = Array("\"format\"".utf8), value = Array("\"\(marker)\"".utf8)
            return sniff.prefix.prefix(4096).withUnsafeBytes { p -> Int in
                func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
                var from = 0
                while let at = ByteSearch.firstOffset(of: needle, in: p, from: from) {
                    var j = at + needle.count
                    while j < p.count, blank(p[j]) { j += 1 }
                    if j < p.count, p[j] == UInt8(ascii: ":") {
                        j += 1
                        while j < p.count, blank(p[j]) { j += 1 }
                        if j + value.count <= p.count, value.indices.allSatisfy({ p[j + $0] == value[$0] }) { return 10 }
                    }
                    from = at + 1
                }
                return 0
            }
        }
    }

    @Sendable static func read(_ input: FormatInput, _ options: ReadOptions) throws -> LoadedBackup {
        let r: BookReadResult
        if let bytes = input.bytes { r = BookstrackReader.read(data: bytes, options: options) } else {
            guard let url = input.url else { throw MWError.io("\(input.path): nothing to read") }
            r = try BookstrackReader.read(url: url, options: options)
        }
        return LoadedBackup(path: input.path, result: r.readResult)
    }

    /// The writer of formatVersion `version`, reporting what that version cannot hold.
    static func writer(version: Int) -> @Sendable (BookLibrary, FormatOutput) throws -> [Diagnostic] {
        { lib, output in
            try BookstrackWriter.write(lib, to: output.url, version: version)
            return version >= 2 ? [] : BookstrackWriter.droppedByV1(lib)
        }
    }
}

extension FormatDescriptor {
    /// mwkit's JSON format for a BooksTrack library at formatVersion 1, as docs/SPEC.md describes
    /// the app's data: private notes, read counts, earlier reads, copies, spoiler flags and
    /// contributors are reported as `field-dropped`.
    public static let bookstrackV1 = FormatDescriptor(
        name: .bookstrackV1, summary: "mwkit's JSON for a BooksTrack books library (works, editions, authors, entries), formatVersion 1",
        family: .books, capabilities: [.streamable],
        detect: BookstrackFormat.detect, read: BookstrackFormat.read, write: FormatDescriptor.typed(BookstrackFormat.writer(version: 1)))
        .holding(FormatHolds(ratings: "1–5, and a personal 0–5", dates: "instant", tags: true, reviews: true, status: true))

    /// mwkit's lossless JSON for a BooksTrack library (formatVersion 2): every value the
    /// imports bring. Written by imports and `archive --books` unless asked otherwise.
    public static let bookstrackV2 = FormatDescriptor(
        name: .bookstrackV2, summary: "mwkit's lossless JSON for a BooksTrack books library (formatVersion 2: v1 plus private notes, read counts, earlier reads, owned copies, contributors)",
        family: .books, capabilities: [.streamable, .lossless],
        detect: BookstrackFormat.detect, read: BookstrackFormat.read, write: FormatDescriptor.typed(BookstrackFormat.writer(version: 2)))
        .holding(FormatHolds(ratings: "1–5, and a personal 0–5", dates: "instant", rewatches: true, tags: true, reviews: true, privateNotes: true, status: true))
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
