import Foundation
import MWCore
import MWJobs
import MWTMDb
import Testing

@Suite("Batch jobs")
struct BatchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = root.appendingPathComponent("Samples/mediawatch-v1.json")
    static let invalid = root.appendingPathComponent("Samples/invalid/title-tmdbid-positive.json")

    func tempDir() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("mwkit-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// `n` copies of the v1 sample (every `badEvery`-th an invalid one) under `dir/in`, nested.
    func makeInputs(_ dir: URL, n: Int, badEvery: Int = 0) throws -> URL {
        let inDir = dir.appendingPathComponent("in")
        for i in 0..<n {
            let sub = inDir.appendingPathComponent("g\(i % 3)")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let src = badEvery > 0 && i % badEvery == badEvery - 1 ? Self.invalid : Self.sample
            try FileManager.default.copyItem(at: src, to: sub.appendingPathComponent("b\(i).json"))
        }
        return inDir
    }

    @Test func shardsAreDisjointCoverEveryInputAndAreAboutEqual() throws {
        let inputs = (0..<12_000).map { BatchInput(path: "u\($0)/backup-\($0 * 7).json", relativePath: "u\($0)/backup-\($0 * 7).json") }
        for n in [1, 2, 3, 8] {
            var seen = Set<String>()
            var sizes: [Int] = []
            for k in 1...n {
                let part = inputs.filter(Shard(index: k, count: n)!.contains)
                sizes.append(part.count)
                for i in part { #expect(seen.insert(i.relativePath).inserted, "\(i.relativePath) in two shards") }
            }
            #expect(seen.count == inputs.count)
            let even = Double(inputs.count) / Double(n)
            #expect(sizes.allSatisfy { abs(Double($0) - even) < even * 0.06 }, "shard sizes \(sizes) for \(n)")
        }
    }

    @Test func shardFromTheBatchEngines() throws {
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"], shardCount: 5) == Shard(index: 3, count: 5))
        #expect(try Shard.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "4"], shardCount: nil) == Shard(index: 1, count: 4))
        #expect(try Shard.fromEnvironment([:], shardCount: 3) == nil)
        #expect(throws: MWError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"], shardCount: nil) }
        #expect(throws: MWError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "5"], shardCount: 5) }
        #expect(throws: MWError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": String(Int.max)], shardCount: 5) }
        #expect(throws: MWError.self) { try Shard.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "-1", "AWS_BATCH_JOB_ARRAY_SIZE": "4"], shardCount: nil) }
        #expect(Shard("2/3") == Shard(index: 2, count: 3) && Shard("0/3") == nil && Shard("4/3") == nil && Shard("x") == nil)
    }

    @Test func inputListsAndMirroredNames() {
        #expect(BatchInputs.list(Data("a.json\r\n\nb c.json\n".utf8), nullSeparated: false) == ["a.json", "b c.json"])
        #expect(BatchInputs.list(Data("a\nb.json\0c.json\0".utf8), nullSeparated: true) == ["a\nb.json", "c.json"])
        #expect(BatchInput(path: "d/a.json", relativePath: "sub/a.json").output(in: URL(fileURLWithPath: "/o"), fileExtension: "zip").path == "/o/sub/a.zip")
        #expect(BatchInput(path: "d/.hidden", relativePath: ".hidden").output(in: URL(fileURLWithPath: "/o"), fileExtension: "json").path == "/o/.hidden.json")
    }

    @Test func aBatchConvertsEachFileIsolatesFailuresAndResumes() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inDir = try makeInputs(dir, n: 24, badEvery: 8)
        let out = dir.appendingPathComponent("out")
        let inputs = try BatchInputs.expand([inDir.path])
        #expect(inputs.count == 24)
        let job = ConvertJob(format: .mediawatchV2)
        let runner = BatchRunner(jobs: 3)
        let first = runner.run(inputs, outputDirectory: out, fileExtension: { _ in "json" }, work: { try job.run($0.path, to: $1) })
        #expect(first.done == 21 && first.failed == 3 && first.skipped == 0)
        #expect(first.outcomes.map(\.path) == inputs.map(\.path), "outcomes in input order")
        for o in first.outcomes where o.status == .done {
            let r = try BackupIO.read(url: URL(fileURLWithPath: o.output!))
            #expect(r.isValid && r.format == .mediawatchV2)
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("g2/b7.json").path), "an invalid input left an output")
        #expect(first.outcomes.first { $0.path.hasSuffix("b7.json") }?.codes == ["title-tmdbid-positive": 1])

        // A re-run does only what is left; a newer input is redone; --force redoes everything.
        let again = runner.run(inputs, outputDirectory: out, fileExtension: { _ in "json" }, work: { try job.run($0.path, to: $1) })
        #expect(again.done == 0 && again.skipped == 21 && again.failed == 3)
        let touched = inDir.appendingPathComponent("g0/b0.json")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: touched.path)
        let third = runner.run(inputs, outputDirectory: out, fileExtension: { _ in "json" }, work: { try job.run($0.path, to: $1) })
        #expect(third.done == 1 && third.outcomes.first { $0.status == .done }?.path == touched.path)
        let forced = BatchRunner(jobs: 2, force: true).run(inputs, outputDirectory: out, fileExtension: { _ in "json" }, work: { try job.run($0.path, to: $1) })
        #expect(forced.done == 21)
    }

    @Test func theReportHasOneTrueLinePerInput() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = try BatchInputs.expand([try makeInputs(dir, n: 10, badEvery: 5).path])
        let reportURL = dir.appendingPathComponent("report.jsonl")
        let report = try BatchReportWriter(path: reportURL.path)
        let job = ConvertJob(format: .mediawatchV1)
        _ = BatchRunner(jobs: 2).run(inputs, outputDirectory: dir.appendingPathComponent("o"), fileExtension: { _ in "json" },
                                     work: { try job.run($0.path, to: $1) }, onOutcome: { report.append($0) })
        let lines = try String(contentsOf: reportURL, encoding: .utf8).split(separator: "\n")
        let decoded = try lines.map { try JSONDecoder().decode(BatchOutcome.self, from: Data($0.utf8)) }
        #expect(Set(decoded.map(\.path)) == Set(inputs.map(\.path)))
        #expect(decoded.filter { $0.status == .failed }.count == 2)
        #expect(decoded.filter { $0.status == .done }.allSatisfy { $0.formatOut == "mediawatch-v1" && $0.bytesOut > 0 && $0.counts?["titles"] == 6 })
    }

    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A pid that cannot exist (above the kernel's pid_max), and ours (alive).
        let stale = dir.appendingPathComponent(".a.json.tmp-99999999-12345")
        let staleZipJSON = dir.appendingPathComponent(".b.zip.tmp-99999999-7.json")
        let live = dir.appendingPathComponent(".c.json.tmp-\(getpid())-1")
        let other = dir.appendingPathComponent("notes.tmp-1-2")
        for u in [stale, staleZipJSON, live, other] { try Data().write(to: u) }
        AtomicFile.removeStaleTemporaries(under: dir)
        #expect(!FileManager.default.fileExists(atPath: stale.path) && !FileManager.default.fileExists(atPath: staleZipJSON.path))
        #expect(FileManager.default.fileExists(atPath: live.path) && FileManager.default.fileExists(atPath: other.path))
    }
}

