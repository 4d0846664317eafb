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
        lib.authors = try all(authors, db)
        lib.works = try all(works, db)
        for i in lib.works.indices { lib.works[i].authorIds = authorIds[lib.works[i].id] ?? [] }
        var contributors: [String: [Contributor]] = [:]
        for r in try Row.fetchAll(db, sql: "SELECT edition_id, name, roles FROM book_edition_contributors ORDER BY edition_id, position") {
            contributors[r["edition_id"], default: []].append(Contributor(name: r["name"], roles: try strings(r, "roles", "book_edition_contributors")))
        }
        var reads: [String: [ReadingSession]] = [:]
        for r in try Row.fetchAll(db, sql: "SELECT entry_id, date_started, date_completed FROM book_entry_reads ORDER BY entry_id, position") {
            reads[r["entry_id"], default: []].append(ReadingSession(dateStarted: (r["date_started"] as Double?).map(date),
                                                                     dateCompleted: (r["date_completed"] as Double?).map(date)))
        }
        lib.editions = try all(editions, db)
        for i in lib.editions.indices { lib.editions[i].contributors = contributors[lib.editions[i].id] ?? [] }
        lib.entries = try all(entries, db)
        for i in lib.entries.indices { lib.entries[i].earlierReads = reads[lib.entries[i].id] ?? [] }
        return lib
    }

    /// Every record of `table`, in stored (`seq`) order.
    private static func all<R>(_ table: BookTable<R>, _ db: Database) throws -> [R] {
        try Row.fetchAll(db, sql: "SELECT * FROM \(table.name) ORDER BY seq").map(table.record)
    }

    /// Deletes every book record.
    static func clear(_ db: Database) throws {
        for t in StoreSchema.bookTables.reversed() { try db.execute(sql: "DELETE FROM \(t)") }
    }

    /// Inserts `lib`'s records in order (the tables must not hold them already).
    static func insert(_ lib: BookLibrary, _ db: Database) throws {
        // Each table described once per insert: the descriptions are computed, not kept.
        let (authors, works, editions, entries) = (Self.authors, Self.works, Self.editions, Self.entries)
        let author = try db.makeStatement(sql: authors.insertSQL)
        let work = try db.makeStatement(sql: works.insertSQL)
        let edition = try db.makeStatement(sql: editions.insertSQL)
        let entry = try db.makeStatement(sql: entries.insertSQL)
        let link = try db.makeStatement(sql: "INSERT INTO book_work_authors (work_id, position, author_id) VALUES (?, ?, ?)")
        let contributor = try db.makeStatement(sql: "INSERT INTO book_edition_contributors (edition_id, position, name, roles) VALUES (?, ?, ?, ?)")
        let read = try db.makeStatement(sql: "INSERT INTO book_entry_reads (entry_id, position, date_started, date_completed) VALUES (?, ?, ?, ?)")
        for a in lib.authors { try author.execute(arguments: authors.arguments(a)) }
        for w in lib.works {
            try work.execute(arguments: works.arguments(w))
            for (i, a) in w.authorIds.enumerated() { try link.execute(arguments: [w.id, i, a]) }
        }
        for e in lib.editions {
            try edition.execute(arguments: editions.arguments(e))
            for (i, c) in e.contributors.enumerated() { try contributor.execute(arguments: [e.id, i, c.name, json(c.roles)]) }
        }
        for e in lib.entries {
            try entry.execute(arguments: entries.arguments(e))
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

    /// A JSON array of strings, or ``MWError`` naming the row.
    static func strings(_ r: Row, _ column: String, _ table: String) throws -> [String] {
        let text: String = r[column]
        guard let v = GenresCodec.decode(text) else {
            throw MWError.failed("\(table) row \(r["id"] as String? ?? "?"): \(column) is not a JSON array of strings: \(quoted(text))")
        }
        return v
    }
}
