import ArgumentParser
import Foundation
import MWCore

/// `mwkit strip IN -o OUT`: removes every TMDb-derivable field, keeping ids and all user data.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove TMDb-derived metadata from a backup (re-add it with `hydrate`).",
        discussion: """
        Keeps ids, tmdbId, mediaType, season/episode numbers, episode TMDb ids and all user data \
        (watched state, dates, likes, lists, notes, preferences); marks records "stripped": true. \
        The output is v2 (or ZIP); v1 cannot mark stripped records, so --to mediawatch-v1 is refused.
        Exit codes: 0 done, 1 invalid input, 2 unreadable input or usage error.
        """)

    @Argument(help: "The backup to strip (v1, v2 or ZIP; '-' for stdin).")
    var input: String

    @Option(name: .shortAndLong, help: "Output file ('-' for stdout).")
    var output: String

    @Option(help: "Output format: mediawatch-v2 or mediawatch-zip (default: ZIP for a ZIP input, else v2).")
    var to: BackupFormat?

    @OptionGroup var inputOptions: InputOptions

    func run() throws {
        try refuseOverwritingInput(input, output)
        if to == .some(.mediawatchV1) {
            throw CLIExit.failure("cannot strip to mediawatch-v1: v1 has no way to mark a record as stripped; use --to mediawatch-v2 or mediawatch-zip", code: 2)
        }
        do {
            let loaded = try BackupLoader.loadValid(input, options: inputOptions.readOptions())
            let stripped = try loaded.library(migratedTo: 2).library.stripped()
            var diags: [Diagnostic] = []
            switch to ?? (loaded.zip != nil ? .mediawatchZip : .mediawatchV2) {
            case .mediawatchV2:
                diags = try BackupIO.write(stripped, as: .mediawatchV2, to: outputURL(output))
            case .mediawatchZip:
                diags = try ConvertSupport.writeZip(stripped, loaded: loaded, output: output)
            case .mediawatchV1:
                throw MWError.usage("cannot strip to mediawatch-v1")
            }
            for d in diags { printErr("\(d.severity.rawValue): [\(d.code)] \(d.message)") }
            printErr("stripped \(stripped.titles.count) title(s) and \(stripped.episodes.count) episode(s): \(input) → \(output)")
        } catch { throw CLIExit.from(error) }
    }
}
