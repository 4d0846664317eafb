import ArgumentParser
import Foundation
import MWCore

/// Documented exit codes: 0 ok, 1 invalid/failed, 2 unreadable input or usage.
enum CLIExit {
    /// Prints `message` to stderr and returns the exit code to throw.
    static func failure(_ message: String, code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data(("mwkit: " + message + "\n").utf8))
        return ExitCode(code)
    }

    /// Maps any error to a message on stderr and its documented exit code.
    static func from(_ error: Error) -> Error {
        if let e = error as? MWError { return failure(e.description, code: e.exitCode) }
        if error is ExitCode { return error }
        return failure("\(error)", code: 1)
    }
}

/// Writes to standard error.
func printErr(_ s: String) {
    FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
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
