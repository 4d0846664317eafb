import Foundation

/// The findings for one input file, as reporters print them.
public struct FileReport: Sendable, Codable, Equatable {
    /// The path as given on the command line ("-" for stdin).
    public var path: String
    /// Detected format name (a format registry name such as `mediawatch-v1`), nil when unrecognised.
    public var format: String?
    /// Detected JSON format version.
    public var formatVersion: Int?
    /// For another service's export: the generation or file role found (`goodreads-24`).
    public var variant: String?
    /// True when there are no errors (and, under `--strict`, no warnings).
    public var valid: Bool
    /// Records per kind, as read.
    public var counts: ReportCounts
    public var errors: Int
    public var warnings: Int
    public var diagnostics: [Diagnostic]

    public init(path: String, format: String?, formatVersion: Int?, variant: String? = nil, valid: Bool, counts: ReportCounts, diagnostics: [Diagnostic]) {
        self.path = path
        self.variant = variant
        self.format = format
        self.formatVersion = formatVersion
        self.valid = valid
        self.counts = counts
        self.diagnostics = diagnostics
        self.errors = diagnostics.filter { $0.severity == .error }.count
        self.warnings = diagnostics.filter { $0.severity == .warning }.count
    }
}

extension FileReport {
    /// The file's own version when the format's name says another ("formatVersion 3" for a
    /// `mediawatch-v2` file at formatVersion 3), so a file is reported as the version it is.
    /// Names without a version (`mediawatch-zip`) need no note.
    public var versionNote: String? {
        guard let formatVersion, let format, let v = format.range(of: "-v", options: .backwards),
              let named = Int(format[v.upperBound...]), named != formatVersion else { return nil }
        return "formatVersion \(formatVersion)"
    }
}

/// Turns file reports into text for one output style (modelled on SwiftLint's reporters).
public protocol Reporter: Sendable {
    /// Renders all reports as one document.
    func render(_ reports: [FileReport]) -> String
}

/// The output styles of `validate`, `verify` and `check`.
public enum ReporterKind: String, Sendable, CaseIterable {
    case text, json, github, junit, sarif

    /// The reporter for this style; `verbose` makes the text reporter print every diagnostic
    /// (the others always do); `toolVersion` is what SARIF names as the tool's version.
    public func reporter(verbose: Bool = false, toolVersion: String? = nil) -> any Reporter {
        switch self {
        case .text: return TextReporter(verbose: verbose)
        case .json: return JSONReporter()
        case .github: return GitHubReporter()
        case .junit: return JUnitReporter()
        case .sarif: return SARIFReporter(toolVersion: toolVersion)
        }
    }
}

extension Diagnostic {
    /// "line:col" (column 1 when only the line is known, as the text reporter prints a CSV row)
    /// or "-" when the line is unknown.
    public var position: String {
        guard let line else { return "-" }
        return "\(line):\(column ?? 1)"
    }

    /// Where inside the document: the JSON Pointer, or for CSV `row N, column "Name"`.
    public var place: String {
        guard isCSV else { return pointer }
        var parts: [String] = []
        if let row { parts.append("row \(row)") }
        if let field { parts.append("column \(quoted(field))") } else if let column { parts.append("column \(column)") }
        return parts.joined(separator: ", ")
    }

    /// The path a finding is in: the input, or a file inside it (CSV exports).
    public func path(in input: String) -> String {
        guard let file, !file.isEmpty, file != input else { return input }
        // A reader that names files by their full path (a file given on its own) is not inside `input`.
        if file.hasPrefix("/") || file.hasPrefix(input.hasSuffix("/") ? input : input + "/") { return file }
        return input.hasSuffix("/") ? input + file : input + "/" + file
    }
}
