import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit strip IN -o OUT`: removes every TMDb-derivable field, keeping ids and all user data.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove TMDb-derived metadata from a backup (re-add it with `hydrate`).",
        discussion: """
        Keeps ids, tmdbId, mediaType, season/episode numbers, episode TMDb ids and all user data \
        (watched state, dates, likes, lists, notes, preferences); marks records "stripped": true. \
        The output format must be able to mark stripped records (mediawatch-v2 or mediawatch-zip; not mediawatch-v1).
        Exit codes: 0 done, 1 invalid input, 2 unreadable input or usage error.
        """)

    @Argument(help: "The backup to strip (v1, v2 or ZIP; '-' for stdin).")
    var input: String

    @OptionGroup var out: OutputOptions

    @Option(help: "Output format (default: the input's format when it can mark stripped records, else mediawatch-v2).")
    var to: WritableFormat?

    @OptionGroup var inputOptions: InputOptions

    func validate() throws {
        if let to, !to.descriptor.capabilities.contains(.strippedRecords) {
            throw ValidationError("cannot strip to \(to.descriptor.name): it has no way to mark a record as stripped; use --to mediawatch-v2 or mediawatch-zip")
        }
    }

    func run() throws {
        try refuseOverwritingInput(input, out.output)
        try CLIExit.run {
            let loaded = try loadValid(input, inputOptions.readOptions())
            let format = to?.descriptor ?? loaded.sameFormat(if: .strippedRecords) ?? .mediawatchV2
            var counts = (titles: 0, episodes: 0)
            let done = try LibraryWriter.write(loaded, as: format, to: out.url, options: out.writeOptions) { lib in
                let stripped = lib.stripped()
                counts = (stripped.titles.count, stripped.episodes.count)
                return stripped
            }
            StandardError.report(done.diagnostics, path: out.output)
            StandardError.write("stripped \(counts.titles) title(s) and \(counts.episodes) episode(s): \(input) → \(out.output)")
        }
    }
}