/// A job that keeps each input's own format must take it from what the reader found: the
/// first bytes cannot tell v1 from v2 (both JSON), and a v2 backup written as v1 loses fields.
@Suite("Batch jobs keep the format each input was read as")
struct BatchFormatTests {
    @Test func hydrateAndStripKeepAV2InputV2() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mwkit-fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let v1 = try #require(try BackupIO.read(url: BatchTests.sample).library)
        let v2 = dir.appendingPathComponent("in.json")
        try BackupIO.write(v1.stripped(), as: .mediawatchV2, to: v2)

        // Offline with no cache: every record stays stripped, which only v2 can hold.
        let client = TMDbClient(credentials: nil, options: TMDbClientOptions(offline: true))
        let hydrate = HydrateJob(client: client, options: HydrateOptions(), format: nil)
        #expect(hydrate.fileExtension(for: v2.path) == "json")
        let out = dir.appendingPathComponent("hydrated.json")
        let outcome = try await hydrate.run(v2.path, to: out)
        #expect(outcome.formatOut == "mediawatch-v2")
        #expect(try BackupIO.read(url: out).format == .mediawatchV2)

        let strip = ConvertJob(format: nil, transform: { $0.stripped() },
                               formatFor: { $0.map { $0.capabilities.contains(.strippedRecords) ? $0 : .mediawatchV2 } ?? .mediawatchV2 })
        let v1File = BatchTests.sample
        #expect(strip.target(for: try BackupLoader().loadValid(v1File.path, options: .init())).name == .mediawatchV2)
        #expect(try strip.run(v2.path, to: dir.appendingPathComponent("s.json")).formatOut == "mediawatch-v2")
    }
}
