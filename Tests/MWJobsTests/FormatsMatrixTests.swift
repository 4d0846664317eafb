import Foundation
import MWCore
import MWJobs
import Testing

/// The conversion matrix comes from the registry: docs/FORMATS.md is its Markdown, never
/// written by hand, and every format says what it holds.
@Suite struct FormatsMatrixTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/FORMATS.md")

    @Test func theDocIsTheRegistrysMatrix() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- formats:begin -->\n")), end = try #require(text.range(of: "<!-- formats:end -->"))
        #expect(String(text[begin.upperBound..<end.lowerBound]) == FormatRegistry.standard.matrixMarkdown,
                "docs/FORMATS.md drifted: regenerate it with `mwkit formats --format markdown`")
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
