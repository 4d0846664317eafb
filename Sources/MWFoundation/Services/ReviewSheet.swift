import Foundation

/// The spreadsheet side of the decide-and-feed-back loop that the film imports (``ReviewFile``,
/// ``MatchOverrides``) and the book imports (MWBooks' review file) share: how the file is
/// written (byte order mark, CRLF, formula-looking cells defused) and how decisions come back
/// (header found by content, `,` `;` or tab, rows matched by `key`, one decision per key).
/// What a decision *means* stays with each family.
public enum ReviewSheet {
    /// The file's bytes: a UTF-8 byte order mark (so spreadsheets read accents right), the
    /// header and the rows with every cell ``defused(_:)``, CRLF line ends (RFC 4180).
    public static func bytes(header: [String], rows: [[String]]) throws -> [UInt8] {
        try CSVText.bytes(header: header, rows: rows.map { $0.map(defused) }, newline: .crlf, byteOrderMark: true)
    }

    /// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) gets a leading
    /// `'`, which spreadsheets hide; reading the file back strips it from decisions. Only data
    /// from exports and TMDb can start so: keys and references never do.
    public static func defused(_ cell: String) -> String {
        guard let c = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(c) else { return cell }
        return "'" + cell
    }

    /// The decisions of the review file at `url`, as ``decisions(bytes:name:stays:parse:describe:)``
    /// reads them. Diagnostics name the file by its full path: it is not inside the sources
    /// an import's report is grouped under.
    public static func decisions<D: Equatable>(at url: URL, stays: String, parse: (CSVTable, CSVFile.Record, String) throws -> D?,
                                               describe: (D) -> String) throws -> (decisions: [String: D], diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: url)) } catch {
            throw MWError.io("cannot read the review file \(url.path): \(error.localizedDescription)")
        }
        return try decisions(bytes: bytes, name: url.standardizedFileURL.path, stays: stays, parse: parse, describe: describe)
    }

    /// Reads decisions from a review file's bytes. The header is found by content (the row
    /// holding `key` and `decision`), so a spreadsheet may add rows above it; a file saved back
    /// with `;` or tab separators (a spreadsheet's locale) reads too. Rows are matched by `key`,
    /// never by position, so the user may sort or delete rows. `parse` turns a row's decision
    /// cell into a decision (nil: empty) or throws words for the user; such a row, and a second
    /// different decision for a key, become `import-review-decision` warnings ("… `stays`").
    /// Throws ``MWError`` when no header has `key` and `decision`.
    public static func decisions<D: Equatable>(bytes: [UInt8], name: String, stays: String, parse: (CSVTable, CSVFile.Record, String) throws -> D?,
                                               describe: (D) -> String) throws -> (decisions: [String: D], diagnostics: [Diagnostic]) {
        var table: CSVTable?
        for delimiter in [",", ";", "\t"] as [UnicodeScalar] {
            // Only the first attempt may throw (a file of NUL bytes); the others are guesses.
            guard let csv = delimiter == "," ? try CSVFile(bytes: bytes, name: name) : try? CSVFile(bytes: bytes, name: name, delimiter: delimiter) else { continue }
            if let t = csv.table(headerWhere: { h in
                let names = Set(h.map { $0.trimmedBlanks(newlines: false).lowercased() })
                return names.contains("key") && names.contains("decision")
            }) {
                table = t
                break
            }
        }
        guard let table else {
            throw MWError.invalid([.csv(.error, .importReviewDecision, "\(quoted(name)) is not a review file: no header with key and decision columns",
                                        file: name, line: 1)])
        }
        var decisions: [String: D] = [:]
        var diagnostics: [Diagnostic] = []
        for row in table.rows {
            guard let key = table.value(row, "key")?.trimmedBlanks(newlines: false), !key.isEmpty else { continue }
            do {
                guard let d = try parse(table, row, table.value(row, "decision") ?? "") else { continue }
                if let earlier = decisions[key], earlier != d {
                    diagnostics.append(table.diagnostic(.warning, .importReviewDecision,
                                                        "another row with the same key already decided \(describe(earlier)); this row is ignored",
                                                        row: row, column: "decision"))
                    continue
                }
                decisions[key] = d
            } catch {
                diagnostics.append(table.diagnostic(.warning, .importReviewDecision, "\(error); \(stays)", row: row, column: "decision"))
            }
        }
        return (decisions, diagnostics)
    }
}
