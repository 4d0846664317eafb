import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit convert IN… -o OUT --to FORMAT`: the general converter. The input format is
/// detected from the content, never the extension.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert backups to another format.",
        discussion: formatsHelp + "\n\n" + batchHelp + "\n\nExit codes: 0 done, 1 invalid input or conversion impossible (some inputs failed), 2 unreadable input or usage error.")

    @Option(help: "Output format.")
    var to: WritableFormat

    @OptionGroup var out: OutputOptions

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var batch: BatchOptions

    @OptionGroup var reporting: ReportingOptions

    var job: ConvertJob { ConvertJob(format: to.descriptor, readOptions: inputOptions.readOptions(), writeOptions: out.writeOptions) }

    func run() throws {
        try CLIExit.run {
            if batch.isBatch {
                let job = self.job
                return try runBatch("convert", paths: batch.inputs, batch: batch, output: out.output,
                                    fileExtension: { job.fileExtension(for: $0.path) }, work: { try job.run($0.path, to: $1) })
            }
            let input = batch.inputs[0]
            try prepareOutput(input: input, output: out.output)
            let loaded = try loadValid(input, inputOptions.readOptions(), reporting)
            let done = try LibraryWriter.write(loaded, as: to.descriptor, to: out.url, options: out.writeOptions)
            reporting.report(done.diagnostics, path: out.output)
            if done.imagesLeftBehind > 0 {
                StandardError.write("note: \(done.imagesLeftBehind) image(s) in the ZIP were left behind (\(to.descriptor.name) holds no images; convert --to mediawatch-zip keeps them)")
            }
            StandardError.write("converted \(input) (\(loaded.result.format?.rawValue ?? "?")) → \(out.output) (\(to.descriptor.name))")
        }
    }
}
