import Foundation

/// The abstract book — "The Great Gatsby" as an idea (seeds/001 §1 Work).
public struct Work: Equatable, Hashable, Sendable {
    /// Stable identifier (UUID string, kept verbatim).
    public var id: String
    public var title: String
    public var originalLanguage: String?
    public var firstPublicationYear: Int?
    public var subjectTags: [String]
    /// Author ids in order; the first is the primary author.
    public var authorIds: [String]

    // External identifiers (seeds/001 "External ID Management"): single legacy ids and arrays.
    public var openLibraryWorkID: String?
    public var isbndbID: String?
    public var googleBooksVolumeID: String?
    public var goodreadsWorkIDs: [String]
    public var amazonASINs: [String]
    public var librarythingIDs: [String]
    public var googleBooksVolumeIDs: [String]

    // Review queue (bookshelf scans and uncertain import merges).
    public var reviewStatus: ReviewStatus
    public var originalImagePath: String?
    public var boundingBoxX: Double?
    public var boundingBoxY: Double?
    public var boundingBoxWidth: Double?
    public var boundingBoxHeight: Double?

    public var dateCreated: Date
    public var lastModified: Date
    public var lastISBNDBSync: Date?
    /// ISBNDB data quality, 0–100.
    public var isbndbQuality: Int

    public init(id: String, title: String, originalLanguage: String? = nil, firstPublicationYear: Int? = nil,
                subjectTags: [String] = [], authorIds: [String] = [],
                openLibraryWorkID: String? = nil, isbndbID: String? = nil, googleBooksVolumeID: String? = nil,
                goodreadsWorkIDs: [String] = [], amazonASINs: [String] = [], librarythingIDs: [String] = [],
                googleBooksVolumeIDs: [String] = [], reviewStatus: ReviewStatus = .verified,
                originalImagePath: String? = nil, boundingBoxX: Double? = nil, boundingBoxY: Double? = nil,
                boundingBoxWidth: Double? = nil, boundingBoxHeight: Double? = nil,
                dateCreated: Date, lastModified: Date, lastISBNDBSync: Date? = nil, isbndbQuality: Int = 0) {
        self.id = id
        self.title = title
        self.originalLanguage = originalLanguage
        self.firstPublicationYear = firstPublicationYear
        self.subjectTags = subjectTags
        self.authorIds = authorIds
        self.openLibraryWorkID = openLibraryWorkID
        self.isbndbID = isbndbID
        self.googleBooksVolumeID = googleBooksVolumeID
        self.goodreadsWorkIDs = goodreadsWorkIDs
        self.amazonASINs = amazonASINs
        self.librarythingIDs = librarythingIDs
        self.googleBooksVolumeIDs = googleBooksVolumeIDs
        self.reviewStatus = reviewStatus
        self.originalImagePath = originalImagePath
        self.boundingBoxX = boundingBoxX
        self.boundingBoxY = boundingBoxY
        self.boundingBoxWidth = boundingBoxWidth
        self.boundingBoxHeight = boundingBoxHeight
        self.dateCreated = dateCreated
        self.lastModified = lastModified
        self.lastISBNDBSync = lastISBNDBSync
        self.isbndbQuality = isbndbQuality
    }

    /// The first author's id (seeds/001 `primaryAuthor`).
    public var primaryAuthorId: String? { authorIds.first }
}
