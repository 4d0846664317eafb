import GRDB

/// The library database schema as an ordered list of named migrations (GRDB `DatabaseMigrator`).
///
/// Why migrations and not a single `CREATE`: the database holds user data, which must survive
/// every mwkit upgrade (docs/SPEC.md#persistence: user data is never silently deleted). A shipped migration is
/// never edited; a schema change is a new migration appended at the end of ``migrator(upTo:)``.
/// docs/DATABASE.md describes every table and column.
public enum StoreSchema {
    /// The migrations in order, as ``migrator(upTo:)`` registers them. The schema version of a
    /// database is the number of them applied.
    public static let migrationNames = migrator().migrations

    /// The schema version this mwkit writes.
    public static var currentVersion: Int { migrationNames.count }

    /// `PRAGMA page_size` of a newly created library file.
    static let pageSize = 16384

    /// `PRAGMA application_id` of an mwkit library database ("MWKT"), so that another
    /// program's SQLite file is recognised and refused rather than altered.
    public static let applicationID: Int32 = 0x4D57_4B54

    /// The migrator holding every migration up to `version` (all by default). Tests build an
    /// older database with a smaller `version`.
    public static func migrator(upTo version: Int = .max) -> DatabaseMigrator {
        var m = VersionedMigrator(upTo: version)
        m.registerMigration("v1-entities", v1Entities)
        m.registerMigration("v2-library-meta", v2LibraryMeta)
        m.registerMigration("v3-provenance", v3Provenance)
        m.registerMigration("books-v1", booksV1)
        m.registerMigration("books-v2", booksV2)
        m.registerMigration("v4-watch-status", v4WatchStatus)
        m.registerMigration("v5-export-names-service-ids", v5ExportNamesServiceIds)
        m.registerMigration("v5-unnumbered-episodes", v5UnnumberedEpisodes)
        return m.migrator
    }

    /// formatVersion 5: a show's episodes named only by title (`<season>|<days>|<title>`
    /// values, a JSON array of strings like `service_ids`; the episodes table needs a number).
    static func v5UnnumberedEpisodes(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE titles ADD COLUMN unnumbered_episodes TEXT")
    }

    /// formatVersion 5: a title's name and year as its export gave them, and its ids at other
    /// services (`service:id` values, kept as a JSON array of strings like `genres`).
    static func v5ExportNamesServiceIds(_ db: Database) throws {
        try db.execute(sql: """
        ALTER TABLE titles ADD COLUMN export_title TEXT;
        ALTER TABLE titles ADD COLUMN export_year INTEGER;
        ALTER TABLE titles ADD COLUMN service_ids TEXT;
        """)
    }

    /// formatVersion 4's watch status of a title (``WatchStatus``): four nullable columns, the
    /// status from the closed vocabulary, and nothing about it without the status.
    static func v4WatchStatus(_ db: Database) throws {
        try db.execute(sql: """
        ALTER TABLE titles ADD COLUMN watch_status TEXT
            CHECK (watch_status IN ('planned', 'watching', 'paused', 'dropped', 'completed'));
        ALTER TABLE titles ADD COLUMN watch_status_word TEXT CHECK (watch_status_word IS NULL OR watch_status IS NOT NULL);
        ALTER TABLE titles ADD COLUMN watch_status_date REAL CHECK (watch_status_date IS NULL OR watch_status IS NOT NULL);
        ALTER TABLE titles ADD COLUMN watch_status_source TEXT CHECK (watch_status_source IS NULL OR watch_status IS NOT NULL);
        """)
    }

