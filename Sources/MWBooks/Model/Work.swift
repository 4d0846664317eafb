import Foundation

/// The abstract book — "The Great Gatsby" as an idea (docs/SPEC.md "Books: work").
public struct Work: Equatable, Hashable, Sendable {
    /// Stable identifier (UUID string, kept verbatim).
    public var id: String
    public var title: String
    public var firstPublicationYear: Int?
    // Review queue (bookshelf scans and uncertain import merges). Declared beside the
    // optional above, whose spare bytes it takes.
    public var reviewStatus: ReviewStatus
    public var subjectTags: [String]
    /// Author ids in order; the first is the primary author.
    public var authorIds: [String]
    // External identifiers (docs/SPEC.md "Books: external IDs"): single legacy ids and arrays.
    public var goodreadsWorkIDs: [String]
    public var dateCreated: Date
    public var lastModified: Date
    /// The attributes trackers' exports seldom fill, out of line (``Seldom``).
    private var seldom = Seldom<Rare>()

    struct Rare: SeldomValues {
        var originalLanguage: String?
        var openLibraryWorkID: String?
        var isbndbID: String?
        var googleBooksVolumeID: String?
        var amazonASINs: [String] = []
        var librarythingIDs: [String] = []
        var googleBooksVolumeIDs: [String] = []
        var originalImagePath: String?
        var boundingBoxX: Double?
        var boundingBoxY: Double?
        var boundingBoxWidth: Double?
        var boundingBoxHeight: Double?
        var lastISBNDBSync: Date?
        var isbndbQuality = 0
    }

    public var originalLanguage: String? { get { seldom[\.originalLanguage] } set { seldom[\.originalLanguage] = newValue } }
    public var openLibraryWorkID: String? { get { seldom[\.openLibraryWorkID] } set { seldom[\.openLibraryWorkID] = newValue } }
    public var isbndbID: String? { get { seldom[\.isbndbID] } set { seldom[\.isbndbID] = newValue } }
    public var googleBooksVolumeID: String? { get { seldom[\.googleBooksVolumeID] } set { seldom[\.googleBooksVolumeID] = newValue } }
    public var amazonASINs: [String] { get { seldom[\.amazonASINs] } set { seldom[\.amazonASINs] = newValue } }
    public var librarythingIDs: [String] { get { seldom[\.librarythingIDs] } set { seldom[\.librarythingIDs] = newValue } }
    public var googleBooksVolumeIDs: [String] { get { seldom[\.googleBooksVolumeIDs] } set { seldom[\.googleBooksVolumeIDs] = newValue } }
    public var originalImagePath: String? { get { seldom[\.originalImagePath] } set { seldom[\.originalImagePath] = newValue } }
    public var boundingBoxX: Double? { get { seldom[\.boundingBoxX] } set { seldom[\.boundingBoxX] = newValue } }
    public var boundingBoxY: Double? { get { seldom[\.boundingBoxY] } set { seldom[\.boundingBoxY] = newValue } }
    public var boundingBoxWidth: Double? { get { seldom[\.boundingBoxWidth] } set { seldom[\.boundingBoxWidth] = newValue } }
    public var boundingBoxHeight: Double? { get { seldom[\.boundingBoxHeight] } set { seldom[\.boundingBoxHeight] = newValue } }
    public var lastISBNDBSync: Date? { get { seldom[\.lastISBNDBSync] } set { seldom[\.lastISBNDBSync] = newValue } }
    /// ISBNDB data quality, 0–100.
    public var isbndbQuality: Int { get { seldom[\.isbndbQuality] } set { seldom[\.isbndbQuality] = newValue } }

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
        self.firstPublicationYear = firstPublicationYear
        self.reviewStatus = reviewStatus
        self.subjectTags = subjectTags
        self.authorIds = authorIds
        self.goodreadsWorkIDs = goodreadsWorkIDs
        self.dateCreated = dateCreated
        self.lastModified = lastModified
        // One box at most, made once.
        seldom.update {
            $0 = Rare(originalLanguage: originalLanguage, openLibraryWorkID: openLibraryWorkID, isbndbID: isbndbID,
                      googleBooksVolumeID: googleBooksVolumeID, amazonASINs: amazonASINs, librarythingIDs: librarythingIDs,
                      googleBooksVolumeIDs: googleBooksVolumeIDs, originalImagePath: originalImagePath,
                      boundingBoxX: boundingBoxX, boundingBoxY: boundingBoxY, boundingBoxWidth: boundingBoxWidth,
                      boundingBoxHeight: boundingBoxHeight, lastISBNDBSync: lastISBNDBSync, isbndbQuality: isbndbQuality)
        }
    }

    /// The first author's id (docs/SPEC.md Part II `primaryAuthor`).
    public var primaryAuthorId: String? { authorIds.first }
}
