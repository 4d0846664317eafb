import ArgumentParser
import Foundation
import MWCore
import MWImport
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

    @Flag(help: "letterboxd-csv, imdb-csv: a title with no rating kept from another service gets one from its liked status (liked ★4 / 8 points, disliked ★2 / 4 points, neutral none).")
    var ratingFromLiked = false

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var batch: BatchOptions

    @OptionGroup var reporting: ReportingOptions

    var writeOptions: WriteOptions {
        var o = out.writeOptions
        if ratingFromLiked { o.switches.insert(.ratingFromLiked) }
        return o
    }

    var job: ConvertJob { ConvertJob(format: to.descriptor, readOptions: inputOptions.readOptions(), writeOptions: writeOptions) }

    func validate() throws {
        // A switch the chosen format does not read is a usage error before any input is read.
        let unknown = writeOptions.switches.subtracting(to.descriptor.writeSwitches)
        if !unknown.isEmpty {
            let takers = FormatRegistry.standard.formats.filter { !$0.writeSwitches.isDisjoint(with: unknown) }.map(\.name.rawValue)
            throw ValidationError("\(unknown.map { "--\($0)" }.sorted().joined(separator: ", ")) applies to \(takers.joined(separator: ", ")), not \(to.descriptor.name)")
        }
    }

    func run() throws {
        try CLIExit.run {
            if batch.isBatch {
                let job = self.job
                return try runBatch("convert", paths: batch.inputs, batch: batch, output: out.output,
                                    fileExtension: { job.fileExtension(for: $0.path) }, work: { try job.run($0.path, to: $1) })
            }
            let input = batch.inputs[0]
            try prepareOutput(input: input, output: out.output)
            let loaded = try loadValid(input, inputOptions.readOptions(), reporting, families: [to.descriptor.family])
            let done = try LibraryWriter.write(loaded, as: to.descriptor, to: out.url, options: writeOptions)
            reporting.report(done.diagnostics, path: out.output)
            if to.descriptor.capabilities.contains(.folderOutput), let url = out.url, AtomicDirectory.isDirectory(url) {
                let n = (try? FileManager.default.contentsOfDirectory(atPath: url.path).count) ?? 0
                // Some formats always make a folder (movary, trakt-json), others split one too large.
                StandardError.write("note: \(out.output) is a folder of \(n) files (what \(to.descriptor.name) writes for this library)")
            }
            if done.imagesLeftBehind > 0 {
                StandardError.write("note: \(counted(done.imagesLeftBehind, "image")) in the ZIP \(done.imagesLeftBehind == 1 ? "was" : "were") left behind (\(to.descriptor.name) holds no images; convert --to mediawatch-zip keeps them)")
            }
            StandardError.write("converted \(input) (\(loaded.result.format?.rawValue ?? "?")) → \(out.output) (\(to.descriptor.name))")
        }
    }
}
