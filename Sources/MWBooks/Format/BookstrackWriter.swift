import Foundation
import MWFoundation

/// Writes `bookstrack-v1` and `-v2` (docs/BOOKS.md): pretty JSON, keys in a fixed order, RFC 3339 dates
/// with exact fractions, arrays always written (empty ones as `[]`), absent optionals omitted
/// — so the same library always gives the same bytes and a written file reads back to an
/// equal library.
public enum BookstrackWriter {
    /// The document as bytes.
    public static func encode(_ lib: BookLibrary, version: Int = BookstrackFormat.version) -> [UInt8] {
        var out: [UInt8] = []
        write(lib, version: version) { out.append(contentsOf: $0) }
        return out
    }

    /// Writes `lib` to `url` atomically (standard output when nil).
    public static func write(_ lib: BookLibrary, to url: URL?, version: Int = BookstrackFormat.version) throws {
        // Streamed in 1 MiB chunks through a temporary file and a rename: a 50,000-book library
        // is ~77 MB of JSON, which built in memory first cost a third of an import's time.
        try AtomicFile.write(to: url) { sink in
            withoutActuallyEscaping({ (chunk: [UInt8]) in sink.write(chunk) }) { write(lib, version: version, emit: $0) }
        }
    }

    /// One `field-dropped` warning per formatVersion 2 attribute some record has, with how
    /// many records had it: what a formatVersion 1 file leaves out.
    public static func droppedByV1(_ lib: BookLibrary) -> [Diagnostic] {
        let entries: [(String, (LibraryEntry) -> Bool)] = [
            ("privateNotes", { $0.privateNotes != nil }), ("reviewHasSpoilers", { $0.reviewHasSpoilers }),
            ("readCount", { $0.readCount != nil }), ("ownedCopies", { $0.ownedCopies != nil }),
            ("earlierReads", { !$0.earlierReads.isEmpty }),
        ]
        var out: [Diagnostic] = []
        for (name, has) in entries {
            let n = lib.entries.reduce(0) { $0 + (has($1) ? 1 : 0) }
            if n > 0 { out.append(.warning(.fieldDropped, "bookstrack-v1 cannot hold entries[].\(name): dropped from \(n) record(s)", pointer: "/entries")) }
        }
        let n = lib.editions.reduce(0) { $0 + ($1.contributors.isEmpty ? 0 : 1) }
        if n > 0 { out.append(.warning(.fieldDropped, "bookstrack-v1 cannot hold editions[].contributors: dropped from \(n) record(s)", pointer: "/editions")) }
        return out
    }

    /// Streams the document to `emit` in chunks, at formatVersion `version` (1 leaves out
    /// what only 2 holds).
    public static func write(_ lib: BookLibrary, version: Int = BookstrackFormat.version, emit: @escaping ([UInt8]) -> Void) {
        var w = JSONWriter(pretty: true, escapeSlash: false, spaceBeforeColon: false, emit: emit)
        let v2 = version >= 2
        w.beginObject()
        w.field("format", BookstrackFormat.marker)
        w.field("formatVersion", version)
        if let d = lib.exportDate { date(&w, "exportDate", d) }
        w.key("works")
        w.beginArray()
        // Records are read in place (a buffer's element is borrowed): `for r in` copied each
        // one out, retaining and releasing every string of it.
        lib.works.withUnsafeBufferPointer { w.elements($0, work) }
        w.endArray()
        w.key("editions")
        w.beginArray()
        lib.editions.withUnsafeBufferPointer { w.elements($0) { edition(&$0, $1, v2: v2) } }
        w.endArray()
        w.key("authors")
        w.beginArray()
        lib.authors.withUnsafeBufferPointer { b in for i in b.indices { w.element(); author(&w, b[i]) } }
        w.endArray()
        w.key("entries")
        w.beginArray()
        lib.entries.withUnsafeBufferPointer { w.elements($0) { entry(&$0, $1, v2: v2) } }
        w.endArray()
        w.endObject()
        w.finish()
    }

    private static func date(_ w: inout JSONWriter, _ key: StaticString, _ d: Date?) {
        w.field(key, date: d)
    }

    private static func work(_ w: inout JSONWriter, _ r: Work) {
        w.beginObject()
        w.field("id", r.id)
        w.field("title", r.title)
        w.field("authorIds", r.authorIds)
        w.field("originalLanguage", r.originalLanguage)
        w.field("firstPublicationYear", r.firstPublicationYear)
        w.field("subjectTags", r.subjectTags)
        w.field("openLibraryWorkID", r.openLibraryWorkID)
        w.field("isbndbID", r.isbndbID)
        w.field("googleBooksVolumeID", r.googleBooksVolumeID)
        w.field("goodreadsWorkIDs", r.goodreadsWorkIDs)
        w.field("amazonASINs", r.amazonASINs)
        w.field("librarythingIDs", r.librarythingIDs)
        w.field("googleBooksVolumeIDs", r.googleBooksVolumeIDs)
        w.field("reviewStatus", r.reviewStatus.rawValue)
        w.field("originalImagePath", r.originalImagePath)
        w.field("boundingBoxX", r.boundingBoxX)
        w.field("boundingBoxY", r.boundingBoxY)
        w.field("boundingBoxWidth", r.boundingBoxWidth)
        w.field("boundingBoxHeight", r.boundingBoxHeight)
        date(&w, "dateCreated", r.dateCreated)
        date(&w, "lastModified", r.lastModified)
        date(&w, "lastISBNDBSync", r.lastISBNDBSync)
        w.field("isbndbQuality", r.isbndbQuality)
        w.endObject()
    }

