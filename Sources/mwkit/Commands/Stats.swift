import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit stats FILE`: counts, list and show progress, liked distribution.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show counts, per-list and per-show watch progress, and the liked distribution of a backup.",
        discussion: "Exit codes: 0 done, 1 invalid input, 2 unreadable input or usage error.")

    enum Style: String, ExpressibleByArgument { case text, json }

    @Argument(help: "The backup ('-' for stdin).")
    var input: String

    @Option(help: "Output style: text or json.")
    var format: Style = .text

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        do {
            let loaded = try loadValid(input, inputOptions.readOptions(), reporting)
            let stats = LibraryStats(loaded.result.library!)
            switch format {
            case .text: print(stats.text, terminator: "")
            case .json:
                let enc = JSONEncoder()
                enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try enc.encode(stats), as: UTF8.self))
            }
        } catch { throw CLIExit.from(error) }
    }
}
