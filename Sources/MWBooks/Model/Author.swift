import Foundation

/// A person who writes books (seeds/001 §3 Author).
public struct Author: Equatable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var nationality: String?
    public var gender: AuthorGender
    public var culturalRegion: CulturalRegion?
    public var birthYear: Int?
    public var deathYear: Int?

    public var openLibraryID: String?
    public var isbndbID: String?
    public var googleBooksID: String?
    public var goodreadsID: String?

    public var dateCreated: Date
    public var lastModified: Date
    /// Cached count of works (the app's `bookCount`), kept as stored.
    public var bookCount: Int

    public init(id: String, name: String, nationality: String? = nil, gender: AuthorGender = .unknown,
                culturalRegion: CulturalRegion? = nil, birthYear: Int? = nil, deathYear: Int? = nil,
                openLibraryID: String? = nil, isbndbID: String? = nil, googleBooksID: String? = nil,
                goodreadsID: String? = nil, dateCreated: Date, lastModified: Date, bookCount: Int = 0) {
        self.id = id
        self.name = name
        self.nationality = nationality
        self.gender = gender
        self.culturalRegion = culturalRegion
        self.birthYear = birthYear
        self.deathYear = deathYear
        self.openLibraryID = openLibraryID
        self.isbndbID = isbndbID
        self.googleBooksID = googleBooksID
        self.goodreadsID = goodreadsID
        self.dateCreated = dateCreated
        self.lastModified = lastModified
        self.bookCount = bookCount
    }
}
