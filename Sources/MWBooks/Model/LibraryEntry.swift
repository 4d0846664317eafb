import Foundation

/// The user's own data about a work (seeds/001 §4 UserLibraryEntry). One entry per work;
/// a wishlist entry has no edition, an owned one has.
public struct LibraryEntry: Equatable, Hashable, Sendable {
    public var id: String
    public var workId: String
    /// `nil` for a wishlist entry.
    public var editionId: String?
    public var dateAdded: Date
    public var readingStatus: ReadingStatus
    public var currentPage: Int
    /// 0.0–1.0.
    public var readingProgress: Double
    /// Stars, 1–5.
    public var rating: Int?
    /// Granular rating, 0.0–5.0 (halves and quarter stars from StoryGraph).
    public var personalRating: Double?
    /// At most 2,000 characters.
    public var notes: String?
    public var tags: [String]
    public var dateStarted: Date?
    public var dateCompleted: Date?
    public var estimatedFinishDate: Date?
    public var lastModified: Date

    public init(id: String, workId: String, editionId: String? = nil, dateAdded: Date,
                readingStatus: ReadingStatus, currentPage: Int = 0, readingProgress: Double = 0,
                rating: Int? = nil, personalRating: Double? = nil, notes: String? = nil, tags: [String] = [],
                dateStarted: Date? = nil, dateCompleted: Date? = nil, estimatedFinishDate: Date? = nil,
                lastModified: Date) {
        self.id = id
        self.workId = workId
        self.editionId = editionId
        self.dateAdded = dateAdded
        self.readingStatus = readingStatus
        self.currentPage = currentPage
        self.readingProgress = readingProgress
        self.rating = rating
        self.personalRating = personalRating
        self.notes = notes
        self.tags = tags
        self.dateStarted = dateStarted
        self.dateCompleted = dateCompleted
        self.estimatedFinishDate = estimatedFinishDate
        self.lastModified = lastModified
    }

    /// seeds/001: wishlist ⇔ no edition.
    public var isWishlist: Bool { readingStatus == .wishlist && editionId == nil }
}
