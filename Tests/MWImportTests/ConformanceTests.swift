import Foundation
@testable import MWImport
import MWFoundation
import Testing

/// Reads every real export file in `../shared/samples/third-party/{letterboxd,imdb,trakt,tvtime}`
/// (third-party data: read in place, never copied into the repository) and checks each file's
/// record count against the table in that folder's README. Skips, with a recorded message,
/// when the folder is absent.
@Suite("Conformance with real exports")
struct ConformanceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/samples/third-party").standardizedFileURL
    static let services = ["letterboxd", "imdb", "trakt", "tvtime"]
    /// Files read by design without being read: personal profile data.
    static let withheldByDesign: Set<String> = ["trakt/FuzzyGrim-Yamtrack/trakt_export/user-profile.json"]

    /// `path here` → records, from the README's tables (columns found by their header names).
    static func expectedCounts() throws -> [String: Int] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var out: [String: Int] = [:]
        var fileCol: Int?, recordsCol: Int?
        for line in readme.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if let f = cells.firstIndex(of: "File (here)") {
                fileCol = f
                recordsCol = cells.firstIndex(of: "Records")
                continue
            }
            guard let f = fileCol, let r = recordsCol, r < cells.count, let n = Int(cells[r]) else { continue }
            let path = cells[f]
            if services.contains(where: { path.hasPrefix($0 + "/") }) { out[path] = n }
        }
        return out
    }

    static let present = FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path)

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; conformance not checked"))
    func everyFileReadsWithTheREADMEsRecordCounts() throws {
        let expected = try Self.expectedCounts()
        #expect(expected.count > 150, "the README's tables were read")
        var checked = 0, mismatched: [String] = []
        for service in Self.services {
            let dir = Self.root.appendingPathComponent(service)
            let exports = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            for name in exports {
                // Each export folder is one source, as the user would pass it; deleted/ included.
                let out = MWImport.read(sources: [dir.appendingPathComponent(name)], options: ImportOptions(includeDeleted: true))
                out.expectBalanced()
                #expect(out.diagnostics(.importNoExport).isEmpty, "\(service)/\(name) holds an export")
                for f in out.files {
                    guard let r = f.file.range(of: Self.root.path + "/") else { continue }
                    let rel = String(f.file[r.upperBound...])
                    guard let want = expected[rel] else {
                        #expect(!f.read, "\(rel) was read but the README does not list it")
                        continue
                    }
                    if Self.withheldByDesign.contains(rel) {
                        #expect(!f.read && f.kind == .withheld, "\(rel) is personal data and must not be read")
                        continue
                    }
                    #expect(f.read, "\(rel) was not read: \(f.note ?? "")")
                    #expect(f.service?.rawValue == service, "\(rel) detected as \(f.service?.rawValue ?? "nothing")")
                    if f.rowsRead != want { mismatched.append("\(rel): read \(f.rowsRead), README \(want)") }
                    checked += 1
                }
            }
        }
        #expect(mismatched.isEmpty, "\(mismatched.joined(separator: "\n"))")
        let listed = expected.keys.filter { !Self.withheldByDesign.contains($0) }.count
        #expect(checked == listed, "checked \(checked) of the \(listed) files the README lists")
        print("conformance: \(checked) files checked against the README, \(mismatched.count) mismatched")
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; quirks not checked"))
    func knownQuirksOfTheRealFiles() throws {
        let lb = MWImport.read(sources: [Self.root.appendingPathComponent("letterboxd/AgosVenezia-Letterboxd-aguitov")])
        // Ratings in half steps survive as given.
        #expect(lb.items.contains { $0.ratings.contains { $0.value == 4.5 } })
        #expect(lb.items.allSatisfy { $0.ratings.allSatisfy { ($0.value * 2).rounded() == $0.value * 2 } })
        #expect(lb.file("likes/reviews.csv")?.ignoredCount == 31967)
        #expect(lb.items.contains { $0.title.hasPrefix("@") && $0.isWatchlisted })

        let latin = MWImport.read(sources: [Self.root.appendingPathComponent("imdb/LAripping-watchlist-widget/WATCHLIST-new.csv")])
        #expect(latin.items.contains { $0.title.contains("ß") || $0.title.contains("á") || $0.title.contains("ö") })

        let yam = MWImport.read(sources: [Self.root.appendingPathComponent("imdb/FuzzyGrim-Yamtrack/import_imdb.csv")])
        #expect(yam.file("import_imdb.csv")?.duplicatesFolded == 1)
        #expect(yam.items.contains { $0.ids.imdb == "tt16968450" })
        #expect(yam.file("import_imdb.csv")?.ignored["video game (not imported)"] == 1)

        let tv = MWImport.read(sources: [Self.root.appendingPathComponent("tvtime/trakt-trakt-web")])
        #expect(tv.lists.contains { $0.name == "Slice of life" })
        #expect(tv.items.contains { $0.episode?.season == 1386 }, "TVDB numbering kept as given")
    }
}
