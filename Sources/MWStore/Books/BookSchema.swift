import GRDB

extension StoreSchema {
    /// books-v1: the BooksTrack library of docs/SPEC.md Part II (docs/DATABASE.md "Book tables"): works,
    /// editions, authors, the ordered work–author links and the user's entries.
    ///
    /// Like the film tables: `seq` keeps the backup's record order (archive reproduces it),
    /// dates are REAL seconds since 2001-01-01, delete rules follow docs/SPEC.md Part II (a work takes its
    /// editions and entries with it; deleting an edition leaves its entry without one; deleting
    /// an author only unlinks it). External-id arrays, ISBN lists and tags are JSON arrays of
    /// strings in one column each (the encoding of `titles.genres`): they are always read and
    /// written with their record, merge matches them in memory, their order must survive, and
    /// `json_each` still queries them — separate tables would add five joins for no reader.
    /// Single external ids are plain columns. The one-entry-per-work rule is a UNIQUE constraint;
    /// the rules that span records or depend on the app's counting (wishlist ⇔ no edition, notes
    /// length, pages) are checked by `mwkit check`, as a backup's are by `validate`.
    static func booksV1(_ db: Database) throws {
        try db.execute(sql: """
        CREATE TABLE book_authors (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            nationality TEXT,
            gender TEXT NOT NULL DEFAULT 'unknown',
            cultural_region TEXT,
            birth_year INTEGER,
            death_year INTEGER,
            open_library_id TEXT,
            isbndb_id TEXT,
            google_books_id TEXT,
            goodreads_id TEXT,
            date_created REAL NOT NULL,
            last_modified REAL NOT NULL,
            book_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE book_works (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            original_language TEXT,
            first_publication_year INTEGER,
            subject_tags TEXT NOT NULL DEFAULT '[]',
            open_library_work_id TEXT,
            isbndb_id TEXT,
            google_books_volume_id TEXT,
            goodreads_work_ids TEXT NOT NULL DEFAULT '[]',
            amazon_asins TEXT NOT NULL DEFAULT '[]',
            librarything_ids TEXT NOT NULL DEFAULT '[]',
            google_books_volume_ids TEXT NOT NULL DEFAULT '[]',
            review_status TEXT NOT NULL DEFAULT 'verified' CHECK (review_status IN ('verified', 'pending')),
            original_image_path TEXT,
            bounding_box_x REAL,
            bounding_box_y REAL,
            bounding_box_width REAL,
            bounding_box_height REAL,
            date_created REAL NOT NULL,
            last_modified REAL NOT NULL,
            last_isbndb_sync REAL,
            isbndb_quality INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX book_works_title ON book_works(title COLLATE NOCASE);
        CREATE TABLE book_work_authors (
            work_id TEXT NOT NULL REFERENCES book_works(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            author_id TEXT NOT NULL REFERENCES book_authors(id) ON DELETE CASCADE,
            PRIMARY KEY (work_id, position)
        ) WITHOUT ROWID;
        CREATE INDEX book_work_authors_author_id ON book_work_authors(author_id);
        CREATE TABLE book_editions (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            work_id TEXT NOT NULL REFERENCES book_works(id) ON DELETE CASCADE,
            isbn TEXT,
            isbns TEXT NOT NULL DEFAULT '[]',
            publisher TEXT,
            publication_date TEXT,
            page_count INTEGER,
            format TEXT NOT NULL,
            cover_image_url TEXT,
            edition_title TEXT,
            open_library_edition_id TEXT,
            isbndb_id TEXT,
            google_books_volume_id TEXT,
            amazon_asins TEXT NOT NULL DEFAULT '[]',
            google_books_volume_ids TEXT NOT NULL DEFAULT '[]',
            librarything_ids TEXT NOT NULL DEFAULT '[]',
            date_created REAL NOT NULL,
            last_modified REAL NOT NULL,
            last_isbndb_sync REAL,
            isbndb_quality INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX book_editions_work_id ON book_editions(work_id);
        CREATE INDEX book_editions_isbn ON book_editions(isbn);
        CREATE TABLE book_entries (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            work_id TEXT NOT NULL UNIQUE REFERENCES book_works(id) ON DELETE CASCADE,
            edition_id TEXT REFERENCES book_editions(id) ON DELETE SET NULL,
            date_added REAL NOT NULL,
            reading_status TEXT NOT NULL,
            current_page INTEGER NOT NULL DEFAULT 0,
            reading_progress REAL NOT NULL DEFAULT 0,
            rating INTEGER,
            personal_rating REAL,
            notes TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            date_started REAL,
            date_completed REAL,
            estimated_finish_date REAL,
            last_modified REAL NOT NULL
        );
        CREATE INDEX book_entries_edition_id ON book_entries(edition_id);
        CREATE INDEX book_entries_reading_status ON book_entries(reading_status);
        """)
    }

    /// books-v2 (bookstrack-v2's attributes, docs/DATABASE.md "Book tables"): an entry's
    /// private notes, spoiler flag, read count and owned copies as columns; its earlier reads
    /// and an edition's contributors as ordered child rows (a read's dates are REAL like every
    /// date, which a JSON column would not keep bit for bit; a contributor's roles are a JSON
    /// array of strings, as tags are).
    static func booksV2(_ db: Database) throws {
        try db.execute(sql: """
        ALTER TABLE book_entries ADD COLUMN private_notes TEXT;
        ALTER TABLE book_entries ADD COLUMN review_has_spoilers INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE book_entries ADD COLUMN read_count INTEGER CHECK (read_count >= 0);
        ALTER TABLE book_entries ADD COLUMN owned_copies INTEGER CHECK (owned_copies >= 0);
        CREATE TABLE book_entry_reads (
            entry_id TEXT NOT NULL REFERENCES book_entries(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            date_started REAL,
            date_completed REAL,
            PRIMARY KEY (entry_id, position)
        );
        CREATE TABLE book_edition_contributors (
            edition_id TEXT NOT NULL REFERENCES book_editions(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            roles TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (edition_id, position)
        );
        """)
    }

    /// The book tables, parents first (a replace deletes them in reverse).
    static let bookTables = ["book_authors", "book_works", "book_work_authors", "book_editions", "book_entries",
                             "book_entry_reads", "book_edition_contributors"]
}
