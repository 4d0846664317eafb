import Foundation

/// The service a book export comes from, detected from the file's header.
/// The book tracker a row comes from: the registry name of its format (`goodreads`). A string,
/// not a closed list, so a new tracker is a new reader file and a registry line.
public struct BookSource: RawRepresentable, Sendable, Codable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public static let goodreads: BookSource = "goodreads"
    public static let storygraph: BookSource = "storygraph"
    public static let librarything: BookSource = "librarything"

    /// Rows are ordered by source first: the first trackers in their historical order (which
    /// keeps libraries byte for byte what they were), any other after them by name.
    static let rank: [BookSource: Int] = [.goodreads: 0, .storygraph: 1, .librarything: 2]

    public static func < (a: BookSource, b: BookSource) -> Bool {
        let ra = rank[a] ?? Int.max, rb = rank[b] ?? Int.max
        return ra != rb ? ra < rb : a.rawValue < b.rawValue
    }
}

/// One row of a book export, read into neutral values: what the identity and merge steps
/// need, and every user value the BooksTrack model can hold. Readers fill it; nothing here
/// is matched yet.
public struct BookRow: Sendable, Hashable {
    public var source: BookSource
    /// The file's name as given (diagnostics, review file).
    public var file: String
    /// 1-based line the row starts on, and its 1-based data row.
    public var line: Int
    public var row: Int

    public var title: String
    /// Display names ("First Last"), the primary author first.
    public var authors: [String]
    /// ISBNs as found, normalised (``ISBN/normalize(_:)``), duplicates removed, order kept.
    public var isbns: [String] = [] { didSet { isbnKeys = ISBN.matchKeys(isbns) } }
    /// Amazon ASINs (a StoryGraph `ISBN/UID` that is not an ISBN).
    public var asins: [String] = []
    /// Goodreads book ids (work level in the BooksTrack model).
    public var goodreadsIDs: [String] = []
    /// LibraryThing work ids.
    public var librarythingWorkIDs: [String] = []
    /// LibraryThing book ids (the user's copy: edition level).
    public var librarythingBookIDs: [String] = []
    /// Open Library's work id (`OL…W`, ``Work/openLibraryWorkID``) and edition id (`OL…M`,
    /// ``Edition/openLibraryEditionID``).
    public var openLibraryWorkID: String?
    public var openLibraryEditionID: String?
    /// A row that names its book by id alone (Open Library's notes file has no title): it adds
    /// its values to the work of this import with that id, and never makes a work of its own.
    public var attaches = false

    /// Sets ``openLibraryWorkID`` or ``openLibraryEditionID`` from an Open Library key by its
    /// kind (`OL45804W` a work, `OL7353617M` an edition; a `/works/…` or `/books/…` path
    /// is read the same way); false when `key` is neither.
    public mutating func setOpenLibraryKey(_ key: String) -> Bool {
        let id = key.split(separator: "/").last.map(String.init) ?? key
        guard id.hasPrefix("OL"), id.count > 3, id.dropFirst(2).dropLast().allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        switch id.last {
        case "W": openLibraryWorkID = id
        case "M": openLibraryEditionID = id
        default: return false
        }
        return true
    }

    public var publisher: String?
    public var pageCount: Int?
    public var format: EditionFormat?
    /// The year the edition was published, as written.
    public var publicationDate: String?
    public var originalPublicationYear: Int?
    public var language: String?
    public var subjects: [String] = []

    /// Readers fall back to `read` or `toRead` for a custom shelf ``ReadingStatus/from(_:)`` does not know.
    public var status: ReadingStatus
    public var tags: [String] = []
    /// Whole stars 1–5.
    public var rating: Int?
    /// Granular 0–5 (StoryGraph halves and quarters, LibraryThing halves).
    public var personalRating: Double?
    /// The review or public notes.
    public var notes: String?
    /// Private notes (``LibraryEntry/privateNotes``): never joined into ``notes``.
    public var privateNotes: String?
    public var reviewHasSpoilers = false
    /// ``LibraryEntry/readCount``, ``LibraryEntry/ownedCopies``, ``LibraryEntry/earlierReads``.
    public var readCount: Int?
    public var ownedCopies: Int?
    public var earlierReads: [ReadingSession] = []
    /// People credited on the edition other than its authors (``Edition/contributors``).
    public var contributors: [Contributor] = []
    public var dateAdded: Date?
    public var dateStarted: Date?
    public var dateCompleted: Date?

    public init(source: BookSource, file: String, line: Int, row: Int, title: String, authors: [String], status: ReadingStatus) {
        self.source = source
        self.file = file
        self.line = line
        self.row = row
        self.title = title
        self.authors = authors
        self.status = status
    }

    /// The row's place among the import's rows (files in the order given, rows in file order):
    /// the library's entries follow it, so a writer keeps the source's order. Not part of what
    /// the row stands for (``BookIdentity/fingerprint(_:)`` leaves it out).
    public var sourceIndex = 0

    /// `file:line`, for summaries.
    public var position: String { "\(file):\(line)" }

    /// ISBN match keys (ISBN-13 where valid), in order, without duplicates; kept with
    /// ``isbns`` (identity asks for them several times a row).
    private(set) var isbnKeys: [String] = []

    /// The latest date the user did something with the book.
    var activity: Date? { [dateCompleted, dateStarted, dateAdded].compactMap { $0 }.max() }
}
