import Foundation
import MWCore
import MWFoundation
import MWJobs
import MWTestSupport
import Testing
@testable import MWBooks

/// Every real book export present (``BookCorpusTests/files()``), saved again as spreadsheets
/// and editors save it (``ResavedCopies``), reads as the same service and imports to the same
/// library as the export itself.
@Suite("Book exports saved again by a spreadsheet read the same")
struct ResavedBookExportTests {
    /// The book trackers whose folders are walked (one test case each, run side by side).
    static let services = FormatRegistry.standard.bookReaders.map(\.name)

    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"), arguments: services)
    func everyCopyImportsTheSameLibrary(_ service: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("resaved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var checked = 0, problems: [String] = []
        let mine = BookCorpusTests.files().filter { $0.service == service }
        for (_, url) in mine {
            let data = try Data(contentsOf: url)
            let tsv = url.pathExtension.lowercased() != "csv"
            let copies = ResavedCopies.of(data, delimiter: tsv ? "\t" : ",")
            guard !copies.isEmpty else { continue }
            func imported(_ bytes: Data, _ folder: String) throws -> (source: String?, rows: Int, library: BookLibrary) {
                let sub = dir.appendingPathComponent("\(checked)-\(folder)")
                try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
                let file = sub.appendingPathComponent(url.lastPathComponent)
                try bytes.write(to: file)
                let f = BookExportReader.read(file)
                return (f.source?.rawValue, f.rowsRead, BookImport.run([f], options: BookCorpusTests.options).library)
            }
            let original = try imported(data, "original")
            for (n, copy) in copies.enumerated() {
                let again = try imported(copy.bytes, "copy\(n)")
                if again.source != original.source || again.rows != original.rows {
                    problems.append("\(url.path) (\(copy.how)): read as \(again.source ?? "nothing"), \(again.rows) rows; the export \(original.source ?? "nothing"), \(original.rows)")
                } else if again.library != original.library {
                    problems.append("\(url.path) (\(copy.how)): another library (\(again.library.works.count) works, the export \(original.library.works.count))")
                }
            }
            checked += 1
        }
        print("\(service): \(checked) of \(mine.count) export(s) checked in their re-saved copies")
        #expect(mine.isEmpty || checked > 0, "\(service): no export could be re-saved")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
