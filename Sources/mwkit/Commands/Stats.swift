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
            let loaded = try loadValid(input, inputOptions.readOptions(), reporting, families: [.films, .books])
            if let books = loaded.result.model as? BookLibrary { return try show(BookStats(books), text: \.text) }
            try show(LibraryStats(loaded.result.library!), text: \.text)
        } catch { throw CLIExit.from(error) }
    }

    private func show<S: Encodable>(_ stats: S, text: KeyPath<S, String>) throws {
        switch format {
        case .text: print(stats[keyPath: text], terminator: "")
        case .json:
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try enc.encode(stats), as: UTF8.self))
        }
    }
}
