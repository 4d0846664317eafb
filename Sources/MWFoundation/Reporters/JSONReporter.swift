import Foundation

/// Machine-readable output, documented in README.md (validate): `{"files":[FileReport…],"valid":Bool}`.
/// Keys are sorted so the output is stable.
public struct JSONReporter: Reporter {
    public init() {}

    private struct Document: Encodable {
        var tool = "mwkit"
        var valid: Bool
        var files: [FileReport]
    }

    public func render(_ reports: [FileReport]) -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let doc = Document(valid: reports.allSatisfy(\.valid), files: reports)
        guard let data = try? enc.encode(doc) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
