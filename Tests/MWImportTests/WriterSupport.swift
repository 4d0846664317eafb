import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import Testing

/// Hand-built libraries for the writer tests.
enum Lib {
    static let added = Date(timeIntervalSince1970: 1_600_000_000)

    /// A day as the model stores a day-precision date: 12:00:00 UTC of that day.
    static func day(_ ymd: String) -> Date { DateCoding.parseISO(ymd + "T12:00:00Z")! }
    /// An instant.
    static func instant(_ iso: String) -> Date { DateCoding.parseISO(iso)! }

    static func movie(_ n: Int, _ title: String?, year: Int = 2000, imdb: String? = nil) -> Title {
        Title(id: "T\(n)", tmdbId: Int64(1000 + n), mediaType: .movie,
              metadata: title.map { TitleMetadata(title: $0, imdbId: imdb, year: year) }, dateAdded: added)
    }

    static func show(_ n: Int, _ title: String?, year: Int = 2000, imdb: String? = nil) -> Title {
        Title(id: "T\(n)", tmdbId: Int64(5000 + n), mediaType: .tv,
              metadata: title.map { TitleMetadata(title: $0, imdbId: imdb, year: year) }, dateAdded: added)
    }

    static func viewing(_ ymd: String, rewatch: Bool = false) -> Viewing {
        Viewing(date: day(ymd), precision: .day, rewatch: rewatch, source: "letterboxd")
    }

    static func rating(_ source: String, _ value: Double, of scale: Double, on ymd: String? = nil) -> OriginalRating {
        OriginalRating(source: source, value: value, scale: scale, date: ymd.map(day), datePrecision: ymd == nil ? nil : .day)
    }

    /// An owner-only review imported from Letterboxd's reviews.csv.
    static func review(_ id: String, on title: Title, _ text: String, written ymd: String) -> Note {
        var n = Note(id: id, parentId: title.id, parentType: .title, text: text, ownerOnly: true, dateCreated: day(ymd))
        n.sources = [RecordSource(service: "letterboxd", file: "reviews.csv", row: 2)]
        return n
    }
}

/// A written CSV read back with the project's reader: the header and the rows as dictionaries.
struct WrittenCSV {
    var header: [String]
    var rows: [[String: String]]

    init(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try CSVFile(bytes: bytes, name: "out.csv")
        let t = try #require(file.table, sourceLocation: sourceLocation)
        header = t.header.fields
        rows = t.rows.map { r in Dictionary(uniqueKeysWithValues: t.header.fields.enumerated().map { ($1, $0 < r.fields.count ? r.fields[$0] : "") }) }
    }

    /// The values of `column`, row by row.
    func column(_ name: String) -> [String] { rows.map { $0[name] ?? "" } }
}

extension Array where Element == Diagnostic {
    func with(_ code: DiagnosticCode) -> [Diagnostic] { filter { $0.code == code.rawValue } }
}

/// Writes `library` in `format` to `url` as `convert` does (through the format's descriptor).
@discardableResult
func write(_ library: Library, as format: FormatDescriptor, to url: URL?, switches: Set<WriteSwitch> = []) throws -> [Diagnostic] {
    try format.write!(library, FormatOutput(url: url, options: WriteOptions(switches: switches)))
}

func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

/// The message of the usage error `body` throws; nil when it throws nothing or another error.
func usageMessage(_ body: () throws -> Void) -> String? {
    do { try body() } catch MWError.usage(let m) { return m } catch { return nil }
    return nil
}
