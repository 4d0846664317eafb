import Foundation
import Testing
@testable import MWCore
import MWFoundation

/// Every input `make fuzz` found a crash with in the JSON target (Fuzz/regressions/json), fed
/// through the same entry point: the v1/v2 reader + validator. Each must read to a result.
@Suite struct JSONFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/regressions/json").standardizedFileURL

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: inputs)
    func jsonInputIsHandled(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let r = BackupIO.read(data: bytes)
        #expect(r.format != nil || !r.diagnostics.isEmpty)
    }

    /// The first finding: a v1 numeric date past Int64 seconds trapped when a warning printed it.
    @Test func numericDatesBeyondYear9999AreRefused() {
        let doc = #"{"version":"1.0","exportDate":1e300,"lists":[],"titles":[],"episodes":[],"notes":[]}"#
        let r = BackupIO.read(data: Array(doc.utf8))
        #expect(r.diagnostics.contains { $0.code == "date-invalid" && $0.pointer == "/exportDate" })
        #expect(DateCoding.formatRFC3339(Date(timeIntervalSinceReferenceDate: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(DateCoding.formatRFC3339(Date(timeIntervalSinceReferenceDate: -1e300)) == "0001-01-01T00:00:00Z")
        #expect(DateCoding.isRepresentable(Date(timeIntervalSince1970: 0)) && !DateCoding.isRepresentable(Date(timeIntervalSinceReferenceDate: 3e11)))
    }
}
