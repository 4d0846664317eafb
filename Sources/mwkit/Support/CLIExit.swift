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
/// backup is refused (exit 1, its diagnostics printed).
func loadValid(_ path: String, _ options: ReadOptions) throws -> LoadedBackup {
    let loaded = try BackupLoader().loadValid(path, options: options)
    if !loaded.result.diagnostics.isEmpty { StandardError.report([FileReport(path: path, read: loaded.result)]) }
    return loaded
}

/// An output path option: "-" means standard output (nil URL).
func outputURL(_ path: String) -> URL? {
    path == "-" ? nil : URL(fileURLWithPath: path)
}

/// Inputs are never modified: refuse an output path that names the input file (exit 2).
func refuseOverwritingInput(_ input: String, _ output: String) throws {
    guard input != "-", output != "-" else { return }
    let a = URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path
    let b = URL(fileURLWithPath: output).resolvingSymlinksInPath().standardizedFileURL.path
    if a == b { throw CLIExit.failure("the output \(output) is the input file; mwkit never modifies its input — choose another -o", code: 2) }
}
