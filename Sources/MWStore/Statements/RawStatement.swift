import Foundation
import GRDB
import GRDBSQLite
import MWCore

/// A prepared statement driven through the SQLite C API directly.
///
/// Why not GRDB's `Statement` with `StatementArguments`: bulk restore binds millions of values,
/// and building a `[DatabaseValue]` per row costs more than the insert itself. GRDB still owns
/// the connection, the transactions and the migrations; this only binds, steps and reads.
/// Create it inside a GRDB access closure and call ``finalize()`` before leaving it.
final class RawStatement: ColumnSink {
    private var stmt: OpaquePointer?
    private let connection: OpaquePointer
    private var index: Int32 = 0
    let sql: String

    init(_ db: Database, _ sql: String) throws {
        guard let connection = db.sqliteConnection else { throw MWError.failed("database connection is closed") }
        self.connection = connection
        self.sql = sql
        var s: OpaquePointer?
        let rc = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &s, nil)
        guard rc == SQLITE_OK, let s else {
            throw RawStatement.error(rc, connection, sql)
        }
        stmt = s
    }

    deinit { finalize() }

    /// Releases the statement (also done on deinit).
    func finalize() {
        if let stmt { sqlite3_finalize(stmt) }
        stmt = nil
    }

    // MARK: Binding (positional, in call order; ``step()`` / ``reset()`` restart at 1)

    func bind(_ v: String?) {
        index += 1
        guard var v else { sqlite3_bind_null(stmt, index); return }
        v.withUTF8 { buf in
            // An empty string still needs a non-null pointer, or SQLite stores NULL.
            let base = buf.baseAddress.map { UnsafeRawPointer($0) } ?? RawStatement.emptyText
            _ = sqlite3_bind_text(stmt, index, base.assumingMemoryBound(to: CChar.self), Int32(buf.count), RawStatement.transient)
        }
    }

    func bind(_ v: Int?) {
        index += 1
        if let v { sqlite3_bind_int64(stmt, index, Int64(v)) } else { sqlite3_bind_null(stmt, index) }
    }

    func bind(_ v: Int64?) {
        index += 1
        if let v { sqlite3_bind_int64(stmt, index, v) } else { sqlite3_bind_null(stmt, index) }
    }

    func bind(_ v: Bool?) {
        index += 1
        if let v { sqlite3_bind_int64(stmt, index, v ? 1 : 0) } else { sqlite3_bind_null(stmt, index) }
    }

    func bind(_ v: Double?) {
        index += 1
        if let v { sqlite3_bind_double(stmt, index, v) } else { sqlite3_bind_null(stmt, index) }
    }

    func bind(_ v: Date?) { bind(v.map(StoreDate.encode)) }

    /// Binds a cell of a ``RowBatch``; its text stays in `text`, which must outlive the
    /// statement's next ``run()`` (SQLITE_STATIC: SQLite copies nothing).
    func bind(_ c: RowCell, text: UnsafeRawBufferPointer) {
        index += 1
        switch c.kind {
        case .null: sqlite3_bind_null(stmt, index)
        case .integer: sqlite3_bind_int64(stmt, index, c.bits)
        case .real: sqlite3_bind_double(stmt, index, Double(bitPattern: UInt64(bitPattern: c.bits)))
        case .text:
            let p = c.length == 0 ? RawStatement.emptyText : text.baseAddress! + Int(c.bits)
            _ = sqlite3_bind_text(stmt, index, p.assumingMemoryBound(to: CChar.self), c.length, RawStatement.static)
        }
    }

    /// Drops every binding (after a batch whose text they point into is gone).
    func clearBindings() {
        sqlite3_clear_bindings(stmt)
    }

    // MARK: Stepping

    /// Executes a statement that returns no row, then resets it for the next use.
    func run() throws {
        defer { reset() }
        let rc = sqlite3_step(stmt)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw RawStatement.error(rc, connection, sql) }
    }

    /// Advances to the next row; false at the end. Call ``reset()`` when done.
    func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw RawStatement.error(rc, connection, sql)
    }

    /// Resets the statement and its bind position (bindings are overwritten by the next use).
    func reset() {
        sqlite3_reset(stmt)
        index = 0
    }

    // MARK: Columns (0-based)

    func isNull(_ c: Int32) -> Bool { sqlite3_column_type(stmt, c) == SQLITE_NULL }

    func string(_ c: Int32) -> String? {
        guard let p = sqlite3_column_text(stmt, c) else { return nil }
        let n = Int(sqlite3_column_bytes(stmt, c))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    func int(_ c: Int32) -> Int? { isNull(c) ? nil : Int(sqlite3_column_int64(stmt, c)) }
    func int64(_ c: Int32) -> Int64? { isNull(c) ? nil : sqlite3_column_int64(stmt, c) }
    func double(_ c: Int32) -> Double? { isNull(c) ? nil : sqlite3_column_double(stmt, c) }
    func bool(_ c: Int32) -> Bool? { isNull(c) ? nil : sqlite3_column_int64(stmt, c) != 0 }
    func date(_ c: Int32) -> Date? { double(c).map(StoreDate.decode) }

    /// An exact text form of any value, type-tagged (REAL as its bit pattern), for hashing.
    func canonicalText(_ c: Int32) -> String {
        switch sqlite3_column_type(stmt, c) {
        case SQLITE_NULL: return "N"
        case SQLITE_INTEGER: return "I" + String(sqlite3_column_int64(stmt, c))
        case SQLITE_FLOAT: return "R" + String(sqlite3_column_double(stmt, c).bitPattern, radix: 16)
        default: return "T" + (string(c) ?? "")
        }
    }

    /// The first column of the first row as an integer (for `SELECT count(*)` and the like).
    func scalarInt() throws -> Int? {
        defer { reset() }
        return try step() ? int(0) : nil
    }

    // Sendable: points at a string literal's constant bytes, never written.
    nonisolated(unsafe) private static let emptyText = UnsafeRawPointer(StaticString("").utf8Start)
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    static let `static` = unsafeBitCast(0, to: sqlite3_destructor_type.self)

    static func error(_ rc: Int32, _ connection: OpaquePointer, _ sql: String) -> Error {
        let msg = String(cString: sqlite3_errmsg(connection))
        return DatabaseError(resultCode: ResultCode(rawValue: rc), message: msg, sql: sql)
    }
}

/// How dates are stored: REAL seconds since 2001-01-01T00:00:00Z, Foundation's own
/// representation, so a `Date` read back is bit-identical to the one written.
enum StoreDate {
    static func encode(_ d: Date) -> Double { d.timeIntervalSinceReferenceDate }
    static func decode(_ v: Double) -> Date { Date(timeIntervalSinceReferenceDate: v) }
}
