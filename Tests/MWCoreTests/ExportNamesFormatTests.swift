import Foundation
import Testing
@testable import MWCore

/// formatVersion 5 (docs/FORMAT.md#formatversion-5): a title's `exportTitle`, `exportYear` and
/// `serviceIds` read, written, migrated both ways with counts, kept by strip, checked.
@Suite("Export names and service ids (formatVersion 5)")
struct ExportNamesFormatTests {
    static let v4Sample = TestSupport.samples.appendingPathComponent("mediawatch-v4.json")
    static let v5Sample = TestSupport.samples.appendingPathComponent("mediawatch-v5.json")

    func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// How many titles of the sample's JSON carry `key`, read without mwkit's reader.
    func count(_ key: String, in url: URL) throws -> Int {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(doc["titles"] as? [[String: Any]]).filter { $0[key] != nil }.count
    }

    @Test func v5SampleRoundTripsByteForByte() throws {
        let original = try bytes(Self.v5Sample)
        let r = BackupIO.read(data: original)
        #expect(r.isValid && r.diagnostics.isEmpty, "\(r.diagnostics)")
        #expect(r.formatVersion == 5)
        let lib = try #require(r.library)
        #expect(lib.titles.filter { !$0.serviceIds.isEmpty }.count == (try count("serviceIds", in: Self.v5Sample)))
        #expect(lib.titles.contains { $0.exportTitle != nil && $0.exportYear != nil })
        #expect(try BackupIO.encode(lib, as: .mediawatchV2).bytes == original)
    }

    @Test func v5ToV4DropsWithCountsAndGivesTheV4Sample() throws {
        let lib = try #require(BackupIO.read(data: try bytes(Self.v5Sample)).library)
        let (v4, warnings, steps) = try Migrator().migrate(lib, from: 5, to: 4)
        #expect(steps == ["v5-to-v4"])
        let expected = try ["exportTitle", "exportYear", "serviceIds"].compactMap { k -> String? in
            let n = try count(k, in: Self.v5Sample)
            return n == 0 ? nil : "formatVersion 4 and older cannot hold titles[].\(k): dropped from \(n) record(s)"
        }
        // The sample's episodes named by title alone are dropped too, counted (UnnumberedEpisodeFormatTests).
        #expect(!expected.isEmpty && Array(warnings.map(\.message).prefix(expected.count)) == expected)
        #expect(warnings.count == expected.count + 1 && warnings.last?.message.contains("titles[].unnumberedEpisodes") == true)
        #expect(v4.titles.allSatisfy { $0.exportTitle == nil && $0.exportYear == nil && $0.serviceIds.isEmpty && $0.unnumberedEpisodes.isEmpty })
        #expect(try BackupIO.encode(v4, as: .mediawatchV2, options: WriteOptions(formatVersion: 4)).bytes == (try bytes(Self.v4Sample)))
        let (up, upWarnings, upSteps) = try Migrator().migrate(v4, from: 4, to: 5)
        #expect(up == v4 && upWarnings.isEmpty && upSteps == ["v4-to-v5"])
    }

    @Test func olderTargetsReportTheValuesToo() throws {
        var lib = try #require(BackupIO.read(data: try bytes(Self.v5Sample)).library)
        for i in lib.titles.indices where lib.titles[i].isStripped { lib.titles[i].metadata = TitleMetadata(title: "T\(i)", year: 2000) }
        for i in lib.episodes.indices where lib.episodes[i].metadata == nil { lib.episodes[i].metadata = EpisodeMetadata(name: "E\(i)") }
        let n = lib.titles.filter { !$0.serviceIds.isEmpty }.count
        for target in [3, 1] {
            let (_, warnings, steps) = try Migrator().migrate(lib, from: 5, to: target)
            #expect(steps.first == "v5-to-v4")
            #expect(warnings.contains { $0.message == "formatVersion 4 and older cannot hold titles[].serviceIds: dropped from \(n) record(s)" }, "to \(target)")
        }
        // Written as formatVersion 4 or v1 without the steps, the writer still says it.
        for (format, version) in [(BackupFormat.mediawatchV2, 4), (.mediawatchV2, 2), (.mediawatchV1, nil)] {
            let direct = try BackupIO.encode(lib, as: format, options: WriteOptions(formatVersion: version))
            #expect(direct.diagnostics.contains { $0.message.contains("titles[].serviceIds: dropped from \(n) record(s)") }, "\(format) \(version as Any)")
        }
    }

    @Test func aFormatVersion4FileRefusesTheNewKeys() throws {
        let text = String(decoding: try bytes(Self.v5Sample), as: UTF8.self)
            .replacingOccurrences(of: "\"formatVersion\": 5", with: "\"formatVersion\": 4")
        let r = BackupIO.read(data: Array(text.utf8))
        #expect(!r.isValid && r.diagnostics.contains { $0.code == DiagnosticCode.schemaUnknownKey.rawValue && $0.message.contains("serviceIds") })
    }

    @Test func stripKeepsTheExportNameAndIds() throws {
        let lib = try #require(BackupIO.read(data: try bytes(Self.v5Sample)).library)
        let stripped = lib.stripped()
        #expect(zip(lib.titles, stripped.titles).allSatisfy { $0.serviceIds == $1.serviceIds && $0.exportTitle == $1.exportTitle && $0.exportYear == $1.exportYear })
        // A stripped record still has a name to show: the export's.
        let named = try #require(stripped.titles.first { $0.exportTitle != nil })
        #expect(named.isStripped && named.knownName == named.exportTitle && named.knownYear == named.exportYear)
        let back = BackupIO.read(data: try BackupIO.encode(stripped, as: .mediawatchV2).bytes)
        #expect(back.isValid && back.library == stripped)
    }

    @Test(arguments: ["Trakt 432", "trakt:", ":432", "trakt: 432", "Trakt:432", ""])
    func aMalformedServiceIdIsRefused(_ value: String) throws {
        var lib = try #require(BackupIO.read(data: try bytes(Self.v5Sample)).library)
        lib.titles[1].serviceIds = [value]
        let r = BackupIO.read(data: try BackupIO.encode(lib, as: .mediawatchV2).bytes)
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.titleServiceId.rawValue && $0.pointer == "/titles/1/serviceIds" }, "\(value): \(r.diagnostics)")
    }

    @Test func serviceIDParsesAndMakes() {
        #expect(ServiceID.make("Trakt", "432") == "trakt:432")
        #expect(ServiceID.make("letterboxd-uri", "https://boxd.it/oNB8") == "letterboxd-uri:https://boxd.it/oNB8")
        #expect(ServiceID.parse("myanimelist:anime:9969").map { [$0.service, $0.id] } == ["myanimelist", "anime:9969"])
        #expect(ServiceID.make("google_books", "1") == nil && ServiceID.make("imdb", " ") == nil)
        #expect(ServiceID.union(["trakt:2", "imdb:tt1"], ["imdb:tt1", "a:1"]) == ["a:1", "imdb:tt1", "trakt:2"])
        #expect(ServiceID.id("imdb", in: ["imdb:tt1", "trakt:2"]) == "tt1")
    }
}
