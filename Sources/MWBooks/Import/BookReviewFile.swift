import CSV
import Foundation
import MWFoundation
import MWImport

/// The books review file (`--review FILE`): a CSV that opens in a spreadsheet, one row per
/// uncertain merge, with an empty `decision` column; passed back with `--overrides`, its
/// decisions (``BookReviewDecision``) apply by `key`. The same loop as the film imports'
/// `ReviewFile` (docs/IMPORT.md), whose TMDb decisions it cannot share: a book decision says
/// whether two rows are one work, not which TMDb title an item is.
public enum BookReviewFile {
    /// The header, in order.
    public static let columns = ["decision", "status", "title", "authors", "row_isbns", "work_title", "work_isbns",
                                 "work_id", "reason", "service", "file", "line", "key"]

    /// The file's bytes: UTF-8 byte order mark (spreadsheets then read accents right), CRLF
    /// (RFC 4180), rows in the order given.
    public static func bytes(_ items: [BookReviewItem]) throws -> [UInt8] {
        let stream = OutputStream.toMemory()
        stream.open()
        let w = try CSVWriter(stream: stream, newline: .crlf)
        try w.write(row: columns)
        for i in items {
            try w.write(row: [i.decision, i.status, i.title, i.authors, i.rowISBNs.joined(separator: " "), i.workTitle,
                              i.workISBNs.joined(separator: " "), i.workId, i.reason, i.source.rawValue, i.file, String(i.line), i.key]
                .map(defused))
        }
        stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return [0xEF, 0xBB, 0xBF] + Array(data) + Array("\r\n".utf8)
    }

    /// Writes the review file atomically; returns the number of rows.
    @discardableResult
    public static func write(_ items: [BookReviewItem], to url: URL) throws -> Int {
        try AtomicFile.write(try bytes(items), to: url)
        return items.count
    }

    /// A cell a spreadsheet would run as a formula gets a leading `'` (hidden by spreadsheets,
    /// dropped when decisions are read back).
    static func defused(_ cell: String) -> String {
        guard let c = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(c) else { return cell }
        return "'" + cell
    }
}

/// The user's decisions read back from a books review file: key → decision.
public struct BookOverrides: Sendable {
    public private(set) var decisions: [String: BookReviewDecision]
    /// Unreadable or conflicting decisions, as `import-review-decision` warnings with file:line.
    public var diagnostics: [Diagnostic] = []

    public init(_ decisions: [String: BookReviewDecision] = [:]) { self.decisions = decisions }

    public subscript(key: String) -> BookReviewDecision? { decisions[key] }

    /// Reads the review file at `url`. Throws ``MWError`` when it cannot be read or has no
    /// `key`/`decision` header.
    public static func read(_ url: URL) throws -> BookOverrides {
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: url)) } catch {
            throw MWError.io("cannot read the review file \(url.path): \(error.localizedDescription)")
        }
        return try parse(bytes: bytes, name: url.standardizedFileURL.path)  // not inside the sources
    }

    /// Reads decisions from a review file's bytes: header found by content (rows may be added
    /// above it), `,`, `;` or tab separators (a spreadsheet's locale), rows matched by `key`.
    public static func parse(bytes: [UInt8], name: String) throws -> BookOverrides {
        var table: CSVTable?
        for delimiter in [",", ";", "\t"] as [UnicodeScalar] {
            guard let csv = delimiter == "," ? try CSVFile(bytes: bytes, name: name) : try? CSVFile(bytes: bytes, name: name, delimiter: delimiter) else { continue }
            if let t = csv.table(headerWhere: { h in
                let names = Set(h.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
                return names.contains("key") && names.contains("decision")
            }) { table = t; break }
        }
        guard let table else {
            throw MWError.invalid([.csv(.error, .importReviewDecision, "\(quoted(name)) is not a review file: no header with key and decision columns",
                                        file: name, line: 1)])
        }
        var out = BookOverrides()
        for row in table.rows {
            guard let key = table.value(row, "key")?.trimmingCharacters(in: .whitespaces), !key.isEmpty else { continue }
            do {
                guard let d = try BookReviewDecision.parse(table.value(row, "decision") ?? "") else { continue }
                if let earlier = out.decisions[key], earlier != d {
                    out.diagnostics.append(table.diagnostic(.warning, .importReviewDecision,
                                                            "another row with the same key already decided \(earlier.rawValue); this row is ignored",
                                                            row: row, column: "decision"))
                    continue
                }
                out.decisions[key] = d
            } catch let refused as BookReviewDecision.Refused {
                out.diagnostics.append(table.diagnostic(.warning, .importReviewDecision, "\(refused); the merge stays in review",
                                                        row: row, column: "decision"))
            }
        }
        return out
    }
}
