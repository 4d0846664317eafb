import Foundation
import Testing
@testable import MWCore

/// Samples/: the valid samples are valid; each file in Samples/invalid/ (and Samples/warnings/)
/// is named after the one diagnostic code it must produce.
@Suite("Samples")
struct SampleTests {
    static func files(_ dir: String) -> [URL] {
        let d = TestSupport.samples.appendingPathComponent(dir)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: d.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { d.appendingPathComponent($0) }
    }

    @Test func validSamplesAreClean() throws {
        let names = ["mediawatch-v1.json", "mediawatch-v1-iso-dates.json", "mediawatch-v2.json"]
        for n in names {
            let r = try BackupIO.read(url: TestSupport.samples.appendingPathComponent(n))
            #expect(r.isValid && r.diagnostics.isEmpty, "\(n): \(r.diagnostics.map { "\($0.code) \($0.pointer)" })")
            #expect(r.library != nil)
        }
    }

    @Test func everyDiagnosticCodeHasASample() {
        let have = Set((SampleTests.files("invalid") + SampleTests.files("warnings")).map { $0.deletingPathExtension().lastPathComponent })
        let notFileTriggerable: Set<DiagnosticCode> = [.ioUnreadable, .strippedInV1, .fieldDropped, .writeExportName, .limitReached]  // conversion codes: Tests/MWJobsTests
        // ZIP codes need binary archives (MWArchiveTests builds one per code); CSV codes are
        // about CSV inputs (MWFoundationTests).
        for code in DiagnosticCode.foundation + DiagnosticCode.core where !notFileTriggerable.contains(code) && !code.rawValue.hasPrefix("zip-") && !code.rawValue.hasPrefix("csv-") {
            #expect(have.contains(code.rawValue), "no sample for \(code.rawValue)")
        }
    }

    @Test(arguments: SampleTests.files("invalid"))
    func invalidSampleYieldsItsCode(_ url: URL) throws {
        let code = url.deletingPathExtension().lastPathComponent
        let r = try BackupIO.read(url: url)
        #expect(!r.isValid, "\(code) sample is valid")
        let codes = Set(r.diagnostics.filter { $0.severity == .error }.map(\.code))
        #expect(codes == [code], "\(url.lastPathComponent) gave \(codes.sorted())")
        for d in r.diagnostics where d.code == code {
            #expect(d.line != nil && d.column != nil, "\(code) without position")
        }
    }

    @Test(arguments: SampleTests.files("warnings"))
    func warningSampleYieldsItsCodeAndStaysValid(_ url: URL) throws {
        let code = url.deletingPathExtension().lastPathComponent
        let r = try BackupIO.read(url: url)
        #expect(r.isValid, "\(url.lastPathComponent): \(r.diagnostics.map(\.code))")
        #expect(r.diagnostics.contains { $0.code == code && $0.severity == .warning })
    }

    @Test func appStyleV1IsReproducedValueForValue() throws {
        let url = TestSupport.samples.appendingPathComponent("mediawatch-v1.json")
        let original = try Data(contentsOf: url)
        let r = BackupIO.read(data: [UInt8](original))
        let written = try BackupIO.encode(r.library!, as: .mediawatchV1).bytes
        #expect(BackupIO.read(data: written).library == r.library)
        // Same key order and escaping as the app's encoder: the compact sample comes back byte for byte.
        #expect(written == [UInt8](original).filter { $0 != 0x0A })
    }
}
