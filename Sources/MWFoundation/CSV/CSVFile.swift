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

        /// Whether every field is empty or blanks: an empty line, or the `,,,,` row a
        /// spreadsheet leaves below (or between) the data. Such a row holds nothing to read.
        public var isBlank: Bool { fields.allSatisfy { $0.isEmpty || $0.trimmedBlanks().isEmpty } }
        /// Whether the record is an empty line (one empty field), which CSV readers skip
        /// without counting it as a row.
        public var isEmptyLine: Bool { fields.count == 1 && fields[0].isEmpty }
    }

    /// The file's name inside the input (e.g. `diary.csv` in an export ZIP), for diagnostics.
    public var name: String
    /// The encoding the bytes were in.
    public var encoding: TextDecoding.Encoding
    /// Every record, blank lines included (as one empty field).
    public var records: [Record]
    /// The field separator the file was read with.
    public var delimiter: UnicodeScalar
    /// The 1-based lines of a UTF-8 file holding bytes that are not UTF-8, read as
    /// Windows-1252 for those bytes only (``TextDecoding/decodeMixed(_:)``); empty otherwise.
    public var fallbackLines: [Int] = []

    /// A `csv-mixed-encoding` warning naming ``fallbackLines``, or nil when there are none:
    /// every reader of the file reports it with its own diagnostics.
    public var encodingDiagnostic: Diagnostic? {
        guard let first = fallbackLines.first else { return nil }
        let shown = fallbackLines.prefix(20).map(String.init).joined(separator: ", ")
        let more = fallbackLines.count > 20 ? " and \(fallbackLines.count - 20) more" : ""
        let lines = fallbackLines.count == 1 ? "line \(shown)" : "lines \(shown)\(more)"
        return .csv(.warning, .csvMixedEncoding,
                    "\(quoted(name)) is UTF-8 but \(lines) hold bytes that are not; those bytes alone were read as Windows-1252 (check the characters there)",
                    file: name, line: first)
    }

    /// Parses `bytes`. A file that is not text (NUL bytes) is refused with ``MWError/invalid(_:)``
    /// carrying a `csv-not-text` diagnostic. With `quoting` false, quotes are ordinary
    /// characters (tab-separated files written without quoting).
    public init(bytes: [UInt8], name: String, delimiter: UnicodeScalar = ",", quoting: Bool = true) throws {
        try self.init(bytes, name: name, quoting: quoting) { _ in delimiter }
    }

    /// Parses `bytes` with the separator its header line is written with
    /// (``delimiter(ofHeaderIn:among:)``): a CSV that a European spreadsheet re-saved with `;`,
    /// or a tab-separated one, reads like the comma-separated original.
    public init(detectingDelimiterIn bytes: [UInt8], name: String, among candidates: [UnicodeScalar] = CSVFile.delimiters) throws {
        try self.init(bytes, name: name, quoting: true) { CSVFile.delimiter(ofHeaderIn: $0, among: candidates) }
    }

    private init(_ bytes: [UInt8], name: String, quoting: Bool, delimiter choose: (UnsafeBufferPointer<UInt8>) -> UnicodeScalar) throws {
        self.name = name
        var chosen: UnicodeScalar = ","
        var fallback: [Int] = []
        (records, encoding) = try TextDecoding.withUTF8(bytes, fallbackLines: &fallback) { text, encoding in
            if let base = text.baseAddress, memchr(base, 0, text.count) != nil {
                throw MWError.invalid([.csv(.error, .csvNotText, "\(quoted(name)) is not a text file (it holds NUL bytes)", file: name, line: 1)])
            }
            chosen = choose(text)
            return (CSVParser.records(text, delimiter: chosen, quoting: quoting), encoding)
        }
        self.delimiter = chosen
        self.fallbackLines = fallback
    }

    /// The separators ``init(detectingDelimiterIn:name:among:)`` tells apart, the preferred first.
    public static let delimiters: [UnicodeScalar] = [",", ";", "\t"]

    /// The separator of the header line: on the first line (of the first 32) holding any of
    /// `candidates` outside quotes, the one written most often there; ties go to the earlier
    /// candidate, and a file with none of them is comma-separated. Lines before it without
    /// any (blank lines, a title line such as `Letterboxd list export v7`) are passed over.
    /// The header decides because it is the one line whose content is known to be names, not
    /// values that may themselves hold commas or semicolons.
    public static func delimiter(ofHeaderIn text: UnsafeBufferPointer<UInt8>, among candidates: [UnicodeScalar] = CSVFile.delimiters) -> UnicodeScalar {
        let ascii = candidates.filter(\.isASCII)
        guard !ascii.isEmpty else { return candidates.first ?? "," }
        var counts = [Int](repeating: 0, count: ascii.count)
        var inQuotes = false, lines = 0, i = 0
        while i < text.count, lines < 32 {
            let b = text[i]
            if b == 0x22 { inQuotes.toggle() } else if !inQuotes, b == 0x0A || b == 0x0D {
                if counts.contains(where: { $0 > 0 }) { break }
                if b == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A { i += 1 }
                lines += 1
            } else if !inQuotes, let k = ascii.firstIndex(where: { UInt8($0.value) == b }) {
                counts[k] += 1
            }
            i += 1
        }
        guard let best = counts.max(), best > 0, let k = counts.firstIndex(of: best) else { return "," }
        return ascii[k]
    }

    /// Records that are blank rows (``Record/isBlank``, not mere empty lines): skipped by every
    /// table and counted by the readers as ignored.
    public var blankRowCount: Int { records.reduce(0) { $0 + ($1.isBlank && !$1.isEmptyLine ? 1 : 0) } }

    /// The table below the first record `isHeader` accepts (e.g. a record starting with
    /// `Position`), or nil when there is none.
    public func table(headerWhere isHeader: ([String]) -> Bool) -> CSVTable? {
        guard let h = records.firstIndex(where: { !$0.isBlank && isHeader($0.fields) }) else { return nil }
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
    /// The data rows, blank rows and empty lines left out (``CSVFile/Record/isBlank``).
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
        self.rows = rows.filter { !$0.isBlank }
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
    /// A UTF-8 CSV holds byte runs that are not UTF-8 on some lines, read as Windows-1252.
    public static let csvMixedEncoding: DiagnosticCode = "csv-mixed-encoding"
}
