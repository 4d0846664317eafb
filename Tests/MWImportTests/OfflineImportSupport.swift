import Foundation
import MWCore
import MWJobs

/// An offline import (to mediawatch-v2 unless told) at a fixed "now", its output, cache and
/// review file in a test's fixture folder.
enum OfflineImport {
    /// The options of such an import of `sources`.
    static func options(_ fx: Fixture, sources: [URL], as format: FormatDescriptor = .mediawatchV2) -> ImportJobOptions {
        var o = ImportJobOptions(sources: sources)
        o.output = fx.url("out.json")
        o.format = format
        o.reviewFile = fx.url("review.csv")
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        return o
    }

    /// Such an import of files written by a test into one export folder: the library built
    /// and every diagnostic the run said.
    static func run(_ files: [(name: String, text: String)], as format: FormatDescriptor = .mediawatchV2) async throws -> (Library, [Diagnostic]) {
        let fx = try Fixture()
        for (name, text) in files { try fx.write("in/\(name)", text) }
        let out = try await ImportJob.run(options(fx, sources: [fx.url("in")], as: format), environment: [:])
        return (out.library, out.report.diagnostics)
    }
}
