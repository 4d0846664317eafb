import Foundation

/// A CSV (or TSV) file read whole, each record with the line it starts on, so a diagnostic
/// can say `file:line:column` and which row. Parsing is ``CSVParser``'s, which reads as
/// CSV.swift's `CSVReader` did (RFC 4180 quoting, CRLF/LF/CR line ends, line breaks inside
/// quoted fields) at a byte level; this type adds decoding (see ``TextDecoding``), line
/// numbers, and finding the header by content, since some exports put a metadata block above it.
public struct CSVFile: Sendable {
    /// One record: its fields as written, the 1-based line it starts on, its index in the file.
    public struct Record: Sendable, Equatable {
        public var fields: [String]
        public var line: Int
        public var index: Int
    }

    /// The file's name inside the input (e.g. `diary.csv` in an export ZIP), for diagnostics.
    public var name: String
    /// The encoding the bytes were in.
    public var encoding: TextDecoding.Encoding
    /// Every record, blank lines included (as one empty field).
    public var records: [Record]
    /// The field separator the file was read with.
    public var delimiter: UnicodeScalar

    /// Parses `bytes`. A file that is not text (NUL bytes) is refused with ``MWError/invalid(_:)``
    /// carrying a `csv-not-text` diagnostic. With `quoting` false, quotes are ordinary
    /// characters (tab-separated files written without quoting).
    public init(bytes: [UInt8], name: String, delimiter: UnicodeScalar = ",", quoting: Bool = true) throws {
        self.name = name
        self.delimiter = delimiter
        (records, encoding) = try TextDecoding.withUTF8(bytes) { text, encoding in
            if let base = text.baseAddress, memchr(base, 0, text.count) != nil {
                throw MWError.invalid([.csv(.error, .csvNotText, "\(quoted(name)) is not a text file (it holds NUL bytes)", file: name, line: 1)])
            }
            return (CSVParser.records(text, delimiter: delimiter, quoting: quoting), encoding)
        }
    }

    /// The table below the first record `isHeader` accepts (e.g. a record starting with
    /// `Position`), or nil when there is none.
    public func table(headerWhere isHeader: ([String]) -> Bool) -> CSVTable? {
        guard let h = records.firstIndex(where: { isHeader($0.fields) }) else { return nil }
        var t = CSVTable(file: name, header: records[h], rows: Array(records[(h + 1)...]))
        t.delimiter = delimiter
        return t
    }

    /// The table whose header is the first record.
    public var table: CSVTable? { records.isEmpty ? nil : table { _ in true } }
}

/// A header and the rows below it, with columns found by name: exports move and drop columns
/// between generations, so readers never index by position.
public struct CSVTable: Sendable {
    /// The file's name inside the input.
    public var file: String
    /// The header record.
    public var header: CSVFile.Record
    /// The data rows, blank lines left out.
    public var rows: [CSVFile.Record]
    /// The field separator the file was read with.
    public var delimiter: UnicodeScalar = ","
    private var index: [String: Int] = [:]
    /// Columns by their name exactly as the header writes it: readers ask by those names, and
    /// a hit needs no folding (the lookup runs once per value).
    private var exact: [String: Int] = [:]

    public init(file: String, header: CSVFile.Record, rows: [CSVFile.Record]) {
        self.file = file
        self.header = header
        self.rows = rows.filter { !($0.fields.count == 1 && $0.fields[0].isEmpty) }
        for (i, name) in header.fields.enumerated() {
            let key = CSVTable.key(name)
            if index[key] == nil { index[key] = i }
            if exact[name] == nil, index[key] == i { exact[name] = i }
        }
    }

    /// Column names compare trimmed and without case (`Title Type` = `title type`).
    static func key(_ name: String) -> String { name.trimmedBlanks(newlines: false).lowercased() }

    /// The column of `name`: as written, else compared trimmed and without case.
    private func find(_ name: String) -> Int? { exact[name] ?? index[CSVTable.key(name)] }

    /// The 0-based index of the column called `name` (any of `names`), nil when absent.
    public func column(_ names: String...) -> Int? {
        for n in names { if let i = find(n) { return i } }
        return nil
    }

    /// The 0-based index of the column called `name`, nil when absent (one lookup, no array).
    public func column(named name: String) -> Int? { find(name) }

    /// Whether the header has every one of `names`.
    public func has(_ names: String...) -> Bool { names.allSatisfy { find($0) != nil } }

    /// The value of column `name` in `row`; nil when the column is absent or the row too short.
    public func value(_ row: CSVFile.Record, _ name: String) -> String? {
        guard let i = find(name), i < row.fields.count else { return nil }
        return row.fields[i]
    }

    /// The 1-based data row number of a record (the header is row 0).
    public func rowNumber(_ row: CSVFile.Record) -> Int { row.index - header.index }

    /// A diagnostic about `row` (and, when given, one of its columns).
    public func diagnostic(_ severity: Severity, _ code: DiagnosticCode, _ message: String, row: CSVFile.Record, column name: String? = nil) -> Diagnostic {
        let col = name.flatMap(find)
        return .csv(severity, code, message, file: file, line: row.line, row: rowNumber(row),
                    column: col.map { $0 + 1 }, field: col.map { header.fields[$0] })
    }

    /// Rows whose field count differs from the header's, each as a `csv-ragged-row` warning.
    public var raggedRows: [Diagnostic] {
        rows.filter { $0.fields.count != header.fields.count }.map {
            diagnostic(.warning, .csvRaggedRow, "\($0.fields.count) field(s) where the header has \(header.fields.count)", row: $0)
        }
    }
}

extension DiagnosticCode {
    /// A CSV input is not text (NUL bytes).
    public static let csvNotText: DiagnosticCode = "csv-not-text"
    /// A CSV row has more or fewer fields than the header.
    public static let csvRaggedRow: DiagnosticCode = "csv-ragged-row"
}