    /// v1: the six entities of docs/SPEC.md#data-model with their constraints, delete rules and indexes (docs/SPEC.md#indexes).
    ///
    /// Every table has `seq INTEGER PRIMARY KEY`: it keeps the order records had in the backup
    /// (stable under VACUUM, unlike an implicit rowid) so that archiving reproduces it.
    /// Dates are REAL seconds since 2001-01-01T00:00:00Z (Foundation's reference date, which
    /// Core Data uses too), so every `Date` round-trips bit for bit.
    static func v1Entities(_ db: Database) throws {
        try db.execute(sql: """
        CREATE TABLE lists (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            icon TEXT,
            color_hex TEXT,
            sort_order INTEGER NOT NULL DEFAULT 0,
            is_default INTEGER CHECK (is_default IN (0, 1)),
            date_created REAL,
            date_modified REAL
        );
        CREATE TABLE titles (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            tmdb_id INTEGER NOT NULL,
            media_type TEXT NOT NULL,
            stripped INTEGER NOT NULL DEFAULT 0 CHECK (stripped IN (0, 1)),
            title TEXT,
            original_title TEXT,
            imdb_id TEXT,
            year INTEGER,
            overview TEXT,
            genres TEXT,
            runtime INTEGER,
            poster_path TEXT,
            backdrop_path TEXT,
            original_language TEXT,
            popularity REAL,
            vote_average REAL,
            vote_count INTEGER,
            release_date REAL,
            first_air_date REAL,
            last_air_date REAL,
            status TEXT,
            number_of_seasons INTEGER,
            number_of_episodes INTEGER,
            watched INTEGER NOT NULL DEFAULT 0 CHECK (watched IN (0, 1)),
            watched_date REAL,
            liked_status INTEGER NOT NULL DEFAULT 0,
            date_added REAL NOT NULL,
            date_modified REAL,
            local_poster_path TEXT,
            local_backdrop_path TEXT,
            UNIQUE (tmdb_id, media_type),
            CHECK (stripped = 1 OR (title IS NOT NULL AND year IS NOT NULL AND genres IS NOT NULL AND runtime IS NOT NULL)),
            CHECK (stripped = 0 OR title IS NULL)
        );
        CREATE INDEX titles_media_type ON titles(media_type);
        CREATE INDEX titles_date_added ON titles(date_added);
        CREATE INDEX titles_title ON titles(title);
        CREATE TABLE episodes (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            show_id TEXT NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
            tmdb_id INTEGER,
            season_number INTEGER NOT NULL,
            episode_number INTEGER NOT NULL,
            stripped INTEGER NOT NULL DEFAULT 0 CHECK (stripped IN (0, 1)),
            name TEXT,
            overview TEXT,
            air_date REAL,
            runtime INTEGER,
            still_path TEXT,
            watched INTEGER NOT NULL DEFAULT 0 CHECK (watched IN (0, 1)),
            watched_date REAL,
            date_modified REAL,
            local_still_path TEXT,
            UNIQUE (show_id, season_number, episode_number),
            CHECK (stripped = 1 OR name IS NOT NULL),
            CHECK (stripped = 0 OR name IS NULL)
        );
        CREATE INDEX episodes_season_number ON episodes(season_number);
        CREATE INDEX episodes_watched ON episodes(watched);
        CREATE TABLE list_items (
            seq INTEGER PRIMARY KEY,
            id TEXT UNIQUE,
            list_id TEXT NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            title_id TEXT NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
            order_index INTEGER NOT NULL DEFAULT 0,
            date_added REAL,
            UNIQUE (list_id, title_id)
        );
        CREATE INDEX list_items_order_index ON list_items(order_index);
        CREATE INDEX list_items_title_id ON list_items(title_id);
        CREATE TABLE notes (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            title_id TEXT REFERENCES titles(id) ON DELETE CASCADE,
            episode_id TEXT REFERENCES episodes(id) ON DELETE CASCADE,
            text TEXT NOT NULL DEFAULT '',
            owner_only INTEGER NOT NULL DEFAULT 1 CHECK (owner_only IN (0, 1)),
            date_created REAL NOT NULL,
            date_modified REAL,
            CHECK ((title_id IS NULL) <> (episode_id IS NULL))
        );
        CREATE INDEX notes_title_id ON notes(title_id);
        CREATE INDEX notes_episode_id ON notes(episode_id);
        CREATE TABLE preferences (
            seq INTEGER PRIMARY KEY CHECK (seq = 1),
            id TEXT NOT NULL UNIQUE,
            default_list_id TEXT REFERENCES lists(id) ON DELETE SET NULL,
            default_liked_status INTEGER NOT NULL DEFAULT 0,
            image_quality TEXT NOT NULL DEFAULT 'w500',
            show_watched_in_lists INTEGER NOT NULL DEFAULT 1 CHECK (show_watched_in_lists IN (0, 1)),
            sort_by TEXT NOT NULL DEFAULT 'dateAdded',
            sort_ascending INTEGER NOT NULL DEFAULT 0 CHECK (sort_ascending IN (0, 1)),
            last_sync_date REAL,
            app_version TEXT
        );
        """)
    }

    /// v2: library-level values (the backup's `sourceVersion` and `exportDate`) and a
    /// case-insensitive index on list names, which merge matches lists by.
    static func v2LibraryMeta(_ db: Database) throws {
        try db.execute(sql: """
        CREATE TABLE library_meta (
            key TEXT PRIMARY KEY NOT NULL,
            value
        ) WITHOUT ROWID;
        CREATE INDEX lists_name_nocase ON lists(name COLLATE NOCASE);
        """)
    }

