import Foundation
import MWBooks
import MWCore
import MWFoundation

/// A throwaway book tracker, defined entirely in this one file to show that a new tracker needs
/// nothing but its reader, its writer, its descriptor and one registry line (see
/// ServiceRegistryTests). Its export is a CSV no other tracker writes:
///
///     tiny_isbn,tiny_book,tiny_author,tiny_read
///     9780261103573,The Fellowship of the Ring,J. R. R. Tolkien,yes
struct TinyBooks: BookServiceReader {
    static let header = ["tiny_isbn", "tiny_book", "tiny_author", "tiny_read"]
    var name: String { "tinybooks" }
    var displayName: String { "Tiny Books" }

    func isHeader(_ fields: [String]) -> Bool { fields == Self.header }
    func layout(_ table: CSVTable) -> String { "tinybooks-1" }

    func read(_ table: CSVTable, into out: inout BookFileRead) {
        for (n, record) in table.rows.enumerated() {
            out.rowsRead += 1
            guard record.fields.count == 4, !record.fields[1].isEmpty else {
                out.malformed.append(MalformedRow(position: "\(out.file):\(record.line)", reason: "expected isbn, title, author, read"))
                out.diagnostics.append(table.diagnostic(.error, .importMalformedRow, "expected isbn, title, author, read", row: record))
                continue
            }
            var row = BookRow(source: source, file: out.file, line: record.line, row: n + 1, title: record.fields[1],
                              authors: [record.fields[2]], status: record.fields[3] == "yes" ? .read : .toRead)
            row.isbns = [record.fields[0]]
            out.rows.append(row)
        }
    }

    /// One row per entry: its edition's ISBN, its work's title and first author, read or not.
    @Sendable static func write(_ library: BookLibrary, _ output: FormatOutput) throws -> [Diagnostic] {
        let works = Dictionary(library.works.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let editions = Dictionary(library.editions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let authors = Dictionary(library.authors.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let rows: [[String]] = library.entries.compactMap { e in
            guard let w = works[e.workId] else { return nil }
            let isbn = e.editionId.flatMap { editions[$0] }.flatMap(\.isbn) ?? ""
            return [isbn, w.title, w.authorIds.first.flatMap { authors[$0] } ?? "", e.readingStatus == .read ? "yes" : "no"]
        }.sorted { $0[1] < $1[1] }
        try AtomicFile.write(try CSVText.bytes(header: Self.header, rows: rows, newline: .lf), to: output.url!)
        return []
    }
}

extension FormatDescriptor {
    static let tinyBooks = FormatDescriptor.bookService(TinyBooks(), summary: "test-only: a tiny book tracker", write: TinyBooks.write)
}
