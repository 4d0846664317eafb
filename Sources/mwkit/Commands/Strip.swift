import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit strip IN… -o OUT`: removes every TMDb-derivable field, keeping ids and all user data.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove TMDb-derived metadata from backups (re-add it with `hydrate`).",
        discussion: """
        Keeps ids, tmdbId, mediaType, season/episode numbers, episode TMDb ids and all user data \
        (watched state, dates, likes, lists, notes, preferences); marks records "stripped": true. \
        The output format must be able to mark stripped records (mediawatch-v2 or mediawatch-zip; not mediawatch-v1).

        \(batchHelp)

        Exit codes: 0 done, 1 invalid input (some inputs failed), 2 unreadable input or usage error.
        """)

    @OptionGroup var out: OutputOptions

    @Option(help: "Output format (default: the input's format when it can mark stripped records, else mediawatch-v2).")
    var to: WritableFormat?

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var batch: BatchOptions

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if let to, !to.descriptor.capabilities.contains(.strippedRecords) {
            throw ValidationError("cannot strip to \(to.descriptor.name): it has no way to mark a record as stripped; use --to mediawatch-v2 or mediawatch-zip")
        }
    }

    /// The input's own format when it can mark stripped records (a ZIP stays a ZIP), else v2.
    var job: ConvertJob {
        ConvertJob(format: to?.descriptor, readOptions: inputOptions.readOptions(), writeOptions: out.writeOptions,
                   transform: { $0.stripped() },
                   formatFor: { read in
                       guard let read, read.isWritable, read.capabilities.contains(.strippedRecords) else { return .mediawatchV2 }
                       return read
                   })
    }

    func run() throws {
        try CLIExit.run {
            let job = self.job
            if batch.isBatch {
                return try runBatch("strip", paths: batch.inputs, batch: batch, output: out.output,
                                    fileExtension: { job.fileExtension(for: $0.path) }, work: { try job.run($0.path, to: $1) })
            }
            let input = batch.inputs[0]
            try prepareOutput(input: input, output: out.output)
            let loaded = try loadValid(input, inputOptions.readOptions(), reporting)
            let format = job.target(for: loaded)
            var counts = (titles: 0, episodes: 0)
            let done = try LibraryWriter.write(loaded, as: format, to: out.url, options: out.writeOptions) { lib in
                let stripped = lib.stripped()
                counts = (stripped.titles.count, stripped.episodes.count)
                return stripped
            }
            reporting.report(done.diagnostics, path: out.output)
            StandardError.write("stripped \(counted(counts.titles, "title")) and \(counted(counts.episodes, "episode")): \(input) → \(out.output)")
        }
    }
}
