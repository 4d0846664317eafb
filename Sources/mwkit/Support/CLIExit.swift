import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// Documented exit codes: 0 ok, 1 invalid/failed, 2 unreadable input or usage.
enum CLIExit {
    /// Prints `message` to stderr and returns the exit code to throw.
    static func failure(_ message: String, code: Int32) -> ExitCode {
        StandardError.write("mwkit: " + message)
        return ExitCode(code)
    }

    /// Maps any error to a message on stderr and its documented exit code.
    static func from(_ error: Error) -> Error {
        if let e = error as? InvalidBackup {
            StandardError.report([e.report])
            return failure("\(e.report.path) is not a valid backup; nothing was written", code: 1)
        }
        if let e = error as? MWError { return failure(e.description, code: e.exitCode) }
        if error is ExitCode { return error }
        return failure("\(error)", code: 1)
    }

    /// Runs a command body, mapping every error to its documented exit code.
    static func run(_ body: () throws -> Void) throws {
        do { try body() } catch { throw from(error) }
    }
}

/// Loads a backup for a command that needs a valid one: its warnings are printed, an invalid
/// backup is refused (exit 1, its diagnostics printed). `writes`: the command writes an output,
/// so the refusal says nothing was written (a reading command such as `stats` does not).
func loadValid(_ path: String, _ options: ReadOptions, _ reporting: ReportingOptions = .init(),
               families: Set<ModelFamily> = [.films], writes: Bool = true) throws -> LoadedBackup {
    do {
        let loaded = try BackupLoader().loadValid(path, options: options, families: families)
        if !loaded.result.diagnostics.isEmpty { StandardError.report([FileReport(path: path, read: loaded.result)], verbose: reporting.verbose) }
        return loaded
    } catch let e as InvalidBackup {
        StandardError.report([e.report], verbose: reporting.verbose)
        throw CLIExit.failure("\(path) is not a valid backup" + (writes ? "; nothing was written" : ""), code: 1)
    }
}

/// An output path option: "-" means standard output (nil URL).
func outputURL(_ path: String) -> URL? {
    path == "-" ? nil : URL(fileURLWithPath: path)
}

/// Before a single-file command writes `output`: inputs are never modified, so an output path
/// that names the input file is refused (exit 2); temporary files a killed earlier run left
/// beside the output are removed.
func prepareOutput(input: String, output: String) throws {
    guard output != "-" else { return }
    AtomicFile.removeStaleTemporaries(beside: URL(fileURLWithPath: output))
    guard input != "-" else { return }
    let a = URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path
    let b = URL(fileURLWithPath: output).resolvingSymlinksInPath().standardizedFileURL.path
    if a == b { throw CLIExit.failure("the output \(output) is the input file; mwkit never modifies its input — choose another -o", code: 2) }
}

/// The batch part of `--help` for commands that take many inputs.
let batchHelp = """
Several inputs (files, directories searched recursively, --inputs-from) make a batch: -o names an output directory \
where each input's relative path is mirrored with the target format's extension; inputs run in parallel (--jobs), \
a bad one is reported and the rest go on; a re-run skips inputs whose output is complete and newer (--force redoes \
them); --report writes JSON Lines; --shard K/N (or JOB_COMPLETION_INDEX / AWS_BATCH_JOB_ARRAY_INDEX / SLURM_ARRAY_TASK_ID) takes one \
slice for array jobs. See docs/JOBS.md.
"""
