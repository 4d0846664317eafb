import Foundation
import MWFoundation

/// The keys of each record in `bookstrack-v1` and `-v2`, in the order the writer writes them
/// (docs/BOOKS.md). A key not listed is `schema-unknown-key`; one of the `v2` lists in a file
/// at formatVersion 1 too.
enum BookstrackKeys {
    static let top = ["format", "formatVersion", "exportDate", "works", "editions", "authors", "entries"]
    static let work = ["id", "title", "authorIds", "originalLanguage", "firstPublicationYear", "subjectTags",
                       "openLibraryWorkID", "isbndbID", "googleBooksVolumeID", "goodreadsWorkIDs", "amazonASINs",
                       "librarythingIDs", "googleBooksVolumeIDs", "reviewStatus", "originalImagePath",
                       "boundingBoxX", "boundingBoxY", "boundingBoxWidth", "boundingBoxHeight",
                       "dateCreated", "lastModified", "lastISBNDBSync", "isbndbQuality"]
    static let edition = ["id", "workId", "isbn", "isbns", "publisher", "publicationDate", "pageCount", "format",
                          "coverImageURL", "editionTitle", "openLibraryEditionID", "isbndbID", "googleBooksVolumeID",
                          "amazonASINs", "googleBooksVolumeIDs", "librarythingIDs", "contributors",
                          "dateCreated", "lastModified", "lastISBNDBSync", "isbndbQuality"]
    static let author = ["id", "name", "nationality", "gender", "culturalRegion", "birthYear", "deathYear",
                         "openLibraryID", "isbndbID", "googleBooksID", "goodreadsID", "dateCreated", "lastModified", "bookCount"]
    static let entry = ["id", "workId", "editionId", "dateAdded", "readingStatus", "currentPage", "readingProgress",
                        "rating", "personalRating", "notes", "tags", "dateStarted", "dateCompleted",
                        "estimatedFinishDate", "lastModified", "privateNotes", "reviewHasSpoilers", "readCount",
                        "ownedCopies", "earlierReads"]
    /// Keys formatVersion 2 added.
    static let editionV2: [StaticString] = ["contributors"]
    static let entryV2: [StaticString] = ["privateNotes", "reviewHasSpoilers", "readCount", "ownedCopies", "earlierReads"]
    /// The same as sets, built once (a record's unknown-key check looks every key up).
    static let workSet = Set(work), editionSet = Set(edition), authorSet = Set(author), entrySet = Set(entry)
    /// The same as tables a record's keys are matched to on their bytes.
    static let workKeys = KeyTable(work), editionKeys = KeyTable(edition), authorKeys = KeyTable(author), entryKeys = KeyTable(entry)
}

/// Records from their fields. A record without its id, its required references or dates is
/// left out of the library (the result is invalid anyway); a bad optional value reads as
/// absent, so the cross-record checks still see the record.
extension RecordFields {
    /// The 0–100 quality score and other counts that cannot be negative.
    private static let quality = 0...100
    private static let nonNegative = 0...Int.max

    mutating func work() -> Work? {
        let id = string("id", required: true).map(dates.intern), title = string("title", required: true)
        let created = date("dateCreated", required: true), modified = date("lastModified", required: true)
        var w = Work(id: id ?? "", title: title ?? "", dateCreated: created ?? .distantPast, lastModified: modified ?? .distantPast)
        w.authorIds = strings("authorIds").map(dates.intern)
        w.originalLanguage = string("originalLanguage")
        w.firstPublicationYear = int("firstPublicationYear")
        w.subjectTags = strings("subjectTags")
        w.openLibraryWorkID = string("openLibraryWorkID")
        w.isbndbID = string("isbndbID")
        w.googleBooksVolumeID = string("googleBooksVolumeID")
        w.goodreadsWorkIDs = strings("goodreadsWorkIDs")
        w.amazonASINs = strings("amazonASINs")
        w.librarythingIDs = strings("librarythingIDs")
        w.googleBooksVolumeIDs = strings("googleBooksVolumeIDs")
        w.reviewStatus = enumValue("reviewStatus", ReviewStatus.self) ?? .verified
        w.originalImagePath = string("originalImagePath")
        w.boundingBoxX = double("boundingBoxX")
        w.boundingBoxY = double("boundingBoxY")
        w.boundingBoxWidth = double("boundingBoxWidth")
        w.boundingBoxHeight = double("boundingBoxHeight")
        w.lastISBNDBSync = date("lastISBNDBSync")
        w.isbndbQuality = int("isbndbQuality", range: Self.quality) ?? 0
        guard id != nil, title != nil, created != nil, modified != nil else { return nil }
        return w
    }

