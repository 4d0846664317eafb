import Foundation
import MWTestSupport
import PropertyBased
import Testing
@testable import MWCore

@Suite("Round trips")
struct RoundTripTests {
    func read(_ bytes: [UInt8]) -> ReadResult { BackupIO.read(data: bytes) }

    @Test("v1 → v2 → v1 is value-identical")
    func v1v2v1() async throws {
        await seededCheck(count: 150, seed: 0x5EED_290A, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var f = LibraryFactory(seed: seed)
            let lib = f.v1Library()
            #expect(Validator.validate(lib).isEmpty, "factory made an invalid library (seed \(seed))")
            let v1 = try! BackupIO.encode(lib, as: .mediawatchV1).bytes
            let r1 = read(v1)
            #expect(r1.isValid, "\(r1.diagnostics)")
            #expect(r1.format == .mediawatchV1)
            let (asV2, _, _) = try! Migrator().migrate(r1.library!, from: 1, to: 2)
            let v2 = try! BackupIO.encode(asV2, as: .mediawatchV2).bytes
            let r2 = read(v2)
            #expect(r2.isValid, "\(r2.diagnostics)")
            #expect(r2.format == .mediawatchV2)
            let (back, dropped, _) = try! Migrator().migrate(r2.library!, from: 2, to: 1)
            #expect(dropped.isEmpty, "v1-born data dropped fields: \(dropped.map(\.message))")
            #expect(back == lib)
            let v1again = try! BackupIO.encode(back, as: .mediawatchV1).bytes
            #expect(v1again == v1, "v1 output is not byte-stable")
        }
    }

    @Test("v2 write → read is identical, including stripped records and preferences")
    func v2WriteRead() async throws {
        await seededCheck(count: 150, seed: 0x5EED_290B, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var f = LibraryFactory(seed: seed)
            let lib = f.v2Library()
            for pretty in [true, false] {
                let bytes = try! BackupIO.encode(lib, as: .mediawatchV2, options: WriteOptions(pretty: pretty)).bytes
                let r = read(bytes)
                #expect(r.isValid, "\(r.diagnostics)")
                #expect(r.library == lib)
                // Deterministic: same input, same bytes.
                #expect(try! BackupIO.encode(r.library!, as: .mediawatchV2, options: WriteOptions(pretty: pretty)).bytes == bytes)
            }
        }
    }

    @Test("v2 → v1 reports every dropped field with a count", .drawsFromSeeds(42))
    func droppedFieldsReported() throws {
        var f = LibraryFactory(seed: 42)
        var lib = f.v1Library()
        while lib.titles.isEmpty { lib = f.v1Library() }
        lib.titles[0].dateModified = Date(timeIntervalSinceReferenceDate: 1)
        if lib.titles.count > 1 { lib.titles[1].dateModified = Date(timeIntervalSinceReferenceDate: 2) }
        lib.titles[0].metadata?.status = "Ended"
        lib.preferences = UserPreferences(id: f.uuid())
        let (out, warnings, steps) = try Migrator().migrate(lib, from: 2, to: 1)
        #expect(steps == ["v2-to-v1"])
        let messages = warnings.map(\.message)
        #expect(messages.contains { $0.contains("titles[].dateModified") && $0.contains("\(min(2, lib.titles.count)) record") })
        #expect(messages.contains { $0.contains("titles[].status") && $0.contains("1 record") })
        #expect(messages.contains { $0.contains("preferences") })
        #expect(warnings.allSatisfy { $0.code == DiagnosticCode.fieldDropped.rawValue && $0.severity == .warning })
        #expect(out.titles[0].dateModified == nil && out.preferences == nil)
    }

    @Test("stripped records cannot be written as v1", .drawsFromSeeds(7))
    func strippedToV1Refused() throws {
        var f = LibraryFactory(seed: 7)
        var lib = f.v1Library()
        while lib.titles.isEmpty { lib = f.v1Library() }
        lib.titles[0].metadata = nil
        #expect(throws: MWError.self) { try Migrator().migrate(lib, from: 2, to: 1) }
        #expect(throws: MWError.self) { try BackupIO.encode(lib, as: .mediawatchV1) }
    }

    @Test("RFC 3339 dates round-trip every Double exactly")
    func dateRoundTrip() async {
        await seededCheck(count: 2000, seed: 0x5EED_290C, input: Gen.double(in: -3e9...3e9)) { x in
            let d = Date(timeIntervalSinceReferenceDate: x)
            let s = DateCoding.formatRFC3339(d)
            #expect(DateCoding.parseISO(s)?.timeIntervalSinceReferenceDate == x, "\(x) → \(s)")
        }
    }
}
