import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit migrate IN… --to 1|2|3|4|5 -o OUT`: moves backup JSON between format versions through
/// the ordered migration steps, reporting anything dropped.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Migrate backups between JSON format versions (1 = app ExportData, 2 = mwkit lossless as shipped, 3 = 2 with the provenance of imports, 4 = 3 with the watch status, 5 = 4 with the export's own names and the ids at other services).",
        discussion: batchHelp + "\n\nExit codes: 0 done (dropped fields are reported as warnings on stderr), 1 invalid input (some inputs failed), 2 unreadable input or usage error.")

    /// The JSON format versions `--to` takes.
    enum Version: Int, ExpressibleByArgument, CaseIterable {
        case v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5
        var format: FormatDescriptor { FormatDescriptor.mediawatchJSON(version: rawValue)! }
    }

    @Option(help: "Target format version.")
    var to: Version

    @OptionGroup var out: OutputOptions

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var batch: BatchOptions

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        try CLIExit.run {
            if batch.isBatch {
                let job = ConvertJob(format: to.format, readOptions: inputOptions.readOptions(), writeOptions: out.writeOptions)
                return try runBatch("migrate", paths: batch.inputs, batch: batch, output: out.output,
                                    fileExtension: { job.fileExtension(for: $0.path) }, work: { try job.run($0.path, to: $1) })
            }
            let input = batch.inputs[0]
            try prepareOutput(input: input, output: out.output)
            let loaded = try loadValid(input, inputOptions.readOptions(), reporting)
            let from = loaded.result.formatVersion ?? 1
            let done = try LibraryWriter.write(loaded, as: to.format, to: out.url, options: out.writeOptions)
            reporting.report(done.diagnostics, path: out.output)
            StandardError.write("migrated \(input): v\(from) → v\(to.rawValue)" + (done.steps.isEmpty ? " (no steps needed)" : " via \(done.steps.joined(separator: ", "))"))
        }
    }
}
