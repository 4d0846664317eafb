import Foundation
import MWFoundation

/// A specific published version of a work (docs/SPEC.md "Books: edition").
public struct Edition: Equatable, Hashable, Sendable {
    public var id: String
    /// The work this edition belongs to.
    public var workId: String
    /// Primary ISBN (the app's backward-compatible single value), as written.
    public var isbn: String?
    /// Every ISBN (ISBN-10, ISBN-13…), as written.
    public var isbns: [String]
    public var publisher: String?
    /// Free-form, as the source gave it ("2004", "2004-09-30").
    public var publicationDate: String?
    public var pageCount: Int?
    /// Declared beside the optional above, whose spare bytes it takes.
    public var format: EditionFormat
    public var coverImageURL: String?
    public var dateCreated: Date
    public var lastModified: Date
    /// The attributes trackers' exports seldom fill, out of line (``Seldom``).
    private var seldom = Seldom<Rare>()

    struct Rare: SeldomValues {
        var editionTitle: String?
        var contributors: [Contributor] = []
        var openLibraryEditionID: String?
        var isbndbID: String?
        var googleBooksVolumeID: String?
        var amazonASINs: [String] = []
        var googleBooksVolumeIDs: [String] = []
        var librarythingIDs: [String] = []
        var lastISBNDBSync: Date?
        var isbndbQuality = 0
    }

    public var editionTitle: String? { get { seldom[\.editionTitle] } set { seldom[\.editionTitle] = newValue } }
    /// People who made this edition but did not write the work — translators, narrators,
    /// illustrators, editors (StoryGraph `Contributors`), in the source's order (bookstrack-v2
    /// and above). The work's writers are its authors (``Work/authorIds``).
    public var contributors: [Contributor] { get { seldom[\.contributors] } set { seldom[\.contributors] = newValue } }
    public var openLibraryEditionID: String? { get { seldom[\.openLibraryEditionID] } set { seldom[\.openLibraryEditionID] = newValue } }
    public var isbndbID: String? { get { seldom[\.isbndbID] } set { seldom[\.isbndbID] = newValue } }
    public var googleBooksVolumeID: String? { get { seldom[\.googleBooksVolumeID] } set { seldom[\.googleBooksVolumeID] = newValue } }
    public var amazonASINs: [String] { get { seldom[\.amazonASINs] } set { seldom[\.amazonASINs] = newValue } }
    public var googleBooksVolumeIDs: [String] { get { seldom[\.googleBooksVolumeIDs] } set { seldom[\.googleBooksVolumeIDs] = newValue } }
    public var librarythingIDs: [String] { get { seldom[\.librarythingIDs] } set { seldom[\.librarythingIDs] = newValue } }
    public var lastISBNDBSync: Date? { get { seldom[\.lastISBNDBSync] } set { seldom[\.lastISBNDBSync] = newValue } }
    public var isbndbQuality: Int { get { seldom[\.isbndbQuality] } set { seldom[\.isbndbQuality] = newValue } }

    public init(id: String, workId: String, isbn: String? = nil, isbns: [String] = [], publisher: String? = nil,
                publicationDate: String? = nil, pageCount: Int? = nil, format: EditionFormat = .paperback,
                coverImageURL: String? = nil, editionTitle: String? = nil, openLibraryEditionID: String? = nil,
                isbndbID: String? = nil, googleBooksVolumeID: String? = nil, amazonASINs: [String] = [],
                googleBooksVolumeIDs: [String] = [], librarythingIDs: [String] = [],
                dateCreated: Date, lastModified: Date, lastISBNDBSync: Date? = nil, isbndbQuality: Int = 0) {
        self.id = id
        self.workId = workId
        self.isbn = isbn
        self.isbns = isbns
        self.publisher = publisher
        self.publicationDate = publicationDate
        self.pageCount = pageCount
        self.format = format
        self.coverImageURL = coverImageURL
        self.dateCreated = dateCreated
        self.lastModified = lastModified
        // One box at most, made once.
        seldom.update {
            $0 = Rare(editionTitle: editionTitle, openLibraryEditionID: openLibraryEditionID, isbndbID: isbndbID,
                      googleBooksVolumeID: googleBooksVolumeID, amazonASINs: amazonASINs,
                      googleBooksVolumeIDs: googleBooksVolumeIDs, librarythingIDs: librarythingIDs,
                      lastISBNDBSync: lastISBNDBSync, isbndbQuality: isbndbQuality)
        }
    }
}

/// Someone credited on an edition other than as its author, with their roles as the source
/// names them (`Translator`, `Narrator`, `Illustrator`, `Editor`…); no role when the source
/// gives none.
public struct Contributor: Equatable, Hashable, Sendable {
    public var name: String
    public var roles: [String]

    public init(name: String, roles: [String] = []) {
        self.name = name
        self.roles = roles
    }
}

extension Contributor {
    /// Adds `new`'s contributors to `list`: a name already there gains the roles it lacks, a
    /// new name is appended. True when `list` changed.
    @discardableResult
    public static func union(_ list: inout [Contributor], _ new: [Contributor]) -> Bool {
        var changed = false
        for c in new {
            if let k = list.firstIndex(where: { $0.name == c.name }) {
                changed = list[k].roles.appendUnique(c.roles) || changed
            } else {
                list.append(c)
                changed = true
            }
        }
        return changed
    }
}
