import Foundation
import Testing
@testable import MWCore

/// formatVersion 4 (docs/FORMAT.md#formatversion-4): a title's watch status read, written,
/// migrated both ways and checked.
@Suite("Watch status (formatVersion 4)")
struct WatchStatusFormatTests {
    static let v3Sample = TestSupport.samples.appendingPathComponent("mediawatch-v3.json")
    static let v4Sample = TestSupport.samples.appendingPathComponent("mediawatch-v4.json")

    func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// The titles' statuses as the sample's JSON says them, read without mwkit's reader.
    func jsonStatuses(_ url: URL) throws -> [[String: String]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let titles = try #require(doc["titles"] as? [[String: Any]])
        return titles.map { t in
            var out: [String: String] = [:]
            for k in ["watchStatus", "watchStatusWord", "watchStatusDate", "watchStatusSource"] { out[k] = t[k] as? String }
            return out
        }
    }

    @Test func v4SampleRoundTripsByteForByte() throws {
        let original = try bytes(Self.v4Sample)
        let r = BackupIO.read(data: original)
        #expect(r.isValid && r.diagnostics.isEmpty, "\(r.diagnostics)")
        #expect(r.formatVersion == 4)
        let lib = try #require(r.library)
        let expected = try jsonStatuses(Self.v4Sample)
        #expect(expected.contains { !$0.isEmpty }, "the sample has statuses")
        for (t, e) in zip(lib.titles, expected) {
            #expect(t.watchStatus?.rawValue == e["watchStatus"] && t.watchStatusWord == e["watchStatusWord"] && t.watchStatusSource == e["watchStatusSource"])
            #expect(t.watchStatusDate == e["watchStatusDate"].flatMap(DateCoding.parseISO))
        }
        #expect(try BackupIO.encode(lib, as: .mediawatchV2, options: WriteOptions(formatVersion: 4)).bytes == original)
    }

    @Test func v4ToV3DropsTheStatusWithCountsAndGivesTheV3Sample() throws {
        let lib = try #require(BackupIO.read(data: try bytes(Self.v4Sample)).library)
        let (v3, warnings, steps) = try Migrator().migrate(lib, from: 4, to: 3)
        #expect(steps == ["v4-to-v3"])
        let statuses = try jsonStatuses(Self.v4Sample)
        let expected = ["watchStatus", "watchStatusWord", "watchStatusDate", "watchStatusSource"].compactMap { k -> String? in
            let n = statuses.filter { $0[k] != nil }.count
            return n == 0 ? nil : "formatVersion 3 and older cannot hold titles[].\(k): dropped from \(n) record(s)"
        }
        #expect(warnings.map(\.message) == expected)
        #expect(warnings.allSatisfy { $0.code == DiagnosticCode.fieldDropped.rawValue && $0.severity == .warning })
        #expect(v3.titles.allSatisfy { !$0.hasWatchStatus })
        let written = try BackupIO.encode(v3, as: .mediawatchV2, options: WriteOptions(formatVersion: 3)).bytes
        #expect(written == (try bytes(Self.v3Sample)))
        // Up again: nothing to add.
        let (up, upWarnings, upSteps) = try Migrator().migrate(v3, from: 3, to: 4)
        #expect(up == v3 && upWarnings.isEmpty && upSteps == ["v3-to-v4"])
    }

    @Test func v4ToV2AndV1ReportTheStatusToo() throws {
        var lib = try #require(BackupIO.read(data: try bytes(Self.v4Sample)).library)
        // v1 has no stripped records: give them metadata, as hydrate would.
        for i in lib.titles.indices where lib.titles[i].isStripped { lib.titles[i].metadata = TitleMetadata(title: "T\(i)", year: 2000) }
        for i in lib.episodes.indices where lib.episodes[i].metadata == nil { lib.episodes[i].metadata = EpisodeMetadata(name: "E\(i)") }
        let n = lib.titles.filter { $0.watchStatus != nil }.count
        for target in [2, 1] {
            let (_, warnings, steps) = try Migrator().migrate(lib, from: 4, to: target)
            #expect(steps.first == "v4-to-v3")
            #expect(warnings.contains { $0.message == "formatVersion 3 and older cannot hold titles[].watchStatus: dropped from \(n) record(s)" }, "to \(target)")
        }
        // Written as formatVersion 3 without the step, the writer still says what it left out.
        let direct = try BackupIO.encode(lib, as: .mediawatchV2, options: WriteOptions(formatVersion: 3))
        #expect(direct.diagnostics.contains { $0.message.contains("titles[].watchStatus: dropped from \(n) record(s)") })
    }

    @Test func aFormatVersion3FileRefusesTheStatusKeys() throws {
        var text = String(decoding: try bytes(Self.v4Sample), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"formatVersion\": 4", with: "\"formatVersion\": 3")
        let r = BackupIO.read(data: Array(text.utf8))
        #expect(!r.isValid && r.diagnostics.contains { $0.code == DiagnosticCode.schemaUnknownKey.rawValue && $0.message.contains("watchStatus") })
    }

    @Test(arguments: ["on hold", "PAUSED", ""])
    func anUnknownStatusIsRefused(_ word: String) throws {
        var lib = try #require(BackupIO.read(data: try bytes(Self.v4Sample)).library)
        lib.titles[1].watchStatus = WatchStatus(rawValue: word)
        let text = try BackupIO.encode(lib, as: .mediawatchV2).bytes
        let r = BackupIO.read(data: text)
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.titleWatchStatus.rawValue && $0.pointer == "/titles/1/watchStatus" }, "\(r.diagnostics)")
    }

    @Test func aWordWithoutAStatusIsRefused() throws {
        var lib = try #require(BackupIO.read(data: try bytes(Self.v4Sample)).library)
        lib.titles[1].watchStatusWord = "HOLD"
        lib.titles[1].watchStatus = nil
        let r = BackupIO.read(data: try BackupIO.encode(lib, as: .mediawatchV2).bytes)
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.titleWatchStatus.rawValue && $0.pointer == "/titles/1/watchStatusWord" }, "\(r.diagnostics)")
    }
}
