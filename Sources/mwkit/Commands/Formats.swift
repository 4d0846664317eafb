import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit formats`: the conversion matrix — every format and service the registry knows, its
/// family, whether mwkit reads and writes it, and which kinds of data it holds.
struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every format and service: family, read / write, and the kinds of data each holds.",
        discussion: """
        A conversion keeps what both formats hold (a rating on another scale converted); what the target \
        cannot hold is reported with a count (field-dropped, write-* warnings), never dropped in silence. \
        docs/FORMATS.md is `mwkit formats --format markdown`.

        The text table fits the terminal: as wide as $COLUMNS, else the terminal's width; a wider table is \
        wrapped into blocks of columns, each starting with the format's name (not on a terminal and no \
        $COLUMNS: one table). --format json gives the whole matrix to scripts: every format with every \
        column, a kind of data not held as null or false.
        """)

    enum Style: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Option(help: "Output style: text, json or markdown.")
    var format: Style = .text

    func run() throws {
        let registry = FormatRegistry.standard
        switch format {
        case .text: print(registry.matrixText(width: Self.terminalWidth()), terminator: "")
        case .markdown: print(registry.matrixMarkdown, terminator: "")
        case .json:
            // Every column in every row: a kind of data not held is null (scales, precisions) or
            // false, never a missing key.
            struct Holds: Encodable {
                var holds: FormatHolds
                enum Key: String, CodingKey { case ratings, dates, rewatches, episodes, lists, tags, reviews, privateNotes, status }
                func encode(to encoder: Encoder) throws {
                    var c = encoder.container(keyedBy: Key.self)
                    try c.encode(holds.ratings, forKey: .ratings)
                    try c.encode(holds.dates, forKey: .dates)
                    try c.encode(holds.rewatches, forKey: .rewatches)
                    try c.encode(holds.episodes, forKey: .episodes)
                    try c.encode(holds.lists, forKey: .lists)
                    try c.encode(holds.tags, forKey: .tags)
                    try c.encode(holds.reviews, forKey: .reviews)
                    try c.encode(holds.privateNotes, forKey: .privateNotes)
                    try c.encode(holds.status, forKey: .status)
                }
            }
            struct Row: Encodable {
                var name: String, aliases: [String], family: String, summary: String, read: Bool, write: Bool, service: Bool
                var holds: Holds
            }
            let rows = registry.formats.map {
                Row(name: $0.name.rawValue, aliases: $0.aliases, family: $0.family.rawValue, summary: $0.summary,
                    read: $0.isReadable, write: $0.isWritable, service: $0.isService, holds: Holds(holds: $0.holds))
            }
            let e = JSONEncoder()
            e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try e.encode(rows), as: UTF8.self))
        }
    }

    /// The width the text table must fit, as `ls` finds it: $COLUMNS when set to a number, else
    /// the terminal's width when standard output is one; nil (no limit) otherwise.
    static func terminalWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let c = environment["COLUMNS"].flatMap(Int.init), c > 0 { return c }
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