    mutating func edition() -> Edition? {
        let id = string("id", required: true).map(dates.intern), workId = string("workId", required: true).map(dates.intern)
        let created = date("dateCreated", required: true), modified = date("lastModified", required: true)
        var e = Edition(id: id ?? "", workId: workId ?? "", dateCreated: created ?? .distantPast, lastModified: modified ?? .distantPast)
        e.isbn = string("isbn")
        e.isbns = strings("isbns")
        e.publisher = string("publisher")
        e.publicationDate = string("publicationDate")
        e.pageCount = int("pageCount", range: Self.nonNegative)
        e.format = enumValue("format", EditionFormat.self) ?? .paperback
        e.coverImageURL = string("coverImageURL")
        e.editionTitle = string("editionTitle")
        e.openLibraryEditionID = string("openLibraryEditionID")
        e.isbndbID = string("isbndbID")
        e.googleBooksVolumeID = string("googleBooksVolumeID")
        e.amazonASINs = strings("amazonASINs")
        e.googleBooksVolumeIDs = strings("googleBooksVolumeIDs")
        e.librarythingIDs = strings("librarythingIDs")
        e.contributors = contributors("contributors")
        e.lastISBNDBSync = date("lastISBNDBSync")
        e.isbndbQuality = int("isbndbQuality", range: Self.quality) ?? 0
        guard id != nil, workId != nil, created != nil, modified != nil else { return nil }
        return e
    }

    mutating func author() -> Author? {
        let id = string("id", required: true).map(dates.intern), name = string("name", required: true)
        let created = date("dateCreated", required: true), modified = date("lastModified", required: true)
        var a = Author(id: id ?? "", name: name ?? "", dateCreated: created ?? .distantPast, lastModified: modified ?? .distantPast)
        a.nationality = string("nationality")
        a.gender = enumValue("gender", AuthorGender.self) ?? .unknown
        a.culturalRegion = enumValue("culturalRegion", CulturalRegion.self)
        a.birthYear = int("birthYear")
        a.deathYear = int("deathYear")
        a.openLibraryID = string("openLibraryID")
        a.isbndbID = string("isbndbID")
        a.googleBooksID = string("googleBooksID")
        a.goodreadsID = string("goodreadsID")
        a.bookCount = int("bookCount", range: Self.nonNegative) ?? 0
        guard id != nil, name != nil, created != nil, modified != nil else { return nil }
        return a
    }

    mutating func entry() -> LibraryEntry? {
        let id = string("id", required: true), workId = string("workId", required: true).map(dates.intern)
        let added = userDate("dateAdded", required: true), modified = date("lastModified", required: true)
        let status = enumValue("readingStatus", ReadingStatus.self, required: true)
        var e = LibraryEntry(id: id ?? "", workId: workId ?? "", dateAdded: added ?? .distantPast,
                             readingStatus: status ?? .toRead, lastModified: modified ?? .distantPast)
        e.editionId = string("editionId").map(dates.intern)
        e.currentPage = int("currentPage") ?? 0
        e.readingProgress = double("readingProgress") ?? 0
        e.rating = int("rating")
        e.personalRating = double("personalRating")
        e.notes = string("notes")
        e.tags = strings("tags")
        e.dateStarted = userDate("dateStarted")
        e.dateCompleted = userDate("dateCompleted")
        e.estimatedFinishDate = date("estimatedFinishDate")
        e.privateNotes = string("privateNotes")
        e.reviewHasSpoilers = bool("reviewHasSpoilers") ?? false
        e.readCount = int("readCount", range: Self.nonNegative)
        e.ownedCopies = int("ownedCopies", range: Self.nonNegative)
        e.earlierReads = readingSessions("earlierReads")
        guard id != nil, workId != nil, added != nil, modified != nil, status != nil else { return nil }
        return e
    }
}
