/// Human-readable output: one line per diagnostic, `path:line:col: severity: [code] pointer: message`
/// (for CSV, `path/file:line:col: severity: [code] row N, column "Name": message`), then a
/// verdict line per file.
///
/// Meant for people, so it summarises at volume: at most ``perCode`` occurrences of each code
/// are printed in full and at most ``perFile`` diagnostic lines per file, the rest counted per
/// code (`… and 272 more zip-image-missing warnings`). `verbose` prints every one; the json,
/// github and junit reporters always keep every diagnostic (machines read them).
public struct TextReporter: Reporter {
    /// Print every diagnostic.
    public var verbose: Bool
    /// Occurrences of one code printed in full per file.
    public var perCode = 5
    /// Diagnostic lines printed in full per file.
    public var perFile = 40

    public init(verbose: Bool = false) {
        self.verbose = verbose
    }

    public func render(_ reports: [FileReport]) -> String {
        var out = ""
        for r in reports {
            out += lines(r.diagnostics, path: r.path)
            let fmt = (r.format ?? "unrecognised") + (r.versionNote.map { ", \($0)" } ?? "") + (r.variant.map { ", \($0)" } ?? "")
            let verdict = r.valid ? "valid" : "INVALID"
            out += "\(r.path): \(verdict) (\(fmt)); \(counted(r.errors, "error")), \(counted(r.warnings, "warning"))"
            out += r.counts.summary.isEmpty ? "\n" : "; \(r.counts.summaryText)\n"
        }
        return out
    }

    /// The diagnostics of one file, grouped unless verbose (see the type's comment).
    public func lines(_ diagnostics: [Diagnostic], path: String) -> String {
        if verbose { return diagnostics.map { line($0, path: path) }.joined() }
        var out = ""
        var shown: [String: Int] = [:]
        var printed = 0
        var left: [(code: String, severity: Severity, count: Int)] = []
        for d in diagnostics {
            if printed < perFile, shown[d.code, default: 0] < perCode {
                out += line(d, path: path)
                shown[d.code, default: 0] += 1
                printed += 1
            } else if let i = left.firstIndex(where: { $0.code == d.code && $0.severity == d.severity }) {
                left[i].count += 1
            } else {
                left.append((d.code, d.severity, 1))
            }
        }
        for l in left {
            out += "\(path): … and \(l.count) more \(l.code) \(l.severity.rawValue)\(l.count == 1 ? "" : "s") (--verbose shows all)\n"
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
