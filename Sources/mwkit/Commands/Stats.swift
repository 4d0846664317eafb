import ArgumentParser
import Foundation
import MWBooks
import MWCore
import MWJobs

/// `mwkit stats FILE`: counts, list and show progress, liked distribution.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show counts, per-list and per-show watch progress, and the liked distribution of a backup; for a books backup, counts per reading status, books and pages read per year, average rating and authors by gender and region.",
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
            let loaded = try loadValid(input, inputOptions.readOptions(), reporting, families: [.films, .books], writes: false)
            guard let model = loaded.result.anyModel else { throw MWError.invalid(loaded.result.diagnostics) }
            let stats = try StatsJob.run(model)
            print(format == .text ? stats.text : stats.json, terminator: "")
        } catch { throw CLIExit.from(error) }
    }
}