    /// v3: what imports bring that the app's model has no place for (backup formatVersion 3,
    /// docs/FORMAT.md#formatversion-3): a list's description and a list item's note as columns,
    /// and four tables of rows that belong to one record each — original ratings (one per
    /// source and date), viewings, a title's tags, and record sources. `seq` keeps each record's rows in
    /// the order the backup had them. Existing rows are untouched: the new columns are NULL and
    /// the new tables empty, as a backup without provenance leaves them.
    static func v3Provenance(_ db: Database) throws {
        try db.execute(sql: """
        ALTER TABLE lists ADD COLUMN description TEXT;
        ALTER TABLE list_items ADD COLUMN note TEXT;
        CREATE TABLE ratings (
            seq INTEGER PRIMARY KEY,
            title_id TEXT REFERENCES titles(id) ON DELETE CASCADE,
            episode_id TEXT REFERENCES episodes(id) ON DELETE CASCADE,
            source TEXT NOT NULL,
            value REAL NOT NULL,
            scale REAL NOT NULL,
            date REAL,
            date_precision TEXT CHECK (date_precision IN ('day', 'instant')),
            CHECK ((title_id IS NULL) <> (episode_id IS NULL)),
            CHECK (scale > 0 AND value >= 0 AND value <= scale)
        );
        CREATE UNIQUE INDEX ratings_title_source ON ratings(title_id, source, ifnull(date, '')) WHERE title_id IS NOT NULL;
        CREATE UNIQUE INDEX ratings_episode_source ON ratings(episode_id, source, ifnull(date, '')) WHERE episode_id IS NOT NULL;
        CREATE TABLE viewings (
            seq INTEGER PRIMARY KEY,
            title_id TEXT REFERENCES titles(id) ON DELETE CASCADE,
            episode_id TEXT REFERENCES episodes(id) ON DELETE CASCADE,
            date REAL,
            precision TEXT NOT NULL CHECK (precision IN ('day', 'instant')),
            rewatch INTEGER NOT NULL CHECK (rewatch IN (0, 1)),
            source TEXT,
            CHECK ((title_id IS NULL) <> (episode_id IS NULL))
        );
        CREATE INDEX viewings_title_id ON viewings(title_id);
        CREATE INDEX viewings_episode_id ON viewings(episode_id);
        CREATE TABLE tags (
            seq INTEGER PRIMARY KEY,
            title_id TEXT NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
            tag TEXT NOT NULL,
            UNIQUE (title_id, tag)
        );
        CREATE TABLE record_sources (
            seq INTEGER PRIMARY KEY,
            list_id TEXT REFERENCES lists(id) ON DELETE CASCADE,
            title_id TEXT REFERENCES titles(id) ON DELETE CASCADE,
            episode_id TEXT REFERENCES episodes(id) ON DELETE CASCADE,
            note_id TEXT REFERENCES notes(id) ON DELETE CASCADE,
            service TEXT NOT NULL,
            file TEXT,
            row_no INTEGER,
            uri TEXT,
            CHECK ((list_id IS NOT NULL) + (title_id IS NOT NULL) + (episode_id IS NOT NULL) + (note_id IS NOT NULL) = 1)
        );
        CREATE INDEX record_sources_list_id ON record_sources(list_id);
        CREATE INDEX record_sources_title_id ON record_sources(title_id);
        CREATE INDEX record_sources_episode_id ON record_sources(episode_id);
        CREATE INDEX record_sources_note_id ON record_sources(note_id);
        """)
    }

    /// The entity tables in dependency order (parents first).
    static let entityTables = ["lists", "titles", "episodes", "list_items", "notes", "preferences"]

    /// The provenance tables of `v3-provenance` (rows belonging to one record each).
    static let provenanceTables = ProvenanceKind.allCases.map(\.table)
}

/// A `DatabaseMigrator` that numbers its migrations as they are registered: each one also
/// stamps the file's header with its number, and those past `upTo` are left out.
private struct VersionedMigrator {
    private(set) var migrator = DatabaseMigrator()
    private let limit: Int
    private var registered = 0

    init(upTo limit: Int) { self.limit = limit }

    mutating func registerMigration(_ name: String, _ body: @escaping @Sendable (Database) throws -> Void) {
        guard registered < limit else { return }
        registered += 1
        let version = registered
        migrator.registerMigration(name) { db in
            try body(db)
            // Mirrors the migration count for tools that look at the header (sqlite3, file(1)).
            try db.execute(sql: "PRAGMA application_id = \(StoreSchema.applicationID); PRAGMA user_version = \(version)")
        }
    }
}
