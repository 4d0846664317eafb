import Foundation
import MWFoundation

/// Reads book export files, each detected by its header (found by content, anywhere near
/// the top), never by its name: Goodreads (three generations), StoryGraph, LibraryThing CSV and
/// the older UTF-16 tab-separated LibraryThing export. Nothing here throws: a file that is
/// not text, not CSV or not a book export becomes a diagnostic, and a bad row never stops the
/// rest of the file.
public enum BookExportReader {
    /// Reads the file at `url`.
    public static func read(_ url: URL) -> BookFileRead {
        do {
            return read(bytes: Array(try Data(contentsOf: url)), name: url.path)
        } catch {
            var out = BookFileRead(file: url.path)
            out.diagnostics.append(.error(.ioUnreadable, "cannot read \(url.path): \(error.localizedDescription)"))
            return out
        }
    }

    /// Reads a file's bytes; `name` names it in diagnostics and summaries.
    public static func read(bytes: [UInt8], name: String) -> BookFileRead {
        var out = BookFileRead(file: name)
        let csv: CSVFile
        do {
            csv = try CSVFile(bytes: bytes, name: name)
        } catch {
            var d = Diagnostic.csv(.error, .importMalformedFile, "\(quoted(name)) is not a text file (it holds NUL bytes); skipped", file: name, line: 1)
            if case MWError.invalid(let ds) = error, let first = ds.first { d.line = first.line }
            out.diagnostics.append(d)
            out.malformed.append(MalformedRow(position: "\(name):1", reason: "not a text file (it holds NUL bytes)"))
            return out
        }
        if let (source, table) = detect(csv) {
            read(source, table, into: &out)
            return out
        }
        // The older LibraryThing export separates with tabs.
        if csv.records.prefix(20).contains(where: { $0.fields.contains { $0.contains("\t") } }),
           let table = tsvTable(bytes, name) {
            read(.librarything, table, into: &out)
            out.layout = "librarything-tsv"
            return out
        }
        out.diagnostics.append(.csv(.warning, .importUnrecognizedFile,
                                    "\(quoted(name)) is not a Goodreads, StoryGraph or LibraryThing export (no header of theirs found); skipped",
                                    file: name, line: 1))
        return out
    }

    /// LibraryThing's tab-separated table, read with CSV quoting (its header quotes the names
    /// holding commas). A stray quote there (a review opening with `"Best book" said…`) runs
    /// the field on into the rows after it, so when that reading leaves rows whose field count
    /// differs from the header's, the file is read again with quotes as ordinary characters —
    /// only a pair wrapping a whole field is taken off — and the reading with fewer such rows
    /// is kept.
    static func tsvTable(_ bytes: [UInt8], _ name: String) -> CSVTable? {
        let quoted = (try? CSVFile(bytes: bytes, name: name, delimiter: "\t"))?.table(headerWhere: LibraryThingReader.isHeader)
        if let quoted, quoted.raggedRows.isEmpty { return quoted }
        guard var plain = try? CSVFile(bytes: bytes, name: name, delimiter: "\t", quoting: false) else { return quoted }
        for i in plain.records.indices { plain.records[i].fields = plain.records[i].fields.map(unwrappingQuotes) }
        guard let p = plain.table(headerWhere: LibraryThingReader.isHeader) else { return quoted }
        guard let quoted else { return p }
        return p.raggedRows.count < quoted.raggedRows.count ? p : quoted
    }

    /// `"a ""b"""` → `a "b"`; anything not wrapped whole in quotes as it is.
    static func unwrappingQuotes(_ field: String) -> String {
        let u = field.utf8
        guard u.count >= 2, u.first == 0x22, u.last == 0x22 else { return field }
        return String(field.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }

    /// The service whose header the file holds, and the table under it. Only the first rows
    /// are searched, so a data row that happens to mention a header name is never taken for one.
    static func detect(_ csv: CSVFile) -> (BookSource, CSVTable)? {
        let top = Array(csv.records.prefix(20))
        for rec in top {
            let source: BookSource? = GoodreadsReader.isHeader(rec.fields) ? .goodreads
                : StoryGraphReader.isHeader(rec.fields) ? .storygraph
                : LibraryThingReader.isHeader(rec.fields) ? .librarything : nil
            if let source, let t = csv.table(headerWhere: { $0 == rec.fields }) { return (source, t) }
        }
        return nil
    }

    static func read(_ source: BookSource, _ table: CSVTable, into out: inout BookFileRead) {
        out.source = source
        switch source {
        case .goodreads:
            out.layout = GoodreadsReader.layout(table)
            GoodreadsReader.read(table, into: &out)
        case .storygraph:
            out.layout = "storygraph"
            StoryGraphReader.read(table, into: &out)
        case .librarything:
            out.layout = "librarything-csv"
            LibraryThingReader.read(table, into: &out)
        }
        out.reportUnkept()
    }
}
