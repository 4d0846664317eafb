import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import MWTestSupport
import Testing

/// Issue 24 §3 through the real matcher: sampled rows of each Letterboxd diary of the samples
/// imported by `ImportJob` against the loopback TMDb (`MatchingServer`), whose catalogue is
/// computed from the whole diary — one film per (Name, Year), as TMDb would have it — and
/// written as the latest MediaWatch backup. Sampled rows are then looked up by the id their film got in the catalogue:
/// the written file holds their watch day, rewatch flag, rating and tags.
@Suite("Film samples through the matcher", .enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
struct SampleMatchingTests {
    @Test func letterboxdDiariesMatchedByTheirTitles() async throws {
        var checked = 0
        for url in SampleFactsTests.topLevel("letterboxd", "diary.csv") { checked += try await Self.check(url) }
        #expect(checked > 0)
        print("film samples through the matcher: letterboxd diaries: \(checked) rows checked")
    }

    /// Imports one diary's sampled rows through the matcher and checks them; returns how many.
    static func check(_ url: URL) async throws -> Int {
        var checked = 0
        let table = try SampleFiles.table(url, headerContains: "Name")
        var ids: [String: Int64] = [:]
        var catalogue: [CatalogueTitle] = []
        for row in table.rows {
            guard let name = row["Name"], let year = row["Year"], ids["\(name)|\(year)"] == nil else { continue }
            let id = 700_000 + Int64(catalogue.count)
            ids["\(name)|\(year)"] = id
            catalogue.append(CatalogueTitle(id: id, type: "movie", title: name, date: "\(year)-06-01"))
        }
        // The sampled rows, as the diary writes them (every field quoted), make the file
        // imported: the matching of a whole diary is minutes of loopback traffic on a shared
        // machine, and the catalogue keeps every namesake of the diary as a trap.
        let seed = SampleFiles.seed(for: url)
        var rng = SeededGenerator(seed: seed)
        let sampled = SampleFiles.sample(table.rows, SampleFactsTests.perFile, using: &rng)
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let text = ([table.header] + sampled.map { r in table.header.map { r.values[$0] ?? "" } })
            .map { $0.map(quoted).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        let fx = try Fixture()
        let input = try fx.write("export/diary.csv", text)
        let library: Library = try await withMatchingServer(catalogue) { server in
            var o = await ImportFixture.options([input], server: server, fx: fx)
            o.reviewFile = fx.url("review.csv")
            o.format = .mediawatchV2
            let r = try await ImportJob.run(o, environment: ImportFixture.env)
            #expect(r.report.exitCode == 0, "\(SampleFiles.relative(url)): \(r.report.problems)")
            return try BackupLoader().loadValid(fx.url("out.json").path, options: ReadOptions()).library(migratedTo: Migrator.latestVersion).library
        }
        for row in sampled {
            let c = RowCheck(url, row.line, seed: seed)
            guard let name = row["Name"], let year = row["Year"], let id = ids["\(name)|\(year)"] else { continue }
            guard let t = library.titles.first(where: { $0.tmdbId == id }) else { c.expect(false, "\(name) (\(year)) not matched to \(id)"); continue }
            if let d = SampleFiles.day(row["Watched Date"]) {
                let rewatch = row["Rewatch"]?.lowercased() == "yes"
                c.expect(SampleImport.viewings(t.viewings).contains { $0.day == d && $0.rewatch == rewatch },
                         "watched \(d) rewatch \(rewatch) → \(SampleImport.viewings(t.viewings))")
            }
            if let r = SampleFactsTests.number(row["Rating"]) {
                c.expect(SampleImport.points(t.ratings).contains(r * 2), "rating \(r) → \(t.ratings.map(\.value))")
            }
            for tag in (row["Tags"] ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !tag.isEmpty {
                c.expect(t.tags.contains(tag), "tag \(tag) → \(t.tags)")
            }
            checked += 1
        }
        return checked
    }
}
