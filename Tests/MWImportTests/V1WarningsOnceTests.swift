import Foundation
import MWCore
import MWFoundation
import MWJobs
import Testing

/// An import to v1 says each value v1 cannot hold once, though both the `v2-to-v1` step and
/// the v1 writer count them (issue 30 §3 "each said once").
@Suite struct V1WarningsOnceTests {
    @Test func aListDescriptionDroppedForV1IsSaidOnce() async throws {
        let fx = try Fixture()
        try fx.write("in/my-list.csv", """
            Letterboxd list export v7
            Date,Name,Tags,URL,Description
            2025-02-03,Films I Keep,"kept, mine",https://boxd.it/zzzz,A list <i>with</i> a description

            Position,Name,Year,URL,Description
            1,A Film Of Ours,2011,https://boxd.it/aaaa,
            2,Another Film Of Ours,2012,https://boxd.it/bbbb,

            """)
        var o = ImportJobOptions(sources: [fx.url("in/my-list.csv")])
        o.output = fx.url("out.json")
        o.format = .mediawatchV1
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        let out = try await ImportJob.run(o, environment: [:])
        let dropped = out.report.diagnostics.filter { $0.code == DiagnosticCode.fieldDropped.rawValue }.map(\.message)
        #expect(dropped.contains { $0.contains("lists[].description") }, "\(dropped)")
        #expect(Set(dropped).count == dropped.count, "said twice: \(dropped)")
    }
}
