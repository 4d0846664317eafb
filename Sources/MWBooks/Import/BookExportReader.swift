import Foundation
import MWCore
import MWFoundation

/// Reads book export files, each detected by its header (found by content, anywhere near
/// the top), never by its name, among the trackers given (``BookServiceReader``s: the
/// registry's book services). Nothing here throws: a file that is not text, not CSV,
/// not a book export, or the export of two trackers at once becomes a diagnostic, and a bad
/// row never stops the rest of the file.
public enum BookExportReader {
    /// Reads the file at `url`.
    public static func read(_ url: URL, services: [any BookServiceReader]) -> BookFileRead {
        do {
            // Named as the user gave it: a relative path stays relative in the summary.
            return read(bytes: Array(try Data(contentsOf: url)), name: url.relativePath, services: services)
        } catch {
            var out = BookFileRead(file: url.relativePath)
            out.tried = services.map(\.displayName)
            out.diagnostics.append(.error(.ioUnreadable, "cannot read \(url.relativePath): \(error.localizedDescription)"))
            return out
        }
    }

    /// Reads a file's bytes; `name` names it in diagnostics and summaries.
    public static func read(bytes: [UInt8], name: String, services: [any BookServiceReader]) -> BookFileRead {
        read(detect(bytes: bytes, name: name, services: services))
    }

    /// Finds which of `services` the file's header belongs to: the CSV parsed once (`csv`, when
    /// the caller parsed it already with `,` or `;` as separator, is taken instead) and every
    /// tracker asked once. ``read(_:)`` then reads the rows under what was found, so routing can
    /// detect a file and the import read it without either doing the other's work again.
    public static func detect(bytes: [UInt8], name: String, csv parsed: CSVFile? = nil, services: [any BookServiceReader]) -> BookDetection {
        var d = BookDetection(name: name, tried: services.map(\.displayName))
        let csv: CSVFile
        if var parsed, parsed.delimiter == "," || parsed.delimiter == ";" {
            parsed.name = name
            csv = parsed
        } else {
            do {
                csv = try CSVFile(detectingDelimiterIn: bytes, name: name, among: [",", ";"])
            } catch {
                if case MWError.invalid(let ds) = error, let first = ds.first { d.notTextLine = first.line }
                return d
            }
        }
        var claims = services.compactMap { s in table(csv, s).map { (s, $0) } }
        // An export separated by tabs (LibraryThing's older one) when no comma header is found.
        if claims.isEmpty, hasTabs(csv) {
            claims = services.compactMap { s in tsvTable(bytes, name, s).map { (s, $0) } }
        }
        d.csv = csv
        d.claims = claims
        return d
    }

    /// Reads the rows of a detected file (``detect(bytes:name:csv:services:)``).
    public static func read(_ detection: BookDetection) -> BookFileRead {
        let name = detection.name
        var out = BookFileRead(file: name)
        out.tried = detection.tried
        guard let csv = detection.csv else {
            var d = Diagnostic.csv(.error, .importMalformedFile, "\(quoted(name)) is not a text file (it holds NUL bytes); skipped", file: name, line: 1)
            d.line = detection.notTextLine
            out.diagnostics.append(d)
            out.malformed.append(MalformedRow(position: "\(name):1", reason: "not a text file (it holds NUL bytes)"))
            return out
        }
        let claims = detection.claims
        if claims.count > 1 {
            let names = listing(claims.map { $0.0.displayName }, "and")
            out.diagnostics.append(.csv(.error, .importAmbiguousService, "\(quoted(name)) has the header of both \(names); name one with --from",
                                        file: name, line: 1))
            out.malformed.append(MalformedRow(position: "\(name):1", reason: "claimed by \(names)"))
            return out
        }
        guard let (service, table) = claims.first else {
            out.diagnostics.append(.csv(.warning, .importUnrecognizedFile,
                                        "\(quoted(name)) is not \(withArticle(listing(detection.tried))) export (no header of theirs found); skipped",
                                        file: name, line: 1))
            return out
        }
        if let d = csv.encodingDiagnostic { out.diagnostics.append(d) }
        out.source = service.source
        out.layout = service.layout(table)
        service.read(table, into: &out)
        out.reportUnkept()
        return out
    }

    /// Whether the first records hold tabs (a tab-separated export read as CSV).
    static func hasTabs(_ csv: CSVFile) -> Bool {
        csv.records.prefix(20).contains { $0.fields.contains { $0.contains("\t") } }
    }

    /// The table under `service`'s header, searched in the first records only, so a data row
    /// that happens to mention a header name is never taken for one.
    static func table(_ csv: CSVFile, _ service: any BookServiceReader) -> CSVTable? {
        guard let rec = csv.records.prefix(20).first(where: { service.isHeader($0.fields) }) else { return nil }
        return csv.table(headerWhere: { $0 == rec.fields })
    }

    /// LibraryThing's tab-separated table, read with CSV quoting (its header quotes the names
    /// holding commas). A stray quote there (a review opening with `"Best book" said…`) runs
    /// the field on into the rows after it, so when that reading leaves rows whose field count
    /// differs from the header's, the file is read again with quotes as ordinary characters —
    /// only a pair wrapping a whole field is taken off — and the reading with fewer such rows
    /// is kept.
    static func tsvTable(_ bytes: [UInt8], _ name: String, _ service: any BookServiceReader) -> CSVTable? {
        let quoted = (try? CSVFile(bytes: bytes, name: name, delimiter: "\t"))?.table(headerWhere: service.isHeader)
        if let quoted, quoted.raggedRows.isEmpty { return quoted }
        guard var plain = try? CSVFile(bytes: bytes, name: name, delimiter: "\t", quoting: false) else { return quoted }
        for i in plain.records.indices { plain.records[i].fields = plain.records[i].fields.map(unwrappingQuotes) }
        guard let p = plain.table(headerWhere: service.isHeader) else { return quoted }
        guard let quoted else { return p }
        return p.raggedRows.count < quoted.raggedRows.count ? p : quoted
    }

    /// `"a ""b"""` → `a "b"`; anything not wrapped whole in quotes as it is.
    static func unwrappingQuotes(_ field: String) -> String {
        let u = field.utf8
        guard u.count >= 2, u.first == 0x22, u.last == 0x22 else { return field }
        return String(field.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
}

/// What ``BookExportReader/detect(bytes:name:csv:services:)`` found in one file: its CSV and
/// the trackers whose header it holds, with the table under each.
public struct BookDetection: Sendable {
    /// The file's name as given.
    public let name: String
    /// The display names of the trackers asked, in their order.
    let tried: [String]
    /// The parsed file; nil when it is not text.
    var csv: CSVFile?
    /// The line of the NUL byte that made it not text.
    var notTextLine: Int? = 1
    /// Every tracker that claims the file, with its table.
    var claims: [(any BookServiceReader, CSVTable)] = []

    init(name: String, tried: [String]) {
        self.name = name
        self.tried = tried
    }

    /// Lets go of the parsed file once it is read.
    mutating func release() {
        csv = nil
        claims = []
    }

    /// Whether a tracker (or more than one) claims the file: a book export.
    public var isBookExport: Bool { !claims.isEmpty }
}
