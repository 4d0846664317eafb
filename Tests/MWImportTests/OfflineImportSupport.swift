import Foundation
import MWCore
import MWJobs

/// An offline import (to mediawatch-v2 unless told) of files written by a test into one export folder, at a
/// fixed "now": the library built and every diagnostic the run said.
enum OfflineImport {
    static func run(_ files: [(name: String, text: String)], as format: FormatDescriptor = .mediawatchV2) async throws -> (Library, [Diagnostic]) {
        let fx = try Fixture()
        for (name, text) in files { try fx.write("in/\(name)", text) }
        var o = ImportJobOptions(sources: [fx.url("in")])
        o.output = fx.url("out.json")
        o.format = format
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        let out = try await ImportJob.run(o, environment: [:])
        return (out.library, out.report.diagnostics)
    }
}
