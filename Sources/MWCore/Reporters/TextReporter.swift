/// Human-readable output: one line per diagnostic, `path:line:col: severity: [code] pointer: message`.
public struct TextReporter: Reporter {
    public static let identifier = "text"
    public init() {}

    public func render(_ reports: [FileReport]) -> String {
        var out = ""
        for r in reports {
            for d in r.diagnostics {
                let pos = d.line.map { ":\($0):\(d.column ?? 1)" } ?? ""
                let ptr = d.pointer.isEmpty ? "" : " \(d.pointer)"
                out += "\(r.path)\(pos): \(d.severity.rawValue): [\(d.code)]\(ptr): \(d.message)\n"
            }
            let fmt = r.format ?? "unrecognised"
            let verdict = r.valid ? "valid" : "INVALID"
            let c = r.counts
            out += "\(r.path): \(verdict) (\(fmt)); \(r.errors) error(s), \(r.warnings) warning(s); "
            out += "\(c.lists) lists, \(c.titles) titles, \(c.episodes) episodes, \(c.notes) notes\n"
        }
        return out
    }
}
