import Foundation
@testable import MWImport
import MWFoundation
import Testing

/// Issue 24 §1 rules checked on the real samples in `../shared/samples/third-party` (read in
/// place, never copied): expectations are computed from each input file. Skipped when absent.
@Suite("Real exports, real samples")
struct RealDataSampleTests {
    static let root = ConformanceTests.root
    static let present = ConformanceTests.present

    /// Every CSV under `service/` in the samples.
    static func csvFiles(_ service: String) -> [URL] {
        let dir = root.appendingPathComponent(service)
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "csv" }.sorted { $0.path < $1.path }
    }

    /// `records` written back with `;` as a spreadsheet in a European locale saves them.
    static func semicolons(_ records: [CSVFile.Record]) -> String {
        records.map { r in
            r.fields.map { f in
                f.contains(where: { $0 == ";" || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                    ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
            }.joined(separator: ";")
        }.joined(separator: "\r\n") + "\r\n"
    }

    /// What a user would check of an item: kind, title, year, IDs, ratings, watches, marks.
    static func facts(_ out: ForeignExport) -> [String] {
        out.items.map { i in
            "\(i.kind) \(i.title) \(i.year ?? 0) \(i.ids.imdb ?? "") r=\(i.ratings.map(\.value)) w=\(i.watches.count) m=\(i.marks.map(\.kind.rawValue))"
        }
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; not checked"))
    func everyIMDbSampleReadsTheSameWhenReSavedWithSemicolons() throws {
        let files = Self.csvFiles("imdb")
        var compared = 0
        defer { #expect(compared > 0, "no IMDb sample was read as IMDb") }
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            let original = MWImport.read(sources: [url])
            guard original.files.first?.service == .imdb else { continue }
            let csv = try CSVFile(bytes: bytes, name: url.lastPathComponent)
            let fx = try Fixture()
            let resaved = MWImport.read(sources: [try fx.write(url.lastPathComponent, Self.semicolons(csv.records))])
            compared += 1
            #expect(!original.items.isEmpty, "\(url.path)")
            #expect(Self.facts(resaved) == Self.facts(original), "\(url.path)")
            #expect(resaved.files.first?.rowsRead == original.files.first?.rowsRead)
            // Every Title Type the sample uses is one mwkit knows: no warning about one.
            let types = Set(csv.table { $0.contains { $0.lowercased() == "title type" } }.map { t in t.rows.compactMap { t.value($0, "Title Type") ?? t.value($0, "Title type") } } ?? [])
            #expect(types.allSatisfy(IMDbReader.isKnownType), "\(types.filter { !IMDbReader.isKnownType($0) })")
            #expect(!original.diagnostics.contains { $0.message.contains("Title Type") })
        }
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; not checked"))
    func tvTimeShowDataFollowsOnlyFollowedShows() throws {
        let url = Self.csvFiles("tvtime").first { $0.lastPathComponent == "user_tv_show_data.csv" }
        guard let url else { return }
        let csv = try CSVFile(bytes: Array(try Data(contentsOf: url)), name: "user_tv_show_data.csv")
        let t = try #require(csv.table)
        let out = MWImport.read(sources: [url])
        out.expectBalanced()
        var checked = 0
        for row in t.rows {
            guard let id = Int(t.value(row, "tv_show_id") ?? "") else { continue }
            let followed = t.value(row, "is_followed") == "1", favourite = t.value(row, "is_favorited") == "1"
            let seen = Int(t.value(row, "nb_episodes_seen") ?? "") ?? 0
            let item = out.items.first { $0.kind == .tvShow && $0.ids.tvdb == id }
            #expect(item?.has(.followed) ?? false == followed, "show \(id)")
            if !followed && !favourite && seen == 0 { #expect(item == nil, "show \(id) says only 'not followed'") }
            if seen > 0 { #expect(item?.marks.first { $0.kind == .watched }?.count == seen, "show \(id)") }
            checked += 1
        }
        #expect(checked == t.rows.count)
    }
}
