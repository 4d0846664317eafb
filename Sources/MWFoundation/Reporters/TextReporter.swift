/// Human-readable output: one line per diagnostic, `path:line:col: severity: [code] pointer: message`
/// (for CSV, `path/file:line:col: severity: [code] row N, column "Name": message`), then a
/// verdict line per file.
public struct TextReporter: Reporter {
    public init() {}

    public func render(_ reports: [FileReport]) -> String {
        var out = ""
        for r in reports {
            for d in r.diagnostics {
                out += line(d, path: r.path)
            }
            let fmt = r.format ?? "unrecognised"
            let verdict = r.valid ? "valid" : "INVALID"
            out += "\(r.path): \(verdict) (\(fmt)); \(r.errors) error(s), \(r.warnings) warning(s)"
            out += r.counts.summary.isEmpty ? "\n" : "; \(r.counts.summaryText)\n"
        }
        return out
    }

    /// One diagnostic as a line of text (ending in a newline).
    public func line(_ d: Diagnostic, path: String) -> String {
        let pos = d.line.map { ":\($0):\(d.column ?? 1)" } ?? ""
        let place = d.place.isEmpty ? "" : " \(d.place)"
        return "\(d.path(in: path))\(pos): \(d.severity.rawValue): [\(d.code)]\(place): \(d.message)\n"
    }
}
