import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit convert IN -o OUT --to FORMAT`: the general converter. The input format is
/// detected from the content, never the extension.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a backup to another format.",
        discussion: formatsHelp + "\n\nExit codes: 0 done, 1 invalid input or conversion impossible, 2 unreadable input or usage error.")

    @Argument(help: "The backup to convert ('-' for stdin).")
    var input: String

    @Option(help: "Output format.")
    var to: WritableFormat

    @OptionGroup var out: OutputOptions

    @OptionGroup var inputOptions: InputOptions

    func run() throws {
        try refuseOverwritingInput(input, out.output)
        try CLIExit.run {
            let loaded = try loadValid(input, inputOptions.readOptions())
            let done = try LibraryWriter.write(loaded, as: to.descriptor, to: out.url, options: out.writeOptions)
            StandardError.report(done.diagnostics, path: out.output)
            if done.imagesLeftBehind > 0 {
                StandardError.write("note: \(done.imagesLeftBehind) image(s) in the ZIP were left behind (\(to.descriptor.name) holds no images; convert --to mediawatch-zip keeps them)")
            }
            StandardError.write("converted \(input) (\(loaded.result.format?.rawValue ?? "?")) → \(out.output) (\(to.descriptor.name))")
        }
    }
}
