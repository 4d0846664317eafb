import Foundation
import MWTestSupport
import MWCore
import Testing
@testable import MWStore
#if canImport(Glibc)
import Glibc
#endif

/// Restores run in a child process (the built `mwkit` binary) and are killed with SIGKILL at
/// random moments; the database must always be sound and hold either the state before the
/// restore or the state after it — never a mix.
@Suite struct CrashSafetyTests {
    /// The `mwkit` executable (``MWKitBinary``; `swift test` builds it).
    static func mwkitBinary() throws -> URL {
        let bin = MWKitBinary.url
        guard FileManager.default.isExecutableFile(atPath: bin.path) else {
            throw MWError.io("mwkit binary not found at \(bin.path); run `swift build` first")
        }
        return bin
    }

    /// Starts mwkit; its phase timings (`MWKIT_TIMING`) go to `log` when given.
    static func run(_ bin: URL, _ args: [String], log: URL? = nil) throws -> Process {
        let p = Process()
        p.executableURL = bin
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            p.standardError = try FileHandle(forWritingTo: log)
            p.environment = ProcessInfo.processInfo.environment.merging(["MWKIT_TIMING": "1"]) { $1 }
        }
        try p.run()
        return p
    }

    @Test func sigkillDuringRestoreLeavesBeforeOrAfterState() throws {
        let bin = try Self.mwkitBinary()
        let dir = Fixtures.scratch()
        // Before: 150 shows. Backup: 300 shows (the same 150 changed, plus 150 new) — a restore
        // long enough (tens of thousands of rows) to be killed in the middle.
        let before = Fixtures.generated(shows: 150, episodes: 30)
        var backup = Fixtures.generated(shows: 300, episodes: 30)
        for i in backup.titles.indices { backup.titles[i].likedStatus = 1; backup.titles[i].dateModified = Fixtures.date(99_999) }
        let backupURL = dir.appendingPathComponent("backup.json")
        try BackupIO.write(backup, as: .mediawatchV2, to: backupURL)
        let seed = dir.appendingPathComponent("seed.sqlite")
        do {
            let s = try LibraryStore.open(at: seed)
            try s.restore(before, options: RestoreOptions(strategy: .replace, snapshot: false))
            try s.close()
        }
        let beforeHash = try LibraryStore.open(at: seed, mode: .mustExist).contentHash()

        // Reference runs: the after-states and how long a restore takes.
        var after: [RestoreStrategy: String] = [:]
        var duration: [RestoreStrategy: Double] = [:]
        func args(_ db: URL, _ s: RestoreStrategy) -> [String] {
            ["restore", backupURL.path, "--db", db.path, "--strategy", s.rawValue, "--no-snapshot"]
                + (s == .merge ? ["--on-conflict", "newer"] : [])
        }
        for s in RestoreStrategy.allCases {
            let db = dir.appendingPathComponent("ref-\(s.rawValue).sqlite")
            try FileManager.default.copyItem(at: seed, to: db)
            let start = Date()
            let p = try Self.run(bin, args(db, s))
            p.waitUntilExit()
            #expect(p.terminationStatus == 0)
            duration[s] = Date().timeIntervalSince(start)
            after[s] = try LibraryStore.open(at: db, mode: .mustExist).contentHash()
            #expect(after[s] != beforeHash)
        }

        var outcomes: [String: Int] = ["before": 0, "after": 0]
        var midWrite = 0
        // Seeded: the same kill moments (as fractions of the reference run) every time.
        var rng = TestSeed.generator(0x22)
        let trials = 24
        for trial in 0..<trials {
            let s: RestoreStrategy = trial % 2 == 0 ? .replace : .merge
            let db = dir.appendingPathComponent("trial-\(trial).sqlite")
            try FileManager.default.copyItem(at: seed, to: db)
            let log = dir.appendingPathComponent("trial-\(trial).log")
            let p = try Self.run(bin, args(db, s), log: log)
            let delay = Double.random(in: 0.02...(duration[s]! * 1.25), using: &rng)
            usleep(useconds_t(delay * 1_000_000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            // Killed inside the database phase: the backup was read (a replace streams from the
            // start), the transaction not yet committed.
            let phases = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if p.terminationReason == .uncaughtSignal, !phases.contains("timing: commit"),
               s == .replace || phases.contains("timing: read+validate") { midWrite += 1 }
            let store = try LibraryStore.open(at: db, mode: .mustExist)
            #expect(try store.integrityProblems().isEmpty, "trial \(trial) (\(TestSeed.describe(rng.seed))): integrity")
            let h = try store.contentHash()
            #expect(h == beforeHash || h == after[s], "trial \(trial) (\(s), \(TestSeed.describe(rng.seed)), killed after \(delay)s): mixed state")
            outcomes[h == beforeHash ? "before" : "after", default: 0] += 1
            try store.close()
            try? FileManager.default.removeItem(at: db)
        }
        print("crash safety: \(trials) SIGKILL trials (\(TestSeed.describe(rng.seed))), \(midWrite) killed mid-write, state found: \(outcomes)")
        // The trials prove something only when kills landed while the restore was writing.
        #expect(midWrite > 0, "no kill landed mid-write (\(TestSeed.describe(rng.seed))): the trials proved nothing")
    }
}
