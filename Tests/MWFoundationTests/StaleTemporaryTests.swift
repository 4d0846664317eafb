import Foundation
import Testing
@testable import MWFoundation

/// What a killed run leaves beside its target is removed by the next run: the temporary
/// itself and the journal SQLite keeps beside a temporary database (a snapshot); a
/// temporary whose process still runs, and anything that is not ours, stays.
@Suite struct StaleTemporaryTests {
    /// The pid of a process that has ended.
    static func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test func killedSnapshotLeftoversAreRemovedLiveOnesKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let dead = try Self.deadPID(), live = getpid()
        let names = [
            ".lib.sqlite.snapshot-20261125T022038Z.tmp-\(dead)-2258899072",
            ".lib.sqlite.snapshot-20261125T022038Z.tmp-\(dead)-2258899072-journal",
            ".lib.sqlite.snapshot-20261125T022039Z-2.tmp-\(dead)-7-wal",
            ".lib.sqlite.snapshot-20261125T022040Z.tmp-\(live)-9-journal",
            ".lib.sqlite.snapshot-20261125T022041Z.tmp-\(dead)-x-journal",
            "lib.sqlite.snapshot-20261125T022042Z",
        ]
        for n in names { #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(n).path, contents: Data([1]))) }
        AtomicFile.removeStaleTemporaries(in: dir, targetsStartingWith: "lib.sqlite.snapshot-")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left == [names[3], names[4], names[5]])
    }
}
