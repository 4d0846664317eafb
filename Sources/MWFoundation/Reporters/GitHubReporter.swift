/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), one per
/// diagnostic, so findings show as annotations on the pull request.
public struct GitHubReporter: Reporter {
    public init() {}

    public func render(_ reports: [FileReport]) -> String {
        var out = ""
        for r in reports {
            for d in r.diagnostics {
                var props = "file=\(escapeProperty(d.path(in: r.path)))"
                if let l = d.line { props += ",line=\(l)" }
                if let c = d.column { props += ",col=\(c)" }
                props += ",title=\(escapeProperty("mwkit " + d.code))"
                let msg = d.place.isEmpty ? d.message : "\(d.place): \(d.message)"
                out += "::\(d.severity == .error ? "error" : "warning") \(props)::\(escapeData(msg))\n"
            }
        }
        return out
    }

    private func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
