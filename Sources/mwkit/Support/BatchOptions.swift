import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// Options of the commands that take many inputs (`migrate`, `convert`, `strip`, `hydrate`).
/// With more than one input, a directory, or `--inputs-from`, `-o` names an output directory
/// and each input's relative path is mirrored under it (docs/JOBS.md).
struct BatchOptions: ParsableArguments {
    @Argument(help: "The backups: files, directories (searched recursively for *.json, *.zip), '-' for standard input.")
    var inputs: [String] = []

    @Option(name: .customLong("inputs-from"), help: "Also read input paths from FILE, one a line ('-' for standard input).")
    var inputsFrom: String?

    @Flag(name: [.customLong("null"), .customShort("0")], help: "--inputs-from paths are NUL-separated (find -print0).")
    var nullSeparated = false

    @Option(help: "Inputs processed at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Write a JSON Lines report to FILE: one object per input, written as each finishes.")
    var report: String?

    @Flag(help: "Redo inputs whose output is already complete and newer than the input.")
    var force = false

    @OptionGroup var sharding: ShardOptions

    func validate() throws {
        if inputs.isEmpty && inputsFrom == nil { throw ValidationError("give at least one input (or --inputs-from)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if nullSeparated && inputsFrom == nil { throw ValidationError("--null goes with --inputs-from") }
    }

    /// Whether the inputs make a batch (else the command runs on its one input as before).
    var isBatch: Bool { isBatch(inputs) }

    func isBatch(_ paths: [String]) -> Bool {
        if paths.count != 1 || inputsFrom != nil { return true }
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: paths[0], isDirectory: &isDir) && isDir.boolValue
    }

    /// Every input of this run: the paths expanded, the list read, then this machine's shard.
    func inputs(_ paths: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [BatchInput] {
        var all = paths
        if let inputsFrom {
            let data: Data
            if inputsFrom == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let d = FileManager.default.contents(atPath: inputsFrom) else { throw MWError.io("cannot read \(inputsFrom)") }
                data = d
            }
            all += BatchInputs.list(data, nullSeparated: nullSeparated)
        }
        let expanded = try BatchInputs.expand(all)
        guard let shard = try sharding.shard(environment) else { return expanded }
        return expanded.filter(shard.contains)
    }
}

/// `--shard K/N` and `--shard-count`: which part of a batch this machine processes (docs/JOBS.md).
struct ShardOptions: ParsableArguments {
    @Option(help: "Process only shard K of N (K counted from 1), split by a stable hash of each input's relative path.")
    var shard: String?

    @Option(help: "The number of shards when the shard index comes from JOB_COMPLETION_INDEX (Kubernetes; required), AWS_BATCH_JOB_ARRAY_INDEX or SLURM_ARRAY_TASK_ID (optional: the array size is used).")
    var shardCount: Int?

    func validate() throws {
        if let shard, Shard(shard) == nil { throw ValidationError("--shard takes K/N with 1 <= K <= N, got \(quoted(shard))") }
        if let shardCount, shardCount < 1 { throw ValidationError("--shard-count must be at least 1") }
    }

    /// The shard this run processes: `--shard`, else the job array's index; nil for all inputs.
    func shard(_ environment: [String: String]) throws -> Shard? {
        try shard.flatMap(Shard.init) ?? Shard.fromEnvironment(environment, shardCount: shardCount)
    }
}

/// Runs a batch: progress on stderr, the report file, a summary line; exit 1 when an input failed.
func runBatch(_ command: String, paths: [String], batch: BatchOptions, output: String,
              fileExtension: @escaping @Sendable (BatchInput) -> String,
              work: @escaping @Sendable (BatchInput, URL) throws -> BatchOutcome) throws {
    guard output != "-" else { throw CLIExit.failure("with several inputs, -o names an output directory; '-' is not one", code: 2) }
    let inputs = try batch.inputs(paths)
    let outDir = URL(fileURLWithPath: output, isDirectory: true)
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDir), !isDir.boolValue {
        throw CLIExit.failure("-o \(output) is a file; with several inputs it must be a directory", code: 2)
    }
    try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
    let report = try batch.report.map { try BatchReportWriter(path: $0) }
    let progress = ProgressDisplay()
    let runner = BatchRunner(jobs: batch.jobs ?? ProcessInfo.processInfo.activeProcessorCount, force: batch.force)
    let summary = runner.run(inputs, outputDirectory: outDir, fileExtension: fileExtension, work: work,
                             onOutcome: { o in
                                 report?.append(o)
                                 if o.status == .failed {
                                     let codes = o.codes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
                                     progress.pause {
                                         StandardError.write("\(o.path): failed: \(o.message ?? "")" + (codes.isEmpty ? "" : " (\(codes.joined(separator: ", ")))"))
                                     }
                                 }
                             },
                             onProgress: { p in progress.update(command, done: p.done, total: p.total, bytes: p.bytes, failed: p.failed) })
    progress.finish()
    if let e = summary.syncError { StandardError.write("mwkit: warning: the outputs could not be flushed to disk: \(e)") }
    StandardError.write("\(command): \(counted(inputs.count, "input")): \(summary.done) done, \(summary.skipped) skipped (up to date), \(summary.failed) failed → \(output)")
    if summary.failed > 0 { throw ExitCode(1) }
}

/// Runs async work to completion from a batch worker thread (a thread of its own, not one of
/// the concurrency pool's, so blocking it is safe).
func waitFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        let r: Result<T, Error>
        do { r = .success(try await body()) } catch { r = .failure(error) }
        box.result.withLock { $0 = r }
        done.signal()
    }
    done.wait()
    return try box.result.withLock { $0! }.get()
}

/// The result handed from the task to the waiting thread.
private final class ResultBox<T: Sendable>: Sendable {
    let result = Locked<Result<T, Error>?>(nil)
}
