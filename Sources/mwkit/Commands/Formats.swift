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
        """)

    enum Style: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Option(help: "Output style: text, json or markdown.")
    var format: Style = .text

    func run() throws {
        let registry = FormatRegistry.standard
        switch format {
        case .text: print(registry.matrixText, terminator: "")
        case .markdown: print(registry.matrixMarkdown, terminator: "")
        case .json:
            struct Row: Encodable {
                var name: String, aliases: [String], family: String, summary: String, read: Bool, write: Bool, service: Bool
                var holds: FormatHolds
            }
            let rows = registry.formats.map {
                Row(name: $0.name.rawValue, aliases: $0.aliases, family: $0.family.rawValue, summary: $0.summary,
                    read: $0.isReadable, write: $0.isWritable, service: $0.isService, holds: $0.holds)
            }
            let e = JSONEncoder()
            e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try e.encode(rows), as: UTF8.self))
        }
    }
}
