import Foundation
import MWBooks
import MWCore

/// `mwkit stats` for a library of any family: the family's statistics, as text and as the value
/// `--format json` encodes. The one place that knows which statistics each family has.
public enum StatsJob {
    /// Statistics of `model`, rendered.
    public struct Rendered {
        /// The text report.
        public var text: String
        /// The JSON report (sorted keys, pretty), ending with a newline.
        public var json: String
    }

    /// The statistics of `model`; a family without statistics is a usage error.
    public static func run(_ model: any LibraryModel) throws -> Rendered {
        if let lib = model as? Library { let s = LibraryStats(lib); return try render(s, text: s.text) }
        if let books = model as? BookLibrary { let s = BookStats(books); return try render(s, text: s.text) }
        throw MWError.usage("no statistics for \(type(of: model).family) libraries")
    }

    private static func render<S: Encodable>(_ stats: S, text: String) throws -> Rendered {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Rendered(text: text, json: String(decoding: try enc.encode(stats), as: UTF8.self) + "\n")
    }
}
