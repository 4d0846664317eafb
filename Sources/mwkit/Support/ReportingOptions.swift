import ArgumentParser
import MWCore

/// `--verbose`: print every diagnostic instead of at most five per code (text output only;
/// json, github and junit always carry every diagnostic).
struct ReportingOptions: ParsableArguments {
    @Flag(help: "Print every diagnostic (text output groups them by code: at most 5 of each in full).")
    var verbose = false

    /// Prints diagnostics about `path` on standard error.
    func report(_ diagnostics: [Diagnostic], path: String) {
        StandardError.report(diagnostics, path: path, verbose: verbose)
    }
}
