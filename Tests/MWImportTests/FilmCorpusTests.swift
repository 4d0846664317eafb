import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import MWTestSupport
import Testing

/// Issue 30 §5, film side: every real export present under `../shared/samples/third-party/<service>/`
/// — and, when `MWKIT_CORPUS` names a folder of the same layout, every file under it — is read
/// and checked against invariants computed from the file itself, never numbers copied from one
/// file. A file dropped into either folder is tested without writing a test.
@Suite("Film exports: invariants over every real file present")
struct FilmCorpusTests {
    /// The film services whose folders are walked.
    static let services = ["netflix", "letterboxd", "imdb", "trakt", "tvtime", "watcharr", "yamtrack", "tmdb", "myanimelist"]

    /// The sample folder and, when set, `$MWKIT_CORPUS`.
    static var roots: [URL] {
        var r = [ConformanceTests.root]
        if let extra = ProcessInfo.processInfo.environment["MWKIT_CORPUS"], !extra.isEmpty { r.append(URL(fileURLWithPath: extra)) }
        return r.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Every export file of `service` under the roots (documentation left out).
    static func files(_ service: String) -> [URL] {
        roots.flatMap { root -> [URL] in
            let dir = root.appendingPathComponent(service)
            guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
            return e.compactMap { $0 as? URL }.filter {
                (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true && !["md", "txt"].contains($0.pathExtension.lowercased())
            }
        }.sorted { $0.path < $1.path }
    }

    static let present = !roots.isEmpty

    /// The records after a CSV's header when its first line is the header (Letterboxd lists
    /// open with a banner and are left out); nil for other files.
    static func csvDataRows(_ url: URL) -> Int? {
        guard url.pathExtension.lowercased() == "csv", let data = try? Data(contentsOf: url),
              let csv = try? CSVFile(bytes: Array(data), name: url.lastPathComponent), let first = csv.records.first,
              !(first.fields.count == 1), !(first.fields.first ?? "").hasPrefix("Letterboxd") else { return nil }
        return csv.records.dropFirst().filter { !($0.fields.count == 1 && $0.fields[0].isEmpty) }.count
    }

    @Test(.enabled(if: present, "no real export present; not checked"), arguments: services)
    func everyFileReadsBalancedAndValid(_ service: String) throws {
        let files = Self.files(service)
        var problems: [String] = []
        for url in files {
            let name = url.path
            let sample = try SampleImport(url)
            let out = sample.export
            out.expectBalanced()
            guard let f = out.files.first(where: \.read) else { continue }
            // The file is claimed by the service whose folder holds it.
            if f.service?.rawValue != service { problems.append("\(name): read as \(f.service?.rawValue ?? "nothing")") }
            // Rows read = the file's data rows.
            if let rows = Self.csvDataRows(url), out.files.count == 1, rows != f.rowsRead {
                problems.append("\(name): \(f.rowsRead) row(s) read of \(rows)")
            }
            // No review key (one lookup, one decision, one title) joins records with two ids of one service.
            let keys = IdentityRule.split(out.items.map { MatchSubject($0)?.key }, out.items)
            var ids: [String: Set<String>] = [:]
            for (i, k) in keys.enumerated() {
                if let k, let id = IdentityRule.identity(out.items[i]) { ids["\(out.items[i].source.service.rawValue):\(k)", default: []].insert(id) }
            }
            for (k, set) in ids where set.count > 1 { problems.append("\(name): key \(k) joins ids \(set.sorted())") }
            // The written library validates (SampleImport loads it through the validating loader).
            #expect(!sample.library.titles.isEmpty || out.items.isEmpty || out.items.allSatisfy { $0.kind == .episode }, "\(name)")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        print("film corpus \(service): \(files.count) file(s) checked")
    }

    @Test(.enabled(if: present, "no real export present; not checked"))
    func netflixShowsAreOneTitleWithEpisodes() throws {
        for url in Self.files("netflix") {
            let out = MWImport.read(sources: [url])
            guard let f = out.files.first(where: \.read),
                  f.kind == NetflixReader.netflixHistory || f.kind == NetflixReader.netflixViewingActivity,
                  let csv = try? CSVFile(bytes: Array(try Data(contentsOf: url)), name: url.lastPathComponent), let t = csv.table else { continue }
            let column = t.header.fields.first { $0.lowercased() == "title" } ?? "Title"
            let titles = t.rows.compactMap { t.value($0, column) }.map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ") }
            // What the file names, computed from it: each title's first part before ": " once (a
            // show, or films sharing a prefix) — its first two parts when it has three or more, as
            // several shows may share a first part ("Barbie: It Takes Two: Season 1: …", "Barbie:
            // A Touch of Magic: Season 1: …") — plus each title of a part that fewer than the
            // reader's minimum of titles share. One title per episode would pass this bound by far.
            var byPrefix: [String: Set<String>] = [:]
            for title in titles {
                let parts = title.components(separatedBy: ": ")
                let head = parts.prefix(parts.count >= 3 ? 2 : 1).joined(separator: ": ").trimmingCharacters(in: .whitespaces).lowercased()
                byPrefix[head, default: []].insert(title.lowercased())
            }
            let bound = byPrefix.values.reduce(0) { $0 + ($1.count < NetflixShows.minimumTitles ? $1.count : 1) }
            let shows = Set(out.items.compactMap { $0.episode?.showTitle.map(Values.key) })
            let whole = out.items.filter { $0.kind != .episode }.count
            #expect(whole + shows.count <= bound, "\(url.path): \(whole) title(s) and \(shows.count) show(s), the file names at most \(bound)")
            // Every viewing row is a viewing, ignored with a reason, or reported malformed.
            let viewings = out.items.reduce(0) { $0 + $1.watches.count }
            #expect(viewings + f.ignoredCount + f.malformed.count + f.rowsFolded >= f.rowsRead - f.rowsFolded, "\(url.path)")
            // A dated file keeps a date on every viewing, unless a diagnostic says why.
            if out.diagnostics(.importAmbiguousDate).isEmpty {
                let undated = out.items.flatMap(\.watches).filter { $0.date == nil }.count
                #expect(undated <= out.diagnostics(.importBadValue).count, "\(url.path): \(undated) viewing(s) without a date")
            }
        }
    }

    /// Every export of a service whose writer mwkit has and whose records carry TMDb ids (so an
    /// offline import matches them): imported, written by that service's writer, imported again —
    /// each title's rating, watched state and day and watchlist place come back, as far as the
    /// service holds them (``RealSampleWriterTests/facts(_:_:)``). Trakt exports are folders.
    @Test(.enabled(if: present, "no real export present; not checked"),
          arguments: [("yamtrack", "yamtrack", "out.csv"), ("watcharr", "watcharr", "out.json"), ("trakt", "trakt-json", "out")])
    func everyExportComesBackThroughItsServicesWriter(_ service: String, _ writer: String, _ out: String) async throws {
        let sources: [URL] = service == "trakt"
            ? Array(Set(Self.files(service).map { $0.deletingLastPathComponent() })).sorted { $0.path < $1.path }
            : Self.files(service)
        for source in sources {
            let fx = try Fixture()
            let lib = try await RealSampleWriterTests.importLibrary([source], fx: fx, name: "source")
            guard !lib.titles.isEmpty else { continue }
            let format = try #require(FormatRegistry.standard.format(named: writer))
            let done = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url(out))
            #expect(!done.diagnostics.contains { $0.severity == .error }, "\(source.path)")
            let back = try await RealSampleWriterTests.importLibrary([fx.url(out)], fx: fx, name: "back")
            let want = RealSampleWriterTests.facts(lib, writer), got = RealSampleWriterTests.facts(back, writer)
            #expect(got == want, "\(source.path): \(Set(want).subtracting(got).sorted().prefix(5)) became \(Set(got).subtracting(want).sorted().prefix(5))")
        }
    }
}
