import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit migrate IN --to 1|2 -o OUT`: moves a backup JSON between format versions through
/// the ordered migration steps, reporting anything dropped.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Migrate a backup between JSON format versions (1 = app ExportData, 2 = mwkit lossless).",
        discussion: "Exit codes: 0 done (dropped fields are reported as warnings on stderr), 1 invalid input, 2 unreadable input or usage error.")

    /// The JSON format versions `--to` takes.
    enum Version: Int, ExpressibleByArgument, CaseIterable {
        case v1 = 1, v2 = 2
        var format: FormatDescriptor { self == .v1 ? .mediawatchV1 : .mediawatchV2 }
    }

    @Argument(help: "The backup to migrate ('-' for stdin).")
    var input: String

    @Option(help: "Target format version.")
    var to: Version

    @OptionGroup var out: OutputOptions

    @OptionGroup var inputOptions: InputOptions

    func run() throws {
        try refuseOverwritingInput(input, out.output)
        try CLIExit.run {
            let loaded = try loadValid(input, inputOptions.readOptions())
            let from = loaded.result.formatVersion ?? 1
            let done = try LibraryWriter.write(loaded, as: to.format, to: out.url, options: out.writeOptions)
            StandardError.report(done.diagnostics, path: out.output)
            StandardError.write("migrated \(input): v\(from) → v\(to.rawValue)" + (done.steps.isEmpty ? " (no steps needed)" : " via \(done.steps.joined(separator: ", "))"))
        }
    }
}
