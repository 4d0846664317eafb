import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWTestSupport
import Testing

/// `mwkit convert --to yamtrack | watcharr | trakt | trakt-json` through the built binary: the
/// file (or folder) is written, what the format cannot hold is reported on stderr with a count,
/// the same input gives the same bytes, and `mwkit validate` names the service of the output.
@Suite("CLI: service writers", .serialized)
struct ServiceWritersCLITests {
    static let env: [String: String?] = ["SOURCE_DATE_EPOCH": "1750000000", "XDG_CACHE_HOME": nil, "MWKIT_DB": nil]

    /// A valid backup of the round-trip library (its ids and lists made by an import), with a
    /// tag on the film.
    static func backup(_ fx: Fixture) async throws -> URL {
        let export = fx.url("export")
        try write(ServiceWriterRoundTripTests.library(notesFrom: "trakt"), as: .traktJSON, to: export)
        var lib = try await ServiceWriterRoundTripTests.reimport(export, fx: fx)
        let heat = try #require(lib.titles.firstIndex { $0.tmdbId == 1001 })
        lib.titles[heat].tags = ["noir"]
        let url = fx.url("library.json")
        try write(lib, as: .mediawatchV2, to: url)
        return url
    }

    /// `import … --to yamtrack` writes the records `convert --to yamtrack` writes from the backup
    /// the same import writes.
    @Test func importToAServiceFormat() async throws {
        let fx = try Fixture()
        let export = fx.url("export")
        try write(ServiceWriterRoundTripTests.library(notesFrom: "trakt"), as: .traktJSON, to: export)
        var env = Self.env
        for (k, v) in ["XDG_CACHE_HOME": "xdg-cache", "XDG_CONFIG_HOME": "xdg-config", "XDG_DATA_HOME": "xdg-data"] { env[k] = fx.url(v).path }
        let r = try await MWKitBinary.runDetached(["import", export.path, "--offline", "--to", "yamtrack", "-o", fx.url("y.csv").path], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        let v2 = try await MWKitBinary.runDetached(["import", export.path, "--offline", "--to", "mediawatch-v2", "-o", fx.url("lib.json").path], env: env)
        #expect(v2.status == 0, "\(v2.stderr)")
        let c = try MWKitBinary.run(["convert", fx.url("lib.json").path, "--to", "yamtrack", "-o", fx.url("c.csv").path], env: env)
        #expect(c.status == 0, "\(c.stderr)")
        let text = try String(contentsOf: fx.url("y.csv"), encoding: .utf8)
        #expect(text.hasPrefix(YamtrackCSVWriter.columns.map { "\"\($0)\"" }.joined(separator: ",") + "\r\n"))
        // The same records (ids, kinds, statuses, dates, scores) as convert writes from the backup.
        let viaImport = try WrittenCSV(bytes(fx.url("y.csv"))), viaConvert = try WrittenCSV(bytes(fx.url("c.csv")))
        #expect(viaImport.rows.count == viaConvert.rows.count && !viaImport.rows.isEmpty)
        for column in ["media_id", "media_type", "season_number", "episode_number", "score", "status", "end_date", "created_at"] {
            #expect(viaImport.column(column) == viaConvert.column(column), "\(column)")
        }
    }

    @Test(arguments: [("yamtrack", "out.csv", "(yamtrack"), ("watcharr", "out.json", "(watcharr"), ("trakt", "out.csv", "(trakt"), ("trakt-json", "trakt-export", "(trakt")])
    func convertWritesWhatValidateNames(_ format: String, _ name: String, _ service: String) async throws {
        let fx = try Fixture()
        let input = try await Self.backup(fx)
        let out = fx.url(name)
        let r = try MWKitBinary.run(["convert", input.path, "--to", format, "-o", out.path], env: Self.env)
        #expect(r.status == 0, "\(format): \(r.stderr)")
        // The film's tag is something none of them but Watcharr holds: counted, not silent.
        if format != "watcharr" { #expect(r.stderr.contains("[field-dropped]") && r.stderr.contains("tags: dropped from 1"), "\(format): \(r.stderr)") }
        #expect(r.stderr.contains("[field-dropped]") && r.stderr.contains("dropped from"), "\(format): \(r.stderr)")
        let first = try ServiceWriterRoundTripTests.contents(out)
        #expect(try MWKitBinary.run(["convert", input.path, "--to", format, "-o", out.path], env: Self.env).status == 0)
        #expect(try ServiceWriterRoundTripTests.contents(out) == first, "\(format): the same input gives the same bytes")
        let v = try MWKitBinary.run(["validate", out.path], env: Self.env)
        #expect(v.status == 0 && v.stdout.contains("valid \(service)"), "\(format): \(v.stdout) \(v.stderr)")
    }
}
