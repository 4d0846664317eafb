import Foundation
import GRDB
import MWBooks
import MWCore

/// One book table's own columns (BookSchema.swift), each described once for both ways: the
/// insert writes a record's values in this order and the load reads them back into a blank
/// record, so the two cannot disagree on a name or a column. Lists of their own (a work's
/// authors, an edition's contributors, an entry's earlier reads) live in tables of their own.
struct BookTable<Record> {
    let name: String
    /// A record with nothing read yet: every column below then sets its value.
    let blank: Record
    let columns: [BookColumn<Record>]

    var insertSQL: String {
        "INSERT INTO \(name) (\(columns.map(\.name).joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
    }

    func arguments(_ record: Record) -> StatementArguments { StatementArguments(columns.map { $0.store(record) }) }

    /// The record a row selected as `*` holds. Throws ``MWError`` naming the row when a stored
    /// value cannot be read (an unknown enum value, a damaged JSON array).
    func record(_ row: Row) throws -> Record {
        var r = blank
        for c in columns { try c.load(&r, row, name) }
        return r
    }
}

/// A column: its name, the value a record stores in it, and how a stored value is read back.
struct BookColumn<Record> {
    let name: String
    let store: (Record) -> (any DatabaseValueConvertible)?
    let load: (_ record: inout Record, _ row: Row, _ table: String) throws -> Void

    /// A value stored as it is.
    static func value<V: DatabaseValueConvertible>(_ name: String, _ path: WritableKeyPath<Record, V>) -> Self {
        Self(name: name, store: { $0[keyPath: path] }, load: { r, row, _ in r[keyPath: path] = row[name] })
    }

    /// A value stored as it is, NULL for nil.
    static func value<V: DatabaseValueConvertible>(_ name: String, _ path: WritableKeyPath<Record, V?>) -> Self {
        Self(name: name, store: { $0[keyPath: path] }, load: { r, row, _ in r[keyPath: path] = row[name] })
    }

    /// A date, as ``StoreDate`` stores it.
    static func date(_ name: String, _ path: WritableKeyPath<Record, Date>) -> Self {
        Self(name: name, store: { StoreDate.encode($0[keyPath: path]) },
             load: { r, row, _ in r[keyPath: path] = StoreDate.decode(row[name]) })
    }

    /// A date, as ``StoreDate`` stores it, NULL for nil.
    static func date(_ name: String, _ path: WritableKeyPath<Record, Date?>) -> Self {
        Self(name: name, store: { $0[keyPath: path].map(StoreDate.encode) },
             load: { r, row, _ in r[keyPath: path] = (row[name] as Double?).map(StoreDate.decode) })
    }

    /// A list of strings as a JSON array (the encoding of `titles.genres`).
    static func strings(_ name: String, _ path: WritableKeyPath<Record, [String]>) -> Self {
        Self(name: name, store: { GenresCodec.encode($0[keyPath: path]) },
             load: { r, row, table in r[keyPath: path] = try BookTables.strings(row, name, table) })
    }

    /// An enumeration by its raw value.
    static func raw<E: RawRepresentable>(_ name: String, _ path: WritableKeyPath<Record, E>) -> Self where E.RawValue == String {
        Self(name: name, store: { $0[keyPath: path].rawValue },
             load: { r, row, table in r[keyPath: path] = try enumValue(row[name], name, table, row) })
    }

    /// An enumeration by its raw value, NULL for nil.
    static func raw<E: RawRepresentable>(_ name: String, _ path: WritableKeyPath<Record, E?>) -> Self where E.RawValue == String {
        Self(name: name, store: { $0[keyPath: path]?.rawValue },
             load: { r, row, table in r[keyPath: path] = try (row[name] as String?).map { try enumValue($0, name, table, row) } })
    }

    private static func enumValue<E: RawRepresentable>(_ raw: String, _ column: String, _ table: String, _ row: Row) throws -> E where E.RawValue == String {
        guard let v = E(rawValue: raw) else {
            throw MWError.failed("\(table) row \(row["id"] as String? ?? "?"): \(column) \(quoted(raw)) is not a known value")
        }
        return v
    }
}

// Made where a load or an insert starts (not kept: key paths and closures are not Sendable).
extension BookTables {
    private static let never = Date(timeIntervalSinceReferenceDate: 0)

