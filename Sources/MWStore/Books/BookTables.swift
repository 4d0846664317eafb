import Foundation
import GRDB
import MWBooks
import MWCore

/// Reading and writing the book tables (BookSchema.swift) as a whole ``BookLibrary``: a books
/// library is small (a reader's shelves, tens of thousands of records at most), so restore,
/// merge and archive work on the whole library in memory.
enum BookTables {
    /// Loads every book record in stored (`seq`) order. Throws ``MWError`` naming the row
    /// when a stored value cannot be read (an unknown enum value, a damaged JSON array).
    static func load(_ db: Database) throws -> BookLibrary {
        var lib = BookLibrary()
        var authorIds: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT work_id, author_id FROM book_work_authors ORDER BY work_id, position") {
            authorIds[row["work_id"], default: []].append(row["author_id"])
        }
        for r in try Row.fetchAll(db, sql: "SELECT * FROM book_authors ORDER BY seq") {
            var a = Author(id: r["id"], name: r["name"], dateCreated: date(r["date_created"]), lastModified: date(r["last_modified"]))
            a.nationality = r["nationality"]
            a.gender = try value(r, "gender", "book_authors")
            a.culturalRegion = try (r["cultural_region"] as String?).map { try enumValue($0, "cultural_region", "book_authors", a.id) }
            a.birthYear = r["birth_year"]
            a.deathYear = r["death_year"]
            a.openLibraryID = r["open_library_id"]
            a.isbndbID = r["isbndb_id"]
            a.googleBooksID = r["google_books_id"]
            a.goodreadsID = r["goodreads_id"]
            a.bookCount = r["book_count"]
            lib.authors.append(a)
        }
        for r in try Row.fetchAll(db, sql: "SELECT * FROM book_works ORDER BY seq") {
            var w = Work(id: r["id"], title: r["title"], dateCreated: date(r["date_created"]), lastModified: date(r["last_modified"]))
            w.authorIds = authorIds[w.id] ?? []
            w.originalLanguage = r["original_language"]
            w.firstPublicationYear = r["first_publication_year"]
            w.subjectTags = try strings(r, "subject_tags", "book_works")
            w.openLibraryWorkID = r["open_library_work_id"]
            w.isbndbID = r["isbndb_id"]
            w.googleBooksVolumeID = r["google_books_volume_id"]
            w.goodreadsWorkIDs = try strings(r, "goodreads_work_ids", "book_works")
            w.amazonASINs = try strings(r, "amazon_asins", "book_works")
            w.librarythingIDs = try strings(r, "librarything_ids", "book_works")
            w.googleBooksVolumeIDs = try strings(r, "google_books_volume_ids", "book_works")
            w.reviewStatus = try value(r, "review_status", "book_works")
            w.originalImagePath = r["original_image_path"]
            w.boundingBoxX = r["bounding_box_x"]
            w.boundingBoxY = r["bounding_box_y"]
            w.boundingBoxWidth = r["bounding_box_width"]
            w.boundingBoxHeight = r["bounding_box_height"]
            w.lastISBNDBSync = (r["last_isbndb_sync"] as Double?).map(date)
            w.isbndbQuality = r["isbndb_quality"]
            lib.works.append(w)
        }
        var contributors: [String: [Contributor]] = [:]
        for r in try Row.fetchAll(db, sql: "SELECT edition_id, name, roles FROM book_edition_contributors ORDER BY edition_id, position") {
            contributors[r["edition_id"], default: []].append(Contributor(name: r["name"], roles: try strings(r, "roles", "book_edition_contributors")))
        }
        var reads: [String: [ReadingSession]] = [:]
        for r in try Row.fetchAll(db, sql: "SELECT entry_id, date_started, date_completed FROM book_entry_reads ORDER BY entry_id, position") {
            reads[r["entry_id"], default: []].append(ReadingSession(dateStarted: (r["date_started"] as Double?).map(date),
                                                                     dateCompleted: (r["date_completed"] as Double?).map(date)))
        }
        for r in try Row.fetchAll(db, sql: "SELECT * FROM book_editions ORDER BY seq") {
            var e = Edition(id: r["id"], workId: r["work_id"], dateCreated: date(r["date_created"]), lastModified: date(r["last_modified"]))
            e.isbn = r["isbn"]
            e.isbns = try strings(r, "isbns", "book_editions")
            e.publisher = r["publisher"]
            e.publicationDate = r["publication_date"]
            e.pageCount = r["page_count"]
            e.format = try value(r, "format", "book_editions")
            e.coverImageURL = r["cover_image_url"]
            e.editionTitle = r["edition_title"]
            e.openLibraryEditionID = r["open_library_edition_id"]
            e.isbndbID = r["isbndb_id"]
            e.googleBooksVolumeID = r["google_books_volume_id"]
            e.amazonASINs = try strings(r, "amazon_asins", "book_editions")
            e.googleBooksVolumeIDs = try strings(r, "google_books_volume_ids", "book_editions")
            e.librarythingIDs = try strings(r, "librarything_ids", "book_editions")
            e.contributors = contributors[e.id] ?? []
            e.lastISBNDBSync = (r["last_isbndb_sync"] as Double?).map(date)
            e.isbndbQuality = r["isbndb_quality"]
            lib.editions.append(e)
        }
        for r in try Row.fetchAll(db, sql: "SELECT * FROM book_entries ORDER BY seq") {
            var e = LibraryEntry(id: r["id"], workId: r["work_id"], dateAdded: date(r["date_added"]),
                                 readingStatus: try value(r, "reading_status", "book_entries"), lastModified: date(r["last_modified"]))
            e.editionId = r["edition_id"]
            e.currentPage = r["current_page"]
            e.readingProgress = r["reading_progress"]
            e.rating = r["rating"]
            e.personalRating = r["personal_rating"]
            e.notes = r["notes"]
            e.tags = try strings(r, "tags", "book_entries")
            e.dateStarted = (r["date_started"] as Double?).map(date)
            e.dateCompleted = (r["date_completed"] as Double?).map(date)
            e.estimatedFinishDate = (r["estimated_finish_date"] as Double?).map(date)
            e.privateNotes = r["private_notes"]
            e.reviewHasSpoilers = r["review_has_spoilers"]
            e.readCount = r["read_count"]
            e.ownedCopies = r["owned_copies"]
            e.earlierReads = reads[e.id] ?? []
            lib.entries.append(e)
        }
        return lib
    }

    /// Deletes every book record.
    static func clear(_ db: Database) throws {
        for t in StoreSchema.bookTables.reversed() { try db.execute(sql: "DELETE FROM \(t)") }
    }

    /// Inserts `lib`'s records in order (the tables must not hold them already).
    static func insert(_ lib: BookLibrary, _ db: Database) throws {
        let author = try db.makeStatement(sql: """
            INSERT INTO book_authors (id, name, nationality, gender, cultural_region, birth_year, death_year, open_library_id,
                isbndb_id, google_books_id, goodreads_id, date_created, last_modified, book_count)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for a in lib.authors {
            try author.execute(arguments: [a.id, a.name, a.nationality, a.gender.rawValue, a.culturalRegion?.rawValue, a.birthYear,
                                           a.deathYear, a.openLibraryID, a.isbndbID, a.googleBooksID, a.goodreadsID,
                                           enc(a.dateCreated), enc(a.lastModified), a.bookCount])
        }
        let work = try db.makeStatement(sql: """
            INSERT INTO book_works (id, title, original_language, first_publication_year, subject_tags, open_library_work_id,
                isbndb_id, google_books_volume_id, goodreads_work_ids, amazon_asins, librarything_ids, google_books_volume_ids,
                review_status, original_image_path, bounding_box_x, bounding_box_y, bounding_box_width, bounding_box_height,
                date_created, last_modified, last_isbndb_sync, isbndb_quality)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let link = try db.makeStatement(sql: "INSERT INTO book_work_authors (work_id, position, author_id) VALUES (?, ?, ?)")
        for w in lib.works {
            let values: [DatabaseValueConvertible?] = [
                w.id, w.title, w.originalLanguage, w.firstPublicationYear, json(w.subjectTags), w.openLibraryWorkID,
                w.isbndbID, w.googleBooksVolumeID, json(w.goodreadsWorkIDs), json(w.amazonASINs), json(w.librarythingIDs),
                json(w.googleBooksVolumeIDs), w.reviewStatus.rawValue, w.originalImagePath, w.boundingBoxX, w.boundingBoxY,
                w.boundingBoxWidth, w.boundingBoxHeight, enc(w.dateCreated), enc(w.lastModified), w.lastISBNDBSync.map(enc),
                w.isbndbQuality]
            try work.execute(arguments: StatementArguments(values))
            for (i, a) in w.authorIds.enumerated() { try link.execute(arguments: [w.id, i, a]) }
        }
        let edition = try db.makeStatement(sql: """
            INSERT INTO book_editions (id, work_id, isbn, isbns, publisher, publication_date, page_count, format, cover_image_url,
                edition_title, open_library_edition_id, isbndb_id, google_books_volume_id, amazon_asins, google_books_volume_ids,
                librarything_ids, date_created, last_modified, last_isbndb_sync, isbndb_quality)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let contributor = try db.makeStatement(sql: "INSERT INTO book_edition_contributors (edition_id, position, name, roles) VALUES (?, ?, ?, ?)")
        for e in lib.editions {
            let values: [DatabaseValueConvertible?] = [
                e.id, e.workId, e.isbn, json(e.isbns), e.publisher, e.publicationDate, e.pageCount, e.format.rawValue,
                e.coverImageURL, e.editionTitle, e.openLibraryEditionID, e.isbndbID, e.googleBooksVolumeID, json(e.amazonASINs),
                json(e.googleBooksVolumeIDs), json(e.librarythingIDs), enc(e.dateCreated), enc(e.lastModified),
                e.lastISBNDBSync.map(enc), e.isbndbQuality]
            try edition.execute(arguments: StatementArguments(values))
            for (i, c) in e.contributors.enumerated() { try contributor.execute(arguments: [e.id, i, c.name, json(c.roles)]) }
        }
        let entry = try db.makeStatement(sql: """
            INSERT INTO book_entries (id, work_id, edition_id, date_added, reading_status, current_page, reading_progress, rating,
                personal_rating, notes, tags, date_started, date_completed, estimated_finish_date, last_modified,
                private_notes, review_has_spoilers, read_count, owned_copies)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let read = try db.makeStatement(sql: "INSERT INTO book_entry_reads (entry_id, position, date_started, date_completed) VALUES (?, ?, ?, ?)")
        for e in lib.entries {
            let values: [DatabaseValueConvertible?] = [
                e.id, e.workId, e.editionId, enc(e.dateAdded), e.readingStatus.rawValue, e.currentPage, e.readingProgress,
                e.rating, e.personalRating, e.notes, json(e.tags), e.dateStarted.map(enc), e.dateCompleted.map(enc),
                e.estimatedFinishDate.map(enc), enc(e.lastModified), e.privateNotes, e.reviewHasSpoilers, e.readCount, e.ownedCopies]
            try entry.execute(arguments: StatementArguments(values))
            for (i, r) in e.earlierReads.enumerated() {
                try read.execute(arguments: [e.id, i, r.dateStarted.map(enc), r.dateCompleted.map(enc)])
            }
        }
    }

    /// Rows per book table.
    static func counts(_ db: Database) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for t in StoreSchema.bookTables { out[t] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(t)") ?? 0 }
        return out
    }

    /// Whether the file has the book tables (schema books-v1 or later).
    static func exist(_ db: Database) throws -> Bool {
        try db.tableExists("book_works")
    }

    private static func enc(_ d: Date) -> Double { StoreDate.encode(d) }
    private static func date(_ v: Double) -> Date { StoreDate.decode(v) }
    private static func json(_ v: [String]) -> String { GenresCodec.encode(v) }

    private static func strings(_ r: Row, _ column: String, _ table: String) throws -> [String] {
        let text: String = r[column]
        guard let v = GenresCodec.decode(text) else {
            throw MWError.failed("\(table) row \(r["id"] as String? ?? "?"): \(column) is not a JSON array of strings: \(quoted(text))")
        }
        return v
    }

    private static func value<E: RawRepresentable>(_ r: Row, _ column: String, _ table: String) throws -> E where E.RawValue == String {
        try enumValue(r[column], column, table, r["id"] as String? ?? "?")
    }

    private static func enumValue<E: RawRepresentable>(_ raw: String, _ column: String, _ table: String, _ id: String) throws -> E where E.RawValue == String {
        guard let v = E(rawValue: raw) else { throw MWError.failed("\(table) row \(id): \(column) \(quoted(raw)) is not a known value") }
        return v
    }
}
