import Foundation
import MWCore
import MWFoundation

/// A built-in book tracker's one declaration: its name (the registry name, and the
/// ``BookSource`` its rows carry), the name people write, and its registry format's summary,
/// older names, writer and holdings (as ``FormatDescriptor/bookService(_:summary:aliases:write:)``
/// takes them).
struct BookServiceInfo: Sendable {
    let name: BookSource
    let displayName: String
    let summary: String
    var aliases: [String] = []
    var write: (@Sendable (BookLibrary, FormatOutput) throws -> [Diagnostic])? = nil
    let holds: FormatHolds
}

extension BookTrackerReader {
    /// A tracker with one header generation names its layout after itself.
    static func layout(_ table: CSVTable) -> String { service.name.rawValue }
}

extension FormatDescriptor {
    /// The registry format of the book tracker `Reader` declares (``BookTrackerReader/service``).
    static func bookService<Reader: BookTrackerReader>(_ reader: Reader.Type) -> FormatDescriptor {
        let s = Reader.service
        return bookService(BookTracker<Reader>(), summary: s.summary, aliases: s.aliases, write: s.write).holding(s.holds)
    }
}
