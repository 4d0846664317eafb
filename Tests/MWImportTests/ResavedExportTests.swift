import Foundation
import MWCore
@testable import MWImport
import MWTestSupport
import Testing

/// Every real film CSV and JSON export present (the samples, and `$MWKIT_CORPUS` when set),
/// saved again as spreadsheets, editors and other tools save it (``ResavedCopies``: a byte
/// order mark and CRLF, UTF-16, Windows-1252, reversed `;`-separated columns, a stray empty
/// column; JSON with sorted keys or pretty-printed), imports to the same library as the export
/// itself, with the same rows read: how a file is encoded and laid out is never data.
@Suite("Film exports saved again by another tool read the same")
struct ResavedExportTests {
    @Test(.enabled(if: FilmCorpusTests.present, "no real export present; not checked"), arguments: FilmCorpusTests.services)
    func everyCopyImportsTheSameLibrary(_ service: String) throws {
        let fx = try Fixture()
        var checked = 0, problems: [String] = []
        let mine = FilmCorpusTests.files(service).filter { ["csv", "json"].contains($0.pathExtension.lowercased()) }
        for url in mine {
            let data = try Data(contentsOf: url)
            let copies = url.pathExtension.lowercased() == "json" ? ResavedCopies.ofJSON(data) : ResavedCopies.of(data)
            guard !copies.isEmpty else { continue }
            // The export and its copies under the same name, so provenance names the same file.
            func imported(_ bytes: Data, _ folder: String) throws -> SampleImport {
                let dir = fx.url("\(checked)-\(folder)")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let file = dir.appendingPathComponent(url.lastPathComponent)
                try bytes.write(to: file)
                return try SampleImport(file, written: false)  // built: the writing is FilmCorpusTests'
            }
            let original = try imported(data, "original")
            let read = original.export.files.map { "\($0.kind) \($0.rowsRead)" }
            for (n, copy) in copies.enumerated() {
                let again = try imported(copy.bytes, "copy\(n)")
                let readAgain = again.export.files.map { "\($0.kind) \($0.rowsRead)" }
                if readAgain != read {
                    problems.append("\(url.path) (\(copy.how)): read \(readAgain), the export \(read)")
                } else if again.library != original.library {
                    problems.append("\(url.path) (\(copy.how)): another library: \(Self.firstDifference(again.library, original.library))")
                }
            }
            checked += 1
        }
        print("\(service): \(checked) of \(mine.count) CSV/JSON export(s) checked in their re-saved copies")
        #expect(mine.isEmpty || checked > 0, "\(service): no export could be re-saved")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Where two libraries first differ, for the failure message.
    static func firstDifference(_ a: Library, _ b: Library) -> String {
        func first<T: Equatable>(_ name: String, _ x: [T], _ y: [T]) -> String? {
            if x.count != y.count { return "\(x.count) \(name), the export \(y.count)" }
            return zip(x, y).first { $0 != $1 }.map { "\(name): \(String(describing: $0.0).prefix(400)) — the export: \(String(describing: $0.1).prefix(400))" }
        }
        return first("titles", a.titles, b.titles) ?? first("episodes", a.episodes, b.episodes) ?? first("lists", a.lists, b.lists)
            ?? first("notes", a.notes, b.notes) ?? "elsewhere"
    }
}
