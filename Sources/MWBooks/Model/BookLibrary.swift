import Foundation
import MWCore

/// The canonical in-memory model of one BooksTrack library (docs/SPEC.md Part II): the films' `Library`
/// counterpart. Relationships are ids; readers bring each books format into it, writers take it out.
public struct BookLibrary: Equatable, Sendable {
    /// When the backup was made.
    public var exportDate: Date?
    public var works: [Work]
    public var editions: [Edition]
    public var authors: [Author]
    public var entries: [LibraryEntry]

    public init(exportDate: Date? = nil, works: [Work] = [], editions: [Edition] = [], authors: [Author] = [],
                entries: [LibraryEntry] = []) {
        self.exportDate = exportDate
        self.works = works
        self.editions = editions
        self.authors = authors
        self.entries = entries
    }
}

extension BookLibrary: LibraryModel {
    public static var family: ModelFamily { .books }
}