    static var authors: BookTable<Author> { BookTable(name: "book_authors", blank: Author(id: "", name: "", dateCreated: never, lastModified: never), columns: [
        .value("id", \.id), .value("name", \.name), .value("nationality", \.nationality), .raw("gender", \.gender),
        .raw("cultural_region", \.culturalRegion), .value("birth_year", \.birthYear), .value("death_year", \.deathYear),
        .value("open_library_id", \.openLibraryID), .value("isbndb_id", \.isbndbID), .value("google_books_id", \.googleBooksID),
        .value("goodreads_id", \.goodreadsID), .date("date_created", \.dateCreated), .date("last_modified", \.lastModified),
        .value("book_count", \.bookCount),
    ]) }

    static var works: BookTable<Work> { BookTable(name: "book_works", blank: Work(id: "", title: "", dateCreated: never, lastModified: never), columns: [
        .value("id", \.id), .value("title", \.title), .value("original_language", \.originalLanguage),
        .value("first_publication_year", \.firstPublicationYear), .strings("subject_tags", \.subjectTags),
        .value("open_library_work_id", \.openLibraryWorkID), .value("isbndb_id", \.isbndbID),
        .value("google_books_volume_id", \.googleBooksVolumeID), .strings("goodreads_work_ids", \.goodreadsWorkIDs),
        .strings("amazon_asins", \.amazonASINs), .strings("librarything_ids", \.librarythingIDs),
        .strings("google_books_volume_ids", \.googleBooksVolumeIDs), .raw("review_status", \.reviewStatus),
        .value("original_image_path", \.originalImagePath), .value("bounding_box_x", \.boundingBoxX),
        .value("bounding_box_y", \.boundingBoxY), .value("bounding_box_width", \.boundingBoxWidth),
        .value("bounding_box_height", \.boundingBoxHeight), .date("date_created", \.dateCreated),
        .date("last_modified", \.lastModified), .date("last_isbndb_sync", \.lastISBNDBSync), .value("isbndb_quality", \.isbndbQuality),
    ]) }

    static var editions: BookTable<Edition> { BookTable(name: "book_editions", blank: Edition(id: "", workId: "", dateCreated: never, lastModified: never), columns: [
        .value("id", \.id), .value("work_id", \.workId), .value("isbn", \.isbn), .strings("isbns", \.isbns),
        .value("publisher", \.publisher), .value("publication_date", \.publicationDate), .value("page_count", \.pageCount),
        .raw("format", \.format), .value("cover_image_url", \.coverImageURL), .value("edition_title", \.editionTitle),
        .value("open_library_edition_id", \.openLibraryEditionID), .value("isbndb_id", \.isbndbID),
        .value("google_books_volume_id", \.googleBooksVolumeID), .strings("amazon_asins", \.amazonASINs),
        .strings("google_books_volume_ids", \.googleBooksVolumeIDs), .strings("librarything_ids", \.librarythingIDs),
        .date("date_created", \.dateCreated), .date("last_modified", \.lastModified),
        .date("last_isbndb_sync", \.lastISBNDBSync), .value("isbndb_quality", \.isbndbQuality),
    ]) }

    static var entries: BookTable<LibraryEntry> { BookTable(name: "book_entries",
                                   blank: LibraryEntry(id: "", workId: "", dateAdded: never, readingStatus: .wishlist, lastModified: never), columns: [
        .value("id", \.id), .value("work_id", \.workId), .value("edition_id", \.editionId), .date("date_added", \.dateAdded),
        .raw("reading_status", \.readingStatus), .value("current_page", \.currentPage),
        .value("reading_progress", \.readingProgress), .value("rating", \.rating), .value("personal_rating", \.personalRating),
        .value("notes", \.notes), .strings("tags", \.tags), .date("date_started", \.dateStarted),
        .date("date_completed", \.dateCompleted), .date("estimated_finish_date", \.estimatedFinishDate),
        .date("last_modified", \.lastModified), .value("private_notes", \.privateNotes),
        .value("review_has_spoilers", \.reviewHasSpoilers), .value("read_count", \.readCount), .value("owned_copies", \.ownedCopies),
    ]) }
}
