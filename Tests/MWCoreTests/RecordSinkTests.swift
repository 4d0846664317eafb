import Foundation
import Testing
@testable import MWCore

/// The reader's record stream (``RecordSink``) and the early-stopping top-level pre-scan.
@Suite struct RecordSinkTests {
    final class Collect: RecordSink, @unchecked Sendable {  // Sendable: filled by the reader on the test's thread, read after it returns
        var records: [BackupRecord] = []
        func accept(_ record: BackupRecord) { records.append(record) }
    }

    /// The records a reader streams, rebuilt into a library.
    static func rebuild(_ records: [BackupRecord]) -> Library {
        var lib = Library()
        for r in records {
            switch r {
            case .header(let v, let d): lib.sourceVersion = v; lib.exportDate = d
            case .preferences(let p): lib.preferences = p
            case .list(let l): lib.lists.append(l)
            case .title(let t): lib.titles.append(t)
            case .episode(let e): lib.episodes.append(e)
            case .note(let n): lib.notes.append(n)
            }
        }
        return lib
    }

    @Test(arguments: [BackupFormat.mediawatchV2, .mediawatchV1], [UInt64(1), 2, 7])
    func theStreamHoldsExactlyTheLibrary(format: BackupFormat, seed: UInt64) throws {
        var f = LibraryFactory(seed: seed)
        let lib = format == .mediawatchV1 ? f.v1Library() : f.v2Library()
        #expect(!lib.titles.isEmpty)
        let bytes = try BackupIO.encode(lib, as: format).bytes
        let sink = Collect()
        var options = ReadOptions(buildLibrary: false)
        options.recordSink = sink
        let r = BackupIO.read(data: bytes, options: options)
        #expect(r.isValid, "\(r.diagnostics)")
        #expect(r.library == nil)
        let full = try #require(BackupIO.read(data: bytes).library)
        #expect(Self.rebuild(sink.records) == full)
        // The library walks in the same order a reader streams.
        var walked: [BackupRecord] = []
        full.forEachRecord { walked.append($0) }
        #expect(Self.rebuild(walked) == full)
        #expect(walked.count == sink.records.count)
    }

    /// A v2 document whose header comes first is read in one pass after the collections start;
    /// keys after them — late header values, unknown and repeated keys — are still all seen.
    @Test func keysAfterTheCollectionsAreReadAndChecked() throws {
        let doc = """
        {"format": "mediawatch-backup", "formatVersion": 2, "exportDate": "2024-01-01T00:00:00Z",
         "lists": [], "titles": [], "episodes": [], "notes": [],
         "sourceVersion": "1.7", "extra": {"a": [1, 2]}, "titles": [{"broken": true}],
         "preferences": {"id": "F0000000-0000-4000-8000-000000000001", "defaultLikedStatus": 0, "imageQuality": "w500",
                         "showWatchedInLists": true, "sortBy": "dateAdded", "sortAscending": false}}
        """
        let sink = Collect()
        var options = ReadOptions()
        options.recordSink = sink
        let r = BackupIO.read(data: Array(doc.utf8), options: options)
        let codes = r.diagnostics.map { "\($0.code) \($0.pointer)" }
        #expect(codes == ["schema-unknown-key /extra", "json-duplicate-key /titles"])
        #expect(r.library?.sourceVersion == "1.7")
        #expect(r.library?.preferences?.imageQuality == "w500")
        #expect(r.counts.titles == 0)
        // the header record carries the late sourceVersion
        guard case .header(let v, _)? = sink.records.last else { Issue.record("no header record last"); return }
        #expect(v == "1.7")
    }

    /// The same document with the collections first takes the full pre-scan; both find the same problems.
    @Test func bothPreScansReportTheSame() throws {
        let body = "\"lists\": [], \"titles\": [{\"id\": 5}], \"episodes\": [], \"notes\": []"
        let header = "\"format\": \"mediawatch-backup\", \"formatVersion\": 2, \"exportDate\": \"2024-01-01T00:00:00Z\""
        let headerFirst = BackupIO.read(data: Array("{\(header), \(body), \"x\": 1}".utf8))
        let headerLast = BackupIO.read(data: Array("{\(body), \"x\": 1, \(header)}".utf8))
        let a = headerFirst.diagnostics.map { "\($0.code) \($0.pointer)" }.sorted()
        let b = headerLast.diagnostics.map { "\($0.code) \($0.pointer)" }.sorted()
        #expect(!a.isEmpty)
        #expect(a == b)
        #expect(a.contains("schema-unknown-key /x"))
    }

    @Test func truncationInsideACollectionIsASyntaxErrorEitherWay() throws {
        let doc = "{\"format\": \"mediawatch-backup\", \"formatVersion\": 2, \"exportDate\": \"2024-01-01T00:00:00Z\", \"lists\": [], \"titles\": [{\"id\": \"x\""
        let r = BackupIO.read(data: Array(doc.utf8))
        #expect(!r.isValid)
        #expect(r.library == nil)
        #expect(r.diagnostics.contains { $0.code.hasPrefix("json-") })
    }
}
