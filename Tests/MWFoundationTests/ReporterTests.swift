import Foundation
import MWFoundation
import Testing

/// Every reporter prints both kinds of position: a JSON Pointer with line:column, and a CSV
/// file, line:column, row and column name.
@Suite("Reporters")
struct ReporterTests {
    static let json = Diagnostic(.error, "title-tmdbid-positive", "tmdbId must be > 0, found 0", pointer: "/titles/1/tmdbId", line: 3, column: 7)
    static let csv = Diagnostic.csv(.warning, "rating-range", "rating 11 is out of range", file: "ratings.csv", line: 12, row: 11, column: 5, field: "Rating")
    static let report = FileReport(path: "export.zip", format: "letterboxd", formatVersion: nil, valid: false,
                                   counts: ReportCounts([.init("titles", 2), .init("lists", 1)], summary: ["lists", "titles"]),
                                   diagnostics: [json, csv])

    @Test func text() {
        let out = TextReporter().render([Self.report])
        #expect(out == """
            export.zip:3:7: error: [title-tmdbid-positive] /titles/1/tmdbId: tmdbId must be > 0, found 0
            export.zip/ratings.csv:12:5: warning: [rating-range] row 11, column "Rating": rating 11 is out of range
            export.zip: INVALID (letterboxd); 1 error, 1 warning; 1 list, 2 titles

            """)
    }

    @Test func github() {
        let out = GitHubReporter().render([Self.report])
        #expect(out.contains("::error file=export.zip,line=3,col=7,title=mwkit title-tmdbid-positive::/titles/1/tmdbId: tmdbId"))
        #expect(out.contains("::warning file=export.zip/ratings.csv,line=12,col=5,title=mwkit rating-range::row 11, column \"Rating\": rating 11"))
    }

    @Test func junit() {
        let out = JUnitReporter().render([Self.report])
        #expect(out.contains("export.zip:3:7 /titles/1/tmdbId: tmdbId must be"))
        #expect(out.contains("warning [rating-range] export.zip/ratings.csv:12:5 row 11, column &quot;Rating&quot;: rating 11"))
    }

    /// A CSV row known by its line only (a malformed row has no column) is `file:line:1` in every
    /// reporter, never `file:-`.
    @Test func csvRowWithoutColumn() {
        let row = Diagnostic.csv(.error, "import-malformed-row", "a row without a film name", file: "diary.csv", line: 7, row: 6)
        let report = FileReport(path: "export.zip", format: "letterboxd", formatVersion: nil, valid: false,
                                counts: ReportCounts([], summary: []), diagnostics: [row])
        let junit = JUnitReporter().render([report])
        #expect(junit.contains("export.zip/diary.csv:7:1 row 6: a row without a film name"), "\(junit)")
        #expect(!junit.contains(":-"))
        #expect(TextReporter().render([report]).contains("export.zip/diary.csv:7:1: error: [import-malformed-row] row 6:"))
    }

    @Test func json() throws {
        let out = JSONReporter().render([Self.report])
        let doc = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        let file = (doc["files"] as! [[String: Any]])[0]
        #expect(file["counts"] as? [String: Int] == ["titles": 2, "lists": 1])
        let diags = file["diagnostics"] as! [[String: Any]]
        #expect(diags[0]["pointer"] as? String == "/titles/1/tmdbId" && diags[0]["line"] as? Int == 3 && diags[0]["file"] == nil)
        #expect(diags[1]["file"] as? String == "ratings.csv" && diags[1]["row"] as? Int == 11 && diags[1]["field"] as? String == "Rating")
        #expect(diags[1]["line"] as? Int == 12 && diags[1]["column"] as? Int == 5)
        // The document decodes back to the same reports.
        struct Doc: Decodable { var files: [FileReport] }
        let back = try JSONDecoder().decode(Doc.self, from: Data(out.utf8))
        #expect(back.files[0].diagnostics == [Self.json, Self.csv])
    }
}

@Suite("Grouped text output")
struct GroupedTextTests {
    static func many(_ n: Int, _ code: DiagnosticCode, _ severity: Severity = .warning) -> [Diagnostic] {
        (0..<n).map { Diagnostic(severity, code, "image \($0).jpg is missing", pointer: "/titles/\($0)/posterPath") }
    }

    @Test func atMostFivePerCodeThenACount() {
        let d = Self.many(282, "zip-image-missing") + Self.many(2, "title-duplicate", .error)
        let out = TextReporter().lines(d, path: "b.zip")
        let lines = out.split(separator: "\n")
        #expect(lines.filter { $0.contains("[zip-image-missing]") }.count == 5)
        #expect(lines.filter { $0.contains("[title-duplicate]") }.count == 2)
        #expect(lines.last == "b.zip: … and 277 more zip-image-missing warnings (--verbose shows all)")
        #expect(lines.count == 8)
        #expect(TextReporter(verbose: true).lines(d, path: "b.zip").split(separator: "\n").count == 284)
    }

    @Test func atMostFortyLinesPerFile() {
        var d: [Diagnostic] = []
        for c in 0..<20 { d += Self.many(3, DiagnosticCode(rawValue: "code-\(c)")) }
        let lines = TextReporter().lines(d, path: "f.json").split(separator: "\n")
        #expect(lines.count == 40 + 7)   // 40 in full; the remaining 20 of codes 13…19 counted per code
        #expect(lines.last == "f.json: … and 3 more code-19 warnings (--verbose shows all)")
    }

    @Test func machineReportersKeepEveryDiagnostic() {
        let r = FileReport(path: "b.zip", format: nil, formatVersion: nil, valid: true, counts: .init(), diagnostics: Self.many(50, "zip-image-missing"))
        #expect(GitHubReporter().render([r]).split(separator: "\n").count == 50)
        #expect(JSONReporter().render([r]).components(separatedBy: "zip-image-missing").count == 51)
    }
}

@Suite("Diagnostics in row order")
struct RowOrderTests {
    @Test func byFileThenLineGeneralOnesFirstTiesKept() {
        func d(_ file: String?, _ line: Int?, _ m: String) -> Diagnostic {
            file == nil ? Diagnostic(.warning, "w", m) : .csv(.warning, "w", m, file: file, line: line, row: line.map { $0 - 1 })
        }
        let given = [d("b.csv", 9, "b9"), d("a.csv", 110, "a110"), d("a.csv", 5, "a5"), d("a.csv", 110, "a110 again"), d(nil, nil, "general"), d("a.csv", 2, "a2")]
        #expect(given.inRowOrder().map(\.message) == ["general", "a2", "a5", "a110", "a110 again", "b9"])
    }
}
