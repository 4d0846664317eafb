import Foundation
import MWCore
import MWFoundation
import MWJobs
import Testing

/// An import to v1 says each value v1 cannot hold once (issue 30 §3 "each said once"): its
/// library goes down from the newest version, so the step that drops a value counts it and the
/// v1 writer finds nothing left to count.
@Suite struct V1WarningsOnceTests {
    @Test func aListDescriptionDroppedForV1IsSaidOnce() async throws {
        let list = """
            Letterboxd list export v7
            Date,Name,Tags,URL,Description
            2025-02-03,Films I Keep,"kept, mine",https://boxd.it/zzzz,A list <i>with</i> a description

            Position,Name,Year,URL,Description
            1,A Film Of Ours,2011,https://boxd.it/aaaa,
            2,Another Film Of Ours,2012,https://boxd.it/bbbb,

            """
        let (_, diagnostics) = try await OfflineImport.run([("my-list.csv", list)], as: .mediawatchV1)
        let dropped = diagnostics.filter { $0.code == DiagnosticCode.fieldDropped.rawValue }.map(\.message)
        // The list's description is formatVersion 3's: `v3-to-v2` drops it and says so.
        #expect(dropped.contains("formatVersion 2 and v1 cannot hold lists[].description: dropped from 1 record(s)"), "\(dropped)")
        #expect(Set(dropped).count == dropped.count, "said twice: \(dropped)")
    }
}
