/// How serious a finding is. Errors make a file invalid; warnings only with `--strict`.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning, error
    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// One finding about an input: what (a stable `code` and a message naming the offending
/// value) and where: in a JSON document a JSON Pointer with line and column (1-based); in a
/// CSV file the file, its line and column, the data row and the column's header name.
public struct Diagnostic: Sendable, Codable, Equatable {
    /// Error (the input is invalid) or warning.
    public var severity: Severity
    /// A stable code from ``DiagnosticCode``, documented in docs/DIAGNOSTICS.md.
    public var code: String
    /// What is wrong, naming the offending value.
    public var message: String
    /// RFC 6901 JSON Pointer into the document ("" is the root).
    public var pointer: String
    /// 1-based line of the offending value, when read from a file.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of the offending value.
    public var column: Int?
    /// Byte offset into the source, when known (used to compute line and column lazily).
    public var offset: Int?
    /// CSV: the file inside the input that holds the row (e.g. `diary.csv` in an export ZIP);
    /// nil when the input itself is the file.
    public var file: String?
    /// CSV: the 1-based data row (the header is row 0); `line` is where the row starts.
    public var row: Int?
    /// CSV: the header name of the offending column (`column` is its 1-based index).
    public var field: String?

    /// A finding with a code from ``DiagnosticCode``; position fields are optional.
    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, pointer: String = "",
                line: Int? = nil, column: Int? = nil, offset: Int? = nil) {
        self.severity = severity
        self.code = code.rawValue
        self.message = message
        self.pointer = pointer
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// An error finding.
    public static func error(_ code: DiagnosticCode, _ message: String, pointer: String = "", offset: Int? = nil) -> Diagnostic {
        Diagnostic(.error, code, message, pointer: pointer, offset: offset)
    }

    /// A warning finding.
    public static func warning(_ code: DiagnosticCode, _ message: String, pointer: String = "", offset: Int? = nil) -> Diagnostic {
        Diagnostic(.warning, code, message, pointer: pointer, offset: offset)
    }

    /// A finding in a CSV file: `line` is where the row starts, `column` the 1-based field
    /// index, `field` its header name, `row` the 1-based data row.
    public static func csv(_ severity: Severity, _ code: DiagnosticCode, _ message: String, file: String? = nil,
                           line: Int? = nil, row: Int? = nil, column: Int? = nil, field: String? = nil) -> Diagnostic {
        var d = Diagnostic(severity, code, message, line: line, column: column)
        d.file = file
        d.row = row
        d.field = field
        return d
    }

    /// Whether this finding is located in a CSV file rather than a JSON document.
    public var isCSV: Bool { row != nil || field != nil }

    private enum CodingKeys: String, CodingKey { case severity, code, message, pointer, line, column, file, row, field }
}

/// Builds a JSON Pointer from path components, escaping `~` and `/` (RFC 6901).
public func jsonPointer(_ parts: [Any]) -> String {
    var s = ""
    for p in parts {
        s += "/"
        if let i = p as? Int { s += String(i) } else {
            let name = p as? String ?? String(describing: p)
            // Most names need no escaping; Foundation's replace was a third of reading a
            // 50,000-book library, which names every node.
            if name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                s += name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                s += name
            }
        }
    }
    return s
}

/// Shortens a value for quoting in a message: at most 60 characters, control characters escaped.
public func quoted(_ value: String, limit: Int = 60) -> String {
    var out = ""
    var n = 0
    for ch in value.unicodeScalars {
        if n >= limit { out += "…"; break }
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if ch.value < 0x20 { out += "\\u" + String(ch.value, radix: 16) } else { out.unicodeScalars.append(ch) }
        }
        n += 1
    }
    return "\"" + out + "\""
}
