import Foundation
import MWCore
import MWFoundation

/// A book tracker's export reader: its header (found by content near the top of the file,
/// never by the file's name) and how its rows become ``BookRow``s. A new tracker is one file
/// holding a type of this protocol and its ``FormatDescriptor`` (``FormatDescriptor/bookService(_:summary:aliases:write:)``;
/// MWBooks' own trackers: ``BookTrackerReader`` and ``FormatDescriptor/bookService(_:)``),
/// plus one registry line.
public protocol BookServiceReader: ServiceReader {
    /// Whether `fields` is this tracker's header row.
    func isHeader(_ fields: [String]) -> Bool
    /// The header generation of a table under that header (`goodreads-24`).
    func layout(_ table: CSVTable) -> String
    /// Reads every record of `table` into `out` (one ``BookFileRead/rowsRead`` each); never
    /// throws: a bad row is reported and skipped.
    func read(_ table: CSVTable, into out: inout BookFileRead)
}

/// A tracker's reader as static functions (each service's `…Reader` in its folder): its one
/// declaration (``BookServiceInfo``), header, layouts and rows. ``BookTracker`` makes it the
/// registry's ``BookServiceReader`` and ``FormatDescriptor/bookService(_:)`` its format, so a
/// service declares these once and no forwarding struct.
protocol BookTrackerReader {
    /// Everything the registry knows of the tracker, said once.
    static var service: BookServiceInfo { get }
    static func isHeader(_ fields: [String]) -> Bool
    static func layout(_ table: CSVTable) -> String
    static func read(_ table: CSVTable, into out: inout BookFileRead)
}

/// The registry's ``BookServiceReader`` of a ``BookTrackerReader``.
struct BookTracker<Reader: BookTrackerReader>: BookServiceReader {
    var name: String { Reader.service.name.rawValue }
    var displayName: String { Reader.service.displayName }
    func isHeader(_ fields: [String]) -> Bool { Reader.isHeader(fields) }
    func layout(_ table: CSVTable) -> String { Reader.layout(table) }
    func read(_ table: CSVTable, into out: inout BookFileRead) { Reader.read(table, into: &out) }
}

extension BookServiceReader {
    /// The tracker as rows and summaries name it.
    public var source: BookSource { BookSource(rawValue: name) }

    /// Book trackers export CSV or tab-separated text.
    public var shapes: Set<ContentShape> { [.text] }

    /// The layout of the header found in the first records (comma- or tab-separated).
    public func role(of file: ExportFile, _ content: ExportContent) -> String? {
        guard let csv = content.csv else { return nil }
        if let t = BookExportReader.table(csv, self) { return layout(t) }
        guard BookExportReader.hasTabs(csv), let t = BookExportReader.tsvTable(file.bytes, file.display, self) else { return nil }
        return layout(t)
    }
}

extension FormatDescriptor {
    /// A book tracker's export as a registry format: detected from content by `reader`, read
    /// into a books library (`import`, `validate`, `convert`, `stats`), and written by
    /// `write` when mwkit writes that tracker's format.
    public static func bookService(_ reader: any BookServiceReader, summary: String, aliases: [String] = [],
                                   write: (@Sendable (BookLibrary, FormatOutput) throws -> [Diagnostic])? = nil) -> FormatDescriptor {
        var d = FormatDescriptor(name: BackupFormat(rawValue: reader.name), summary: summary, family: .books,
                                 capabilities: [.streamable], fileExtension: "csv",
                                 detect: { sniff in ServiceSniff.claims(reader, sniff) ? 10 : 0 },
                                 read: { input, _ in try readBooks(input, reader) },
                                 write: write.map { FormatDescriptor.typed($0) })
        d.service = reader
        d.displayName = reader.displayName
        d.aliases = aliases
        return d
    }

    /// One export file read alone into a books library (no existing library, no review file).
    private static func readBooks(_ input: FormatInput, _ reader: any BookServiceReader) throws -> LoadedBackup {
        let bytes = try input.bytes ?? [UInt8](Data(contentsOf: input.url!))
        let read = BookExportReader.read(bytes: bytes, name: input.path, services: [reader])
        let result = BookImport.run([read])
        var r = ReadResult(format: BackupFormat(rawValue: reader.name), formatVersion: nil, diagnostics: result.diagnostics)
        r.model = result.library
        r.variant = read.layout
        r.reportCounts = ReportCounts([.init("rows", read.rowsRead), .init("works", result.library.works.count),
                                       .init("editions", result.library.editions.count), .init("entries", result.library.entries.count),
                                       .init("malformed", read.malformed.count)],
                                      summary: ["rows", "works", "entries", "malformed"])
        return LoadedBackup(path: input.path, result: r)
    }
}
