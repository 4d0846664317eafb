import Foundation
import MWTestSupport
import MWCore
import Testing

/// `mwkit migrate DIR -o OUT` as a job runner sees it: killed at a random moment and started
/// again, it finishes with nothing lost and nothing half-written.
@Suite("Batch CLI")
struct BatchCLITests {
    func inputs(_ n: Int, in dir: URL) throws -> URL {
        let src = try Data(contentsOf: TestSupport.samples.appendingPathComponent("mediawatch-v1.json"))
        let inDir = dir.appendingPathComponent("in")
        for i in 0..<n {
            let sub = inDir.appendingPathComponent("user\(i % 10)")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try src.write(to: sub.appendingPathComponent("backup-\(i).json"))
        }
        return inDir
    }

    func outputs(_ dir: URL) -> [String] {
        (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func killedAndRestartedItFinishesEverything() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let n = 400
        let inDir = try inputs(n, in: dir)
        let out = dir.appendingPathComponent("out")
        // Seeded kill moments, named in the failure messages below.
        var rng = TestSeed.generator(0x400)
        for trial in 0..<3 {
            let p = Process()
            p.executableURL = MWKitBinary.url
            p.arguments = ["migrate", inDir.path, "--to", "2", "-o", out.path, "--jobs", "2"]
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(UInt32.random(in: 20_000...120_000, using: &rng) * UInt32(trial + 1))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        let before = outputs(out).filter { !$0.split(separator: "/").last!.hasPrefix(".") }.count
        let report = dir.appendingPathComponent("r.jsonl")
        let r = try TestSupport.run(["migrate", inDir.path, "--to", "2", "-o", out.path, "--report", report.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
        let done = lines.filter { $0.contains("\"status\":\"done\"") }.count
        let skipped = lines.filter { $0.contains("\"status\":\"skipped\"") }.count
        #expect(lines.count == n && skipped == before && done == n - before, "resume redid finished work: \(done) done, \(skipped) skipped, \(before) there before (\(TestSeed.describe(rng.seed)))")
        let all = outputs(out)
        #expect(all.count == n, "leftover temporaries or missing outputs: \(all.filter { $0.contains(".tmp-") }) (\(TestSeed.describe(rng.seed)))")
        for rel in all.prefix(400) where rel.hasSuffix("0.json") {
            #expect(try BackupIO.read(url: out.appendingPathComponent(rel)).isValid, "\(rel) is not a complete backup")
        }
    }

    @Test func usageAndMessages() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inDir = try inputs(3, in: dir)
        #expect(try TestSupport.run(["convert", inDir.path, "--to", "mediawatch-v2", "-o", "-"]).status == 2)
        #expect(try TestSupport.run(["migrate", inDir.path, "--to", "2", "-o", dir.appendingPathComponent("o").path, "--shard", "4/3"]).status == 2)
        let list = dir.appendingPathComponent("list")
        try Data((["in/user0/backup-0.json", "in/user1/backup-1.json"].joined(separator: "\0") + "\0").utf8).write(to: list)
        let r = try TestSupport.run(["strip", "--inputs-from", list.path, "-0", "-o", dir.appendingPathComponent("s").path], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(outputs(dir.appendingPathComponent("s")) == ["in/user0/backup-0.json", "in/user1/backup-1.json"])
    }
}
