import Foundation
import MWCore
import Testing
@testable import MWStore

/// `replace(streamingFrom:)`: reading on one thread, inserting on another, committing only a
/// valid backup — against the same restore of the parsed library.
@Suite struct StreamingReplaceTests {
    /// A library large enough for many batches of the hand-over (RowPipe.batchSize records each).
    static func big() -> Library {
        var lib = Fixtures.generated(shows: 80, episodes: 25)
        let small = Fixtures.library()
        lib.lists += small.lists
        lib.titles += small.titles
        lib.episodes += small.episodes
        lib.notes = small.notes
        lib.preferences = small.preferences
        return lib
    }

    static func stream(_ bytes: [UInt8], into store: LibraryStore, options: RestoreOptions = RestoreOptions(strategy: .replace, snapshot: false),
                       onDecision: ((RestoreDecision) -> Void)? = nil) throws -> StreamedRestore {
        try store.replace(streamingFrom: { BackupIO.read(data: bytes, options: $0) }, readOptions: ReadOptions(),
                          options: options, onDecision: onDecision)
    }

    static func emptyStore(_ name: String = #function) throws -> LibraryStore {
        try LibraryStore.open(at: Fixtures.scratch(name).appendingPathComponent("library.sqlite"))
    }

    @Test(arguments: [BackupFormat.mediawatchV2, .mediawatchV1])
    func streamingGivesTheSameDatabaseAsRestoringTheParsedLibrary(format: BackupFormat) throws {
        var lib = Self.big()
        if format == .mediawatchV1 {
            lib.titles.removeAll { $0.isStripped }
            lib.episodes.removeAll { $0.isStripped || $0.showId == Fixtures.strippedShowId }
            for i in lib.lists.indices { lib.lists[i].items.removeAll { $0.titleId == Fixtures.strippedShowId } }
        }
        let bytes = try BackupIO.encode(lib, as: format).bytes
        let parsed = try #require(BackupIO.read(data: bytes).library)
        #expect(parsed.episodes.count > 3 * RowPipe.batchSize)

        let reference = try Self.emptyStore("ref-\(format.rawValue)")
        var referenceDecisions: [RestoreDecision] = []
        let expected = try reference.restore(parsed, options: RestoreOptions(strategy: .replace, snapshot: false)) { referenceDecisions.append($0) }

        let store = try Self.emptyStore("stream-\(format.rawValue)")
        var decisions: [RestoreDecision] = []
        let result = try Self.stream(bytes, into: store) { decisions.append($0) }
        #expect(result.read.isValid)
        #expect(result.read.library == nil, "records go to the database, not into memory")
        let report = try #require(result.report)
        #expect(report.tallies == expected.tallies)
        #expect(report.tally(.episode).insert == parsed.episodes.count)
        #expect(decisions == referenceDecisions)
        #expect(try store.contentHash() == reference.contentHash())
        #expect(try store.loadLibrary() == parsed)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func anInvalidBackupIsRolledBackAndItsSnapshotRemoved() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        var bad = Self.big()
        // Broken at the very end, long after the first batches went into the database.
        bad.episodes.append(Episode(id: "C9000000-0000-4000-8000-000000000001", showId: "C9000000-0000-4000-8000-00000000FFFF",
                                    seasonNumber: 1, episodeNumber: 1, metadata: EpisodeMetadata(name: "orphan")))
        let result = try Self.stream(try BackupIO.encode(bad, as: .mediawatchV2).bytes, into: store,
                                     options: RestoreOptions(strategy: .replace, snapshot: true))
        #expect(result.report == nil)
        #expect(!result.read.isValid)
        #expect(result.read.diagnostics.contains { $0.code == DiagnosticCode.episodeShowMissing.rawValue && $0.pointer == "/episodes/\(bad.episodes.count - 1)/showId" })
        #expect(try store.contentHash() == before)
        let dir = store.url.deletingLastPathComponent().path
        #expect(try !FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.contains("snapshot") })
    }

    @Test func theValidatorsDiagnosticsWinOverTheConstraintTheyBreak() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        var bad = Self.big()
        // A repeated episode id: SQLite's UNIQUE fails mid-load; the report must still be the validator's.
        bad.episodes[700].id = bad.episodes[10].id
        let result = try Self.stream(try BackupIO.encode(bad, as: .mediawatchV2).bytes, into: store)
        #expect(result.report == nil)
        #expect(result.read.diagnostics.contains { $0.code == DiagnosticCode.idDuplicate.rawValue && $0.pointer == "/episodes/700/id" })
        #expect(try store.contentHash() == before)
    }

    @Test func aReaderThatFailsRollsBackAndRethrows() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        #expect(throws: MWError.self) {
            try store.replace(streamingFrom: { _ in throw MWError.io("disk went away") }, readOptions: ReadOptions(),
                              options: RestoreOptions(strategy: .replace, snapshot: false))
        }
        #expect(try store.contentHash() == before)
        // and the store is usable afterwards
        let again = try Self.stream(try BackupIO.encode(Fixtures.library(), as: .mediawatchV2).bytes, into: store)
        #expect(again.report != nil)
        #expect(try store.loadLibrary() == Fixtures.library())
    }

    @Test func aMergeIsRefusedWithAnErrorNotATrap() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        #expect(throws: MWError.self) {
            try Self.stream(try BackupIO.encode(Fixtures.library(), as: .mediawatchV2).bytes, into: store,
                            options: RestoreOptions(strategy: .merge, snapshot: false))
        }
        #expect(try store.contentHash() == before)
    }

    @Test func aDryRunChangesNothing() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let before = try store.contentHash()
        let result = try Self.stream(try BackupIO.encode(Self.big(), as: .mediawatchV2).bytes, into: store,
                                     options: RestoreOptions(strategy: .replace, dryRun: true))
        #expect(result.report?.tally(.episode).insert == Self.big().episodes.count)
        #expect(result.report?.tally(.title).delete == 3)
        #expect(try store.contentHash() == before)
    }

    @Test func headerSchemaVersionReadsTheFileWithoutOpeningIt() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        try store.close()
        #expect(LibraryStore.headerSchemaVersion(at: store.url) == StoreSchema.currentVersion)
        let dir = Fixtures.scratch()
        #expect(LibraryStore.headerSchemaVersion(at: dir.appendingPathComponent("none.sqlite")) == nil)
        let other = dir.appendingPathComponent("other.json")
        try Data("{\"not\": \"sqlite\"}".utf8).write(to: other)
        #expect(LibraryStore.headerSchemaVersion(at: other) == nil)
    }
}
