import Foundation
import MWCore
import MWJobs
import Testing

/// The conversion matrix comes from the registry: docs/FORMATS.md is its Markdown, never
/// written by hand, and every format says what it holds.
@Suite struct FormatsMatrixTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/FORMATS.md")

    /// Every row the doc shows is the registry's row, exactly (`make docs` regenerates it). A
    /// format registered since the doc was made is not a failure: a new service is one reader
    /// file and one registry line, nothing else.
    @Test func theDocIsTheRegistrysMatrix() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- formats:begin -->\n")), end = try #require(text.range(of: "<!-- formats:end -->"))
        let documented = text[begin.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let matrix = Set(FormatRegistry.standard.matrixMarkdown.split(separator: "\n").map(String.init))
        #expect(documented.count > 2)
        for row in documented { #expect(matrix.contains(row), "docs/FORMATS.md drifted at \(row): run `make docs`") }
    }

    @Test func everyFormatSaysWhatItHolds() {
        for f in FormatRegistry.standard.formats {
            #expect(f.holds != FormatHolds(), "\(f.name) says nothing of what it holds")
        }
        // One row per format, with its family and modes.
        let rows = FormatRegistry.standard.matrixText.split(separator: "\n")
        #expect(rows.count == FormatRegistry.standard.formats.count + 1)
        #expect(rows.contains { $0.hasPrefix("goodreads ") && $0.contains("books") && $0.contains("1–5") })
    }
}
