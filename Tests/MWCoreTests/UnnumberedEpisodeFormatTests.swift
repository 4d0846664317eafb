import Foundation
import Testing
@testable import MWCore

/// formatVersion 5's `unnumberedEpisodes` (docs/FORMAT.md#formatversion-5): a show's episodes
/// named by title alone, read, written, dropped by `v5-to-v4` with a count, kept by strip,
/// joined by a merge's union, checked.
@Suite("Episodes named only by title (formatVersion 5)")
struct UnnumberedEpisodeFormatTests {
    static let v5Sample = TestSupport.samples.appendingPathComponent("mediawatch-v5.json")

    func sample() throws -> Library {
        try #require(BackupIO.read(data: [UInt8](try Data(contentsOf: Self.v5Sample))).library)
    }

    /// A show of the sample with episodes named by title alone set to `values`.
    func library(_ values: [String]) throws -> (Library, Int) {
        var lib = try sample()
        let i = try #require(lib.titles.firstIndex { $0.mediaType == .tv })
        lib.titles[i].unnumberedEpisodes = values
        return (lib, i)
    }

    @Test func valuesReadAndWriteBack() throws {
        let values = ["2|2021-03-10,2021-03-12|The Gift", "|2021-04-01|Part 2: A | B", "3||Undated"].sorted()
        let (lib, i) = try library(values)
        let r = BackupIO.read(data: try BackupIO.encode(lib, as: .mediawatchV2).bytes)
        #expect(r.isValid && r.diagnostics.isEmpty, "\(r.diagnostics)")
        #expect(r.library?.titles[i].unnumberedEpisodes == values)
        let parsed = values.compactMap(UnnumberedEpisode.init)
        #expect(parsed.count == 3 && parsed.map(\.encoded) == values)
        let gift = try #require(parsed.first { $0.title == "The Gift" })
        #expect(gift.season == 2 && gift.days == ["2021-03-10", "2021-03-12"])
        #expect(parsed.contains { $0.season == nil && $0.title == "Part 2: A | B" })
    }

    @Test func v5ToV4DropsThemWithTheNumberOfEpisodes() throws {
        let (lib, _) = try library(["1|2021-01-01|One", "1|2021-01-02|Two", "2|2021-01-03|Three"])
        let (v4, warnings, _) = try Migrator().migrate(lib, from: 5, to: 4)
        #expect(v4.titles.allSatisfy { $0.unnumberedEpisodes.isEmpty })
        let expected = "formatVersion 4 and older cannot hold titles[].unnumberedEpisodes: 3 episode(s) named only by title dropped from 1 record(s)"
        #expect(warnings.contains { $0.message == expected }, "\(warnings.map(\.message))")
        let direct = try BackupIO.encode(lib, as: .mediawatchV2, options: WriteOptions(formatVersion: 4))
        #expect(direct.diagnostics.contains { $0.message == expected })
    }

    @Test func stripKeepsThem() throws {
        let (lib, i) = try library(["2|2021-03-10|The Gift"])
        let stripped = lib.stripped()
        #expect(stripped.titles[i].unnumberedEpisodes == ["2|2021-03-10|The Gift"])
        let back = BackupIO.read(data: try BackupIO.encode(stripped, as: .mediawatchV2).bytes)
        #expect(back.isValid && back.library == stripped)
    }

    @Test func unionJoinsOneEpisodeBySeasonAndTitle() {
        let a = ["2|2021-03-10|The Gift", "1|2021-01-01|Pilot"]
        let b = ["2|2021-03-10,2021-03-20|the gift", "|2021-05-05|Part 1: Pilot"]
        #expect(UnnumberedEpisode.union(a, b) == ["1|2021-01-01|Pilot", "2|2021-03-10,2021-03-20|The Gift", "|2021-05-05|Part 1: Pilot"])
        // A merge of a backup with itself changes nothing.
        #expect(UnnumberedEpisode.union(a, a) == a.sorted())
    }

    @Test(arguments: ["The Gift", "2|10/03/2021|The Gift", "x|2021-03-10|The Gift", "-1|2021-03-10|The Gift", "2|2021-03-10|", "2|2021-03-10,|T"])
    func aMalformedValueIsRefused(_ value: String) throws {
        #expect(UnnumberedEpisode(value) == nil)
        let (lib, i) = try library([value])
        let r = BackupIO.read(data: try BackupIO.encode(lib, as: .mediawatchV2).bytes)
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.titleUnnumberedEpisode.rawValue && $0.pointer == "/titles/\(i)/unnumberedEpisodes" }, "\(value): \(r.diagnostics)")
    }
}
