import Foundation
import MWMacros

/// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), so GitHub code scanning and
/// other SARIF viewers show backup problems: one run whose tool is mwkit, one rule per
/// diagnostic code that occurs, one result per diagnostic. Checked against the official schema
/// (Schemas/sarif-schema-2.1.0.json) by scripts/ship-check.sh.
///
/// Locations: the file as a URI reference (relative paths stay relative, so a viewer resolves
/// them against the checkout; absolute ones become `file://` URIs), line and column when known
/// (columns count Unicode scalars, which the run declares as `unicodeCodePoints`), the JSON
/// Pointer as a logical location, CSV rows and column names as properties.
@PublicMemberwiseInit
public struct SARIFReporter: Reporter {
    /// The version printed as the driver's version (`mwkit --version`, e.g. "0.1.0"); nil leaves it out.
    public var toolVersion: String?

    /// Where the schema this output follows is published.
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    public func render(_ reports: [FileReport]) -> String {
        let codes = Array(Set(reports.flatMap { $0.diagnostics.map(\.code) })).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        var results: [Result] = []
        for r in reports {
            for d in r.diagnostics {
                results.append(result(d, in: r.path, ruleIndex: ruleIndex[d.code] ?? 0))
            }
        }
        let rules = codes.map { Rule(id: $0, shortDescription: .init(text: "mwkit diagnostic \($0) (docs/DIAGNOSTICS.md)")) }
        let driver = Driver(name: "mwkit", version: toolVersion, informationUri: nil, rules: rules)
        let artifacts = reports.map { Artifact(location: .init(uri: Self.uri($0.path)), properties: .init(format: $0.format, valid: $0.valid)) }
        let run = Run(tool: .init(driver: driver), artifacts: artifacts, results: results,
                      invocations: [.init(executionSuccessful: true)], columnKind: "unicodeCodePoints")
        let log = Log(schema: Self.schemaURI, version: "2.1.0", runs: [run])
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? enc.encode(log) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private func result(_ d: Diagnostic, in input: String, ruleIndex: Int) -> Result {
        var region: Region?
        if let line = d.line, line >= 1 {
            region = Region(startLine: line, startColumn: d.column.flatMap { $0 >= 1 ? $0 : nil })
        }
        let physical = PhysicalLocation(artifactLocation: .init(uri: Self.uri(d.path(in: input))), region: region)
        let logical = d.pointer.isEmpty || d.isCSV ? nil : [LogicalLocation(fullyQualifiedName: d.pointer, kind: "element")]
        let props = d.isCSV ? ResultProperties(row: d.row, field: d.field) : nil
        let text = d.place.isEmpty ? d.message : "\(d.place): \(d.message)"
        return Result(ruleId: d.code, ruleIndex: ruleIndex, level: d.severity == .error ? "error" : "warning",
                      message: .init(text: text), locations: [Location(physicalLocation: physical, logicalLocations: logical)],
                      properties: props)
    }

    /// A path as a URI reference (RFC 3986): every byte outside the unreserved set and `/`
    /// percent-encoded; an absolute path becomes a `file://` URI; standard input is `stdin`.
    static func uri(_ path: String) -> String {
        if path == "-" { return "stdin" }
        var out = ""
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += String(format: "%%%02X", b)
            }
        }
        // "./a.json" and "a.json" name the same file; a viewer resolves either against the checkout.
        return path.hasPrefix("/") ? "file://" + out : out
    }

    // The subset of the SARIF object model mwkit writes (names as in the specification).
    private struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    private struct Run: Encodable {
        var tool: Tool
        var artifacts: [Artifact]
        var results: [Result]
        var invocations: [Invocation]
        var columnKind: String
    }
    private struct Tool: Encodable { var driver: Driver }
    private struct Driver: Encodable {
        var name: String
        var version: String?
        var informationUri: String?
        var rules: [Rule]
    }
    private struct Rule: Encodable {
        var id: String
        var shortDescription: Message
    }
    private struct Message: Encodable { var text: String }
    private struct Artifact: Encodable {
        var location: ArtifactLocation
        var properties: ArtifactProperties
    }
    private struct ArtifactProperties: Encodable {
        var format: String?
        var valid: Bool
    }
    private struct ArtifactLocation: Encodable { var uri: String }
    private struct Invocation: Encodable { var executionSuccessful: Bool }
    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var properties: ResultProperties?
    }
    private struct ResultProperties: Encodable {
        var row: Int?
        var field: String?
    }
    private struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
    }
    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }
    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
    private struct LogicalLocation: Encodable {
        var fullyQualifiedName: String
        var kind: String
    }
}
