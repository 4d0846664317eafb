import Foundation
import MWCore
import MWJobs
import Testing

/// Issue 32 §2 with formatVersion 5: `import` and `convert` treat stripped records one way. A
/// stripped title that keeps its export's name goes to v1 under that name and year (its episodes
/// under their code), counted in one `write-export-name` warning, as an import to v1 writes
/// it; a stripped title with no name to write is refused, as before (docs/IMPORT.md "Metadata").
@Suite("v1 takes stripped records under their export's name")
struct ExportNamedV1Tests {
    static let day = Date(timeIntervalSinceReferenceDate: 700_000_000)

    static func library(named: Bool) -> Library {
        var show = Title(id: "T1", tmdbId: 1399, mediaType: .tv, metadata: nil, dateAdded: day)
        if named { show.exportTitle = "Lighthouse Keepers"; show.exportYear = 2019 }
        let film = Title(id: "T2", tmdbId: 550, mediaType: .movie, metadata: TitleMetadata(title: "Fight Club", year: 1999), dateAdded: day)
        let episode = Episode(id: "E1", showId: "T1", seasonNumber: 1, episodeNumber: 2, metadata: nil, watched: true, watchedDate: day)
        var list = MediaList(id: "L1", name: "Watched")
        list.items = [ListItem(titleId: "T1", orderIndex: 0, dateAdded: day), ListItem(titleId: "T2", orderIndex: 1, dateAdded: day)]
        return Library(exportDate: day, lists: [list], titles: [show, film], episodes: [episode])
    }

    @Test func aStrippedTitleWithItsExportsNameIsWrittenUnderIt() throws {
        let (lib, warnings) = Self.library(named: true).namedFromExport()
        #expect(lib.titles[0].metadata?.title == "Lighthouse Keepers" && lib.titles[0].metadata?.year == 2019)
        #expect(lib.titles[1] == Self.library(named: true).titles[1], "a title with TMDb's metadata is left as it is")
        #expect(lib.episodes[0].metadata?.name == "S01E02")
        #expect(warnings.map(\.code) == [DiagnosticCode.writeExportName.rawValue])
        #expect(warnings.first?.message.hasPrefix("1 stripped title and 1 episode written") == true, "\(warnings.map(\.message))")

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("export-named-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let done = try LibraryWriter.write(Self.library(named: true), version: Migrator.latestVersion, as: .mediawatchV1, to: out)
        #expect(done.diagnostics.contains { $0.code == DiagnosticCode.writeExportName.rawValue })
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any]
        let titles = (json?["titles"] as? [[String: Any]]) ?? []
        #expect(titles.compactMap { $0["title"] as? String }.sorted() == ["Fight Club", "Lighthouse Keepers"], "\(titles)")
    }

    @Test func aStrippedTitleWithNoNameIsStillRefused() {
        let (lib, warnings) = Self.library(named: false).namedFromExport()
        #expect(lib == Self.library(named: false) && warnings.isEmpty)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("export-unnamed-\(UUID().uuidString).json")
        #expect(throws: (any Error).self) {
            try LibraryWriter.write(Self.library(named: false), version: Migrator.latestVersion, as: .mediawatchV1, to: out)
        }
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing written")
    }
}
