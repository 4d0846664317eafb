import Foundation
import MWTestSupport
import MWCore
import Testing

/// Every command that writes a file, killed at random moments: the target is absent or
/// complete and valid, the input is untouched, and the next run succeeds and leaves no
/// temporary file behind (issue 13 §4; scripts/crash-stress.sh runs more trials).
@Suite("Crash safety of the writing commands")
struct CrashSafetyCLITests {
    /// The v1 sample, its records copied `copies` times under new ids (a few MB, so a kill
    /// lands in the middle of reading or writing).
    static func bigBackup(copies: Int) throws -> Library {
        let sample = try #require(try BackupIO.read(url: TestSupport.samples.appendingPathComponent("mediawatch-v1.json")).library)
        var lib = sample
        lib.titles = []
        lib.episodes = []
        for i in 0..<lib.lists.count { lib.lists[i].items = [] }
        func id(_ s: String, _ k: Int) -> String { String(s.dropLast(6)) + String(format: "%06d", k) }
        for k in 0..<copies {
            for t in sample.titles {
                var c = t
                c.id = id(t.id, k)
                c.tmdbId = t.tmdbId + Int64(k) * 1_000_000
                lib.titles.append(c)
            }
            for e in sample.episodes {
                var c = e
                c.id = id(e.id, k)
                c.showId = id(e.showId, k)
                lib.episodes.append(c)
            }
            for (li, l) in sample.lists.enumerated() {
                for item in l.items { lib.lists[li].items.append(ListItem(titleId: id(item.titleId, k), orderIndex: lib.lists[li].items.count)) }
            }
        }
        lib.notes = []
        return lib
    }

    static func leftovers(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".tmp-") }
    }

    /// Returns when `process` has a temporary output in `dir` that is not in `besides`, or has
    /// ended (polled every 0.2 ms).
    static func waitForTemporary(of process: Process, in dir: URL, besides: Set<String>) {
        while process.isRunning && Set(leftovers(dir)).subtracting(besides).isEmpty { usleep(200) }
    }

    /// Runs `mwkit args` to the end, noting when its temporary output first appeared.
    static func watch(_ args: [String], in dir: URL) throws -> (status: Int32, elapsed: TimeInterval, tempSeenAt: TimeInterval?) {
        let before = Set(leftovers(dir))
        let p = Process()
        p.executableURL = MWKitBinary.url
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        let t0 = Date()
        try p.run()
        waitForTemporary(of: p, in: dir, besides: before)
        let seen = p.isRunning ? Date().timeIntervalSince(t0) : nil
        p.waitUntilExit()
        return (p.terminationStatus, Date().timeIntervalSince(t0), seen)
    }

    @Test(arguments: [["migrate", "--to", "2"], ["convert", "--to", "mediawatch-zip"], ["convert", "--to", "mediawatch-v1"], ["strip"]])
    func killedAtRandomMomentsLeavesBeforeOrAfter(_ command: [String]) throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.json")
        try BackupIO.write(try Self.bigBackup(copies: 300), as: .mediawatchV1, to: input)
        let inputBytes = try Data(contentsOf: input)
        let out = dir.appendingPathComponent(command.contains("mediawatch-zip") ? "out.zip" : "out.json")
        // One full run, watched, tells how long the command takes and how long its temporary
        // output lives beside the target (the write window).
        let args = [command[0], input.path] + Array(command.dropFirst()) + ["-o", out.path]
        let reference = try Self.watch(args, in: dir)
        #expect(reference.status == 0)
        let full = reference.elapsed
        let window = max(0.001, reference.elapsed - (reference.tempSeenAt ?? reference.elapsed))
        var states: [String: Int] = [:]
        // Two kinds of trial, alternating, with moments drawn from a seeded generator: a kill at
        // a random moment of 1.2× the full run (reading, writing, or done), and a kill armed by
        // the temporary output appearing, a random part of the write window later. Trials go on
        // (at most 32) until at least two kills landed mid-write — the process killed while its
        // temporary output existed beside the target — since only those prove the write atomic;
        // the armed kind makes that certain however slow or loaded the machine is.
        var rng = TestSeed.generator(0x13_04)
        var midWrite = 0, trials = 0
        while trials < 32 && (trials < 8 || midWrite < 2) {
            trials += 1
            try? FileManager.default.removeItem(at: out)
            let leftBefore = Set(Self.leftovers(dir))
            let p = Process()
            p.executableURL = MWKitBinary.url
            p.arguments = args
            p.standardError = FileHandle.nullDevice
            try p.run()
            let armed = trials % 2 == 0
            let delay = armed ? Double.random(in: 0...(window * 0.6), using: &rng)
                : Double.random(in: 0.01...(full * 1.2), using: &rng)
            if armed {
                Self.waitForTemporary(of: p, in: dir, besides: leftBefore)
            }
            usleep(UInt32(delay * 1_000_000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            if p.terminationReason == .uncaughtSignal && !Set(Self.leftovers(dir)).subtracting(leftBefore).isEmpty { midWrite += 1 }
            if FileManager.default.fileExists(atPath: out.path) {
                // Complete: it reads back valid.
                let check = try TestSupport.run(["validate", out.path])
                #expect(check.status == 0, "a killed \(command) (\(TestSeed.describe(rng.seed)), trial \(trials), \(armed ? "armed, " : "")\(delay)s) left an invalid \(out.lastPathComponent): \(check.stdout)")
                states["after", default: 0] += 1
            } else {
                states["before", default: 0] += 1
            }
            #expect(try Data(contentsOf: input) == inputBytes, "the input changed (\(TestSeed.describe(rng.seed)), trial \(trials))")
        }
        // The next run completes and removes what the killed ones left.
        let r = try TestSupport.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.leftovers(dir).isEmpty, "temporaries left: \(Self.leftovers(dir))")
        #expect(try TestSupport.run(["validate", out.path]).status == 0)
        print("crash safety \(command.joined(separator: " ")): \(trials) SIGKILL trials (\(TestSeed.describe(rng.seed))), \(midWrite) killed mid-write, \(states)")
        #expect(midWrite >= 2, "\(command): only \(midWrite) of \(trials) kills landed mid-write (\(TestSeed.describe(rng.seed)), full run \(full)s, write window \(window)s): the trials proved little")
    }
}
