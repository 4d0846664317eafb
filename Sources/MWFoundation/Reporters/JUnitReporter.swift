/// JUnit XML: one test suite, one test case per file; each error diagnostic is a failure,
/// so CI systems that read JUnit show invalid backups as failed tests.
public struct JUnitReporter: Reporter {
    public init() {}

    public func render(_ reports: [FileReport]) -> String {
        let failures = reports.filter { $0.errors > 0 }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"mwkit\" tests=\"\(reports.count)\" failures=\"\(failures)\">\n"
        out += "  <testsuite name=\"mwkit validate\" tests=\"\(reports.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for r in reports {
            out += "    <testcase classname=\"mwkit.validate\" name=\"\(xmlEscaped(r.path))\""
            let errs = r.diagnostics.filter { $0.severity == .error }
            let warns = r.diagnostics.filter { $0.severity == .warning }
            if errs.isEmpty && warns.isEmpty { out += "/>\n"; continue }
            out += ">\n"
            for d in errs {
                out += "      <failure type=\"\(xmlEscaped(d.code))\" message=\"\(xmlEscaped(d.message))\">"
                out += xmlEscaped("\(d.path(in: r.path)):\(d.position) \(d.place): \(d.message)") + "</failure>\n"
            }
            if !warns.isEmpty {
                out += "      <system-out>"
                out += warns.map { xmlEscaped("warning [\($0.code)] \($0.path(in: r.path)):\($0.position) \($0.place): \($0.message)") }.joined(separator: "\n")
                out += "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
