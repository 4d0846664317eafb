import Foundation

/// SQL text for the statements built from the column lists.
enum StoreSQL {
    static func insert(_ table: String, _ columns: [String], withId: Bool = true) -> String {
        insert("INSERT", table, columns, withId: withId, rows: 1)
    }

    /// An insert of `rows` rows in one statement, for bulk loads inside a transaction that
    /// is rolled back on any error anyway.
    ///
    /// Why `OR ROLLBACK`: a statement that writes several rows and may fail half-way (a
    /// constraint) makes SQLite keep a statement journal, a copy of every page it touches, to
    /// undo only that statement. That journal cost more than the multi-row insert saves
    /// (~0.8 s of malloc and copying on bench/store.sh). With ROLLBACK a constraint error
    /// ends the whole transaction instead — which is what a failed restore does.
    static func bulkInsert(_ table: String, _ columns: [String], withId: Bool = true, rows: Int) -> String {
        insert("INSERT OR ROLLBACK", table, columns, withId: withId, rows: rows)
    }

    private static func insert(_ verb: String, _ table: String, _ columns: [String], withId: Bool, rows: Int) -> String {
        let cols = (withId ? ["id"] : []) + columns
        let tuple = "(\(Array(repeating: "?", count: cols.count).joined(separator: ", ")))"
        return "\(verb) INTO \(table) (\(cols.joined(separator: ", "))) VALUES \(Array(repeating: tuple, count: rows).joined(separator: ", "))"
    }

    static func update(_ table: String, _ columns: [String]) -> String {
        "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
    }

    static func select(_ table: String, _ columns: [String], withId: Bool = true) -> String {
        "SELECT \(((withId ? ["id"] : []) + columns).joined(separator: ", ")) FROM \(table)"
    }
}
