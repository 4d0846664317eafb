import ArgumentParser
import Foundation
import MWCore

/// `mwkit migrate IN --to 1|2 -o OUT`: moves a backup JSON between format versions through
/// the ordered migration steps, reporting anything dropped.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Migrate a backup between JSON format versions (1 = app ExportData, 2 = mwkit lossless).",
        discussion: "Exit codes: 0 done (dropped fields are reported as warnings on stderr), 1 invalid input, 2 unreadable input or usage error.")

    @Argument(help: "The backup to migrate ('-' for stdin).")
    var input: String

    @Option(help: "Target format version: 1 or 2.")
    var to: Int

    @OptionGroup var out: OutputOptions

    @OptionGroup var inputOptions: InputOptions

    func run() throws {
        try refuseOverwritingInput(input, out.output)
        guard let target = BackupFormat.json(version: to) else { throw CLIExit.failure("--to must be 1 or 2", code: 2) }
        do {
            let loaded = try BackupLoader.loadValid(input, options: inputOptions.readOptions())
            let from = loaded.result.formatVersion ?? 1
            let (lib, warnings, steps) = try loaded.library(migratedTo: to)
            let more = try BackupIO.write(lib, as: target, to: out.url, options: out.writeOptions)
            for d in warnings + more { printErr("warning: [\(d.code)] \(d.message)") }
            printErr("migrated \(input): v\(from) → v\(to)" + (steps.isEmpty ? " (no steps needed)" : " via \(steps.joined(separator: ", "))"))
        } catch { throw CLIExit.from(error) }
    }
}
