import CSV
import Foundation
import MWFoundation
import MWTestSupport
import PropertyBased
import Testing

/// `CSVFile(bytes:)` as it was before ``CSVParser`` (CSV.swift's `CSVReader` over the decoded
/// String, line numbers counted from the fields' line breaks), kept as the reference the byte
/// parser must agree with, record for record — but for CRLF and CR inside a field, which the
/// parser reads as LF.
enum ReferenceCSV {
    struct Row: Equatable, CustomStringConvertible {
        var fields: [String]
        var line: Int
        var index: Int
        var description: String { "\(index)@\(line)\(fields.map(\.debugDescription))" }
    }

    enum Result: Equatable {
        case records([Row], TextDecoding.Encoding)
        case notText
    }

    static func read(_ bytes: [UInt8], delimiter: UnicodeScalar) throws -> Result {
        let (text, encoding) = TextDecoding.decode(bytes)
        if text.utf8.contains(0) { return .notText }
        let reader = try CSVReader(string: text, delimiter: delimiter)
        var rows: [Row] = []
        var line = 1
        while let fields = reader.next() {
            // The one deliberate difference: a line break inside a field is read as LF.
            let unified = fields.map { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") }
            rows.append(Row(fields: unified, line: line, index: rows.count))
            line += 1 + fields.reduce(0) { $0 + lineBreaks(in: $1) }
        }
        return .records(rows, encoding)
    }

    /// Line breaks inside a field (CRLF counts once).
    static func lineBreaks(in field: String) -> Int {
        var n = 0
        var lastCR = false
        for u in field.utf8 {
            if u == 0x0A { if !lastCR { n += 1 }; lastCR = false } else if u == 0x0D { n += 1; lastCR = true } else { lastCR = false }
        }
        return n
    }

    /// What `CSVFile(bytes:)` makes of the same bytes, in the same shape.
    static func current(_ bytes: [UInt8], delimiter: UnicodeScalar) -> Result? {
        do {
            let file = try CSVFile(bytes: bytes, name: "t.csv", delimiter: delimiter)
            return .records(file.records.map { Row(fields: $0.fields, line: $0.line, index: $0.index) }, file.encoding)
        } catch let MWError.invalid(d) where d.count == 1 && d[0].code == DiagnosticCode.csvNotText.rawValue {
            return .notText
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }
}

@Suite("CSV byte parser against CSV.swift's CSVReader")
struct CSVParserTests {
    /// The grammar's alphabet: text, both delimiters, quote, both line-break bytes, a two-byte
    /// scalar (é: text after a closing quote drops a whole scalar) and a space.
    static let alphabet: [UnicodeScalar] = ["a", ",", "\t", "\"", "\r", "\n", "é", " "]

    func agree(_ bytes: [UInt8], _ delimiter: UnicodeScalar, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try ReferenceCSV.read(bytes, delimiter: delimiter)
        let got = ReferenceCSV.current(bytes, delimiter: delimiter)
        #expect(got == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription) split on \(String(delimiter).debugDescription)", sourceLocation: sourceLocation)
    }

    func agree(_ text: String, _ delimiter: UnicodeScalar = ",", sourceLocation: SourceLocation = #_sourceLocation) throws {
        try agree(Array(text.utf8), delimiter, sourceLocation: sourceLocation)
    }

    /// Edge cases of the grammar, each checked against CSVReader and written out, so the
    /// behaviour both share is on record (not all of it is RFC 4180's).
    @Test func edgeCasesReadAsCSVReaderReadsThem() throws {
        let cases: [(String, [[String]], [Int])] = [
            ("", [], []),
            ("\n", [[""]], [1]),
            ("a", [["a"]], [1]),
            ("a\n", [["a"]], [1]),
            ("a\n\n", [["a"], [""]], [1, 2]),
            ("\n\na", [[""], [""], ["a"]], [1, 2, 3]),
            (",", [["", ""]], [1]),
            ("a,", [["a", ""]], [1]),
            ("a,\n", [["a", ""]], [1]),
            ("a,,b", [["a", "", "b"]], [1]),
            // CR, LF and CRLF end a record; a lone CR too.
            ("\r", [[""]], [1]),
            ("\r\r", [[""], [""]], [1, 2]),
            ("\r\n\r\n", [[""], [""]], [1, 2]),
            ("\n\r", [[""], [""]], [1, 2]),
            ("a\rb\r\nc\nd", [["a"], ["b"], ["c"], ["d"]], [1, 2, 3, 4]),
            // A quote inside an unquoted field is a character; so is a space before a quote.
            ("a\"b,c", [["a\"b", "c"]], [1]),
            ("a\"\"", [["a\"\""]], [1]),
            (" \"a\",b", [[" \"a\"", "b"]], [1]),
            // Quoted fields: `""` escapes, delimiters and line breaks inside.
            ("\"\"", [[""]], [1]),
            ("\"\"\"\"", [["\""]], [1]),
            ("\"a\"\"b\",c", [["a\"b", "c"]], [1]),
            ("\"a,b\",c", [["a,b", "c"]], [1]),
            ("\"a\nb\",c\nd", [["a\nb", "c"], ["d"]], [1, 3]),
            ("\"a\r\nb\"\r\nc", [["a\nb"], ["c"]], [1, 3]),  // a line break in a field is LF
            ("\"a\rb\"\nc", [["a\nb"], ["c"]], [1, 3]),
            ("\"a\n\rb\"\nc", [["a\n\nb"], ["c"]], [1, 4]),
            ("\"a\"\rb", [["a"], ["b"]], [1, 2]),
            ("\"a\"\r\n", [["a"]], [1]),
            ("\"a\",", [["a", ""]], [1]),
            // Text after a closing quote: CSVReader keeps the quote, drops the one character
            // after it (a whole scalar: é) and goes on reading the field as quoted.
            ("\"ab\"cd,x\ny", [["ab\"d,x\ny"]], [1]),
            ("\"ab\"é\"", [["ab\""]], [1]),
            ("\"a\" ,b", [["a\",b"]], [1]),
            ("\"a\"b\",c", [["a\"", "c"]], [1]),
            ("\"a\"\"\"x\"", [["a\"\""]], [1]),
            // An unterminated quoted field runs to the end of the file.
            ("\"abc", [["abc"]], [1]),
            ("\"abc\n", [["abc\n"]], [1]),
            ("a,\"b\nc", [["a", "b\nc"]], [1]),
            ("\"", [[""]], [1]),
            ("\"a\"\"", [["a\""]], [1]),
        ]
        for (text, fields, lines) in cases {
            try agree(text)
            let file = try CSVFile(bytes: Array(text.utf8), name: "t.csv")
            #expect(file.records.map(\.fields) == fields, "\(text.debugDescription)")
            #expect(file.records.map(\.line) == lines, "\(text.debugDescription)")
            #expect(file.records.map(\.index) == Array(fields.indices), "\(text.debugDescription)")
        }
    }

    @Test func tabsAndOtherDelimiters() throws {
        try agree("a\tb,c\n\"x\ty\"\t\n", "\t")
        #expect(try CSVFile(bytes: Array("a\tb,c\n".utf8), name: "t.tsv", delimiter: "\t").records[0].fields == ["a", "b,c"])
        // Any scalar works as the delimiter, as with CSVReader, multi-byte ones included.
        for d: UnicodeScalar in [";", "é", "€", "😀", " ", "\"", "\r", "\n", "a"] {
            try agree("a\(d)b\(d)\"c\(d)d\"\(d)\"e\"\(d)\n\"f\"\"\"\(d)\r\n\(d)", d)
        }
    }

    @Test func decodingAndNULAreUnchanged() throws {
        try agree([0xEF, 0xBB, 0xBF] + Array("a,b\n".utf8), ",")                      // UTF-8 BOM
        try agree([0xEF, 0xBB, 0xBF], ",")
        try agree(Array("Title\nAm".utf8) + [0xE9, 0x6C, 0x69, 0x65, 0x0A], ",")      // Windows-1252
        try agree([0xEF, 0xBB, 0xBF, 0x22, 0xE9, 0x22, 0x65, 0x2C], ",")              // BOM, then not UTF-8
        try agree([0x61, 0x81, 0x8D, 0x2C, 0x62], ",")                                // undefined in 1252
        try agree([0xFF, 0xFE, 0x61, 0x00, 0x2C, 0x00, 0x0A, 0x00, 0xE9, 0x00], ",")  // UTF-16LE
        try agree([0xFE, 0xFF, 0x00, 0x61, 0x00, 0x09, 0x00, 0x62, 0xD8, 0x00], "\t") // UTF-16BE, lone surrogate
        try agree([0xFF, 0xFE, 0x00, 0x00], ",")                                      // UTF-16 NUL
        try agree([0x61, 0x00, 0x62], ",")                                            // NUL
        try agree(Array("\"a".utf8) + [0x00, 0x22], ",")                              // NUL inside quotes
        try agree([0x61, 0x00, 0xE9], ",")                                            // NUL, 1252
        try agree([0x22, 0x61, 0x22, 0xE9, 0x62, 0x22, 0x0A], ",")                    // 1252 scalar dropped after a quote
        try agree([0xED, 0xA0, 0x80, 0x2C, 0xC0, 0xAF, 0x2C, 0xF4, 0x90, 0x80, 0x80], ",")  // surrogate, overlong, > U+10FFFF
    }

    @Test("random text over the grammar's alphabet reads as CSVReader reads it")
    func randomText() async {
        let text = Gen.int(in: 0...(Self.alphabet.count - 1)).array(of: 0...40)
            .map { String(String.UnicodeScalarView($0.map { Self.alphabet[$0] })) }
        await seededCheck(count: 5000, seed: 0x5EED_290E, input: text, Gen.bool) { text, tab in
            try agree(text, tab ? "\t" : ",")
        }
    }

    @Test("long random text, quotes rarer, reads as CSVReader reads it")
    func randomLongText() async {
        // Weighted so quoted fields run long enough to hold several escapes and line breaks.
        let weights = [8, 3, 2, 1, 1, 2, 2, 2]
        let pool = zip(Self.alphabet, weights).flatMap { Array(repeating: $0, count: $1) }
        let text = Gen.int(in: 0...(pool.count - 1)).array(of: 0...400)
            .map { String(String.UnicodeScalarView($0.map { pool[$0] })) }
        await seededCheck(count: 500, seed: 0x5EED_290F, input: text, Gen.bool) { text, tab in
            try agree(text, tab ? "\t" : ",")
        }
    }

    @Test("random bytes (BOMs, invalid UTF-8, NUL) decode and read as before")
    func randomBytes() async {
        let bytes: [UInt8] = [0x61, 0x2C, 0x09, 0x22, 0x0D, 0x0A, 0x20, 0xC3, 0xA9, 0xE9, 0xE2, 0x82, 0xAC, 0x80, 0xFF, 0x00]
        let prefixes: [[UInt8]] = [[], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]]
        let body = Gen.int(in: 0...(bytes.count - 1)).array(of: 0...40).map { $0.map { bytes[$0] } }
        await seededCheck(count: 3000, seed: 0x5EED_2910, input: Gen.int(in: 0...(prefixes.count - 1)), body, Gen.bool) { prefix, body, tab in
            try agree(prefixes[prefix] + body, tab ? "\t" : ",")
        }
    }

    @Test("random text split on other delimiters, multi-byte ones included, reads as before")
    func randomDelimiters() async {
        let delimiters: [UnicodeScalar] = [";", "é", "€", "😀", "\"", "\r", "\n", " ", "a"]
        let alphabet = Self.alphabet + ["€", "😀", ";"]
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...40)
            .map { String(String.UnicodeScalarView($0.map { alphabet[$0] })) }
        await seededCheck(count: 2000, seed: 0x5EED_2911, input: text, Gen.int(in: 0...(delimiters.count - 1))) { text, d in
            try agree(text, delimiters[d])
        }
    }
}