    private static func edition(_ w: inout JSONWriter, _ r: Edition, v2: Bool) {
        w.beginObject()
        w.field("id", r.id)
        w.field("workId", r.workId)
        w.field("isbn", r.isbn)
        w.field("isbns", r.isbns)
        w.field("publisher", r.publisher)
        w.field("publicationDate", r.publicationDate)
        w.field("pageCount", r.pageCount)
        w.field("format", r.format.rawValue)
        w.field("coverImageURL", r.coverImageURL)
        w.field("editionTitle", r.editionTitle)
        w.field("openLibraryEditionID", r.openLibraryEditionID)
        w.field("isbndbID", r.isbndbID)
        w.field("googleBooksVolumeID", r.googleBooksVolumeID)
        w.field("amazonASINs", r.amazonASINs)
        w.field("googleBooksVolumeIDs", r.googleBooksVolumeIDs)
        w.field("librarythingIDs", r.librarythingIDs)
        if v2 {
            w.key("contributors")
            w.beginArray()
            for c in r.contributors {
                w.element()
                w.beginObject()
                w.field("name", c.name)
                w.field("roles", c.roles)
                w.endObject()
            }
            w.endArray()
        }
        date(&w, "dateCreated", r.dateCreated)
        date(&w, "lastModified", r.lastModified)
        date(&w, "lastISBNDBSync", r.lastISBNDBSync)
        w.field("isbndbQuality", r.isbndbQuality)
        w.endObject()
    }

    private static func author(_ w: inout JSONWriter, _ r: Author) {
        w.beginObject()
        w.field("id", r.id)
        w.field("name", r.name)
        w.field("nationality", r.nationality)
        w.field("gender", r.gender.rawValue)
        w.field("culturalRegion", r.culturalRegion?.rawValue)
        w.field("birthYear", r.birthYear)
        w.field("deathYear", r.deathYear)
        w.field("openLibraryID", r.openLibraryID)
        w.field("isbndbID", r.isbndbID)
        w.field("googleBooksID", r.googleBooksID)
        w.field("goodreadsID", r.goodreadsID)
        date(&w, "dateCreated", r.dateCreated)
        date(&w, "lastModified", r.lastModified)
        w.field("bookCount", r.bookCount)
        w.endObject()
    }

    /// A user's date in formatVersion 2: a day (held as its 11:00 UTC instant, docs/FORMAT.md#days)
    /// as `"YYYY-MM-DD"`, any other instant as RFC 3339. Read back, the day is that same instant,
    /// so nothing changes value; v1 (the app's format) has instants only.
    private static func userDate(_ w: inout JSONWriter, _ key: StaticString, _ d: Date?, v2: Bool) {
        if v2, let d, DayDate.isV1Instant(d) { w.field(key, DayDate.string(d)) } else { date(&w, key, d) }
    }

    private static func entry(_ w: inout JSONWriter, _ r: LibraryEntry, v2: Bool) {
        w.beginObject()
        w.field("id", r.id)
        w.field("workId", r.workId)
        w.field("editionId", r.editionId)
        userDate(&w, "dateAdded", r.dateAdded, v2: v2)
        w.field("readingStatus", r.readingStatus.rawValue)
        w.field("currentPage", r.currentPage)
        w.field("readingProgress", Optional(r.readingProgress))
        w.field("rating", r.rating)
        w.field("personalRating", r.personalRating)
        w.field("notes", r.notes)
        w.field("tags", r.tags)
        userDate(&w, "dateStarted", r.dateStarted, v2: v2)
        userDate(&w, "dateCompleted", r.dateCompleted, v2: v2)
        date(&w, "estimatedFinishDate", r.estimatedFinishDate)
        date(&w, "lastModified", r.lastModified)
        if v2 {
            w.field("privateNotes", r.privateNotes)
            w.field("reviewHasSpoilers", r.reviewHasSpoilers)
            w.field("readCount", r.readCount)
            w.field("ownedCopies", r.ownedCopies)
            w.key("earlierReads")
            w.beginArray()
            for read in r.earlierReads {
                w.element()
                w.beginObject()
                userDate(&w, "dateStarted", read.dateStarted, v2: v2)
                userDate(&w, "dateCompleted", read.dateCompleted, v2: v2)
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
    }
}
