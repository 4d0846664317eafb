import Foundation
import MWFoundation

/// What reading one book export file gave: its rows, and what could not be used.
public struct BookFileRead: Sendable {
    /// The file's name as given.
    public var file: String
    /// The service, nil when the file is not a book export (or not readable).
    public var source: BookSource?
    /// The header generation found (`goodreads-31`, `goodreads-24`, `goodreads-23`,
    /// `storygraph`, `librarything-csv`, `librarything-tsv`).
    public var layout: String?
    public var rows: [BookRow] = []
    /// Non-empty records after the header.
    public var rowsRead = 0
    /// Rows skipped, with `file:line` and why.
    public var malformed: [MalformedRow] = []
    /// Columns holding values the model has no field for → how many rows had one.
    public var unkept: [String: Int] = [:]
    /// Status words (a custom exclusive shelf, a collection) that name no reading status
    /// ``ReadingStatus/from(_:)`` knows → how many rows had each: kept as the user's word (a
    /// tag) and reported once per file (``reportUnkept()``), never silently read as to-read.
    public var unknownStatuses: [String: Int] = [:]
    public var diagnostics: [Diagnostic] = []
    /// The display names of the trackers the file was read with (``BookServiceReader``), in
    /// their order: what messages say it is not an export of.
    public var tried: [String] = []

    public init(file: String) { self.file = file }

    /// "Goodreads, StoryGraph, … or Calibre": the trackers `files` were read with, for a message.
    static func tried(_ files: [BookFileRead]) -> String {
        files.first { !$0.tried.isEmpty }.map { listing($0.tried) } ?? "book"
    }
}

/// Reads one row's values, each unreadable one becoming an `import-bad-value` warning with
/// file, line, column and row (the rest of the row is kept).
struct RowReading {
    let table: CSVTable
    let record: CSVFile.Record
    var diagnostics: [Diagnostic] = []

    init(_ table: CSVTable, _ record: CSVFile.Record) {
        self.table = table
        self.record = record
    }

    func text(_ names: String...) -> String? {
        for n in names { if let i = table.column(named: n) { return BookValues.text(field(i)) } }
        return nil
    }

    /// The field in column `i`, nil when the row is too short.
    private func field(_ i: Int) -> String? { i < record.fields.count ? record.fields[i] : nil }

    /// The raw value of the first of `names` present, and that column's name.
    private func raw(_ names: [String]) -> (String?, String?) {
        for n in names { if let i = table.column(named: n) { return (field(i), n) } }
        return (nil, nil)
    }

    mutating func bad(_ column: String?, _ message: String) {
        diagnostics.append(table.diagnostic(.warning, .importBadValue, message, row: record, column: column))
    }

    mutating func date(_ names: String...) -> Date? {
        let (v, col) = raw(names)
        switch BookValues.date(v) {
        case .success(let d)?: return d
        case .failure(let b)?: bad(col, "\(quoted(b.value)) is not a date; left empty"); return nil
        case nil: return nil
        }
    }

    mutating func count(_ names: String...) -> Int? {
        let (v, col) = raw(names)
        switch BookValues.count(v) {
        case .success(let n)?: return n
        case .failure(let b)?: bad(col, "\(quoted(b.value)) is not a whole number; left empty"); return nil
        case nil: return nil
        }
    }

    mutating func year(_ names: String..., beforeCommonEra: Bool = false) -> Int? {
        let (v, col) = raw(names)
        switch BookValues.year(v, beforeCommonEra: beforeCommonEra) {
        case .success(let y)?: return y
        case .failure(let b)?: bad(col, "\(quoted(b.value)) is not a year; left empty"); return nil
        case nil: return nil
        }
    }

    /// A rating 0–5 as written into `personalRating`, whole stars also into `rating`.
    mutating func stars(_ into: inout BookRow, _ names: String...) {
        let (v, col) = raw(names)
        switch BookValues.stars(v) {
        case .success(let s)?:
            into.personalRating = s
            if s == s.rounded() { into.rating = Int(s) }
        case .failure(let b)?: bad(col, "\(quoted(b.value)) is not a rating from 0 to 5; left empty")
        case nil: break
        }
    }

    /// ISBN-shaped values of a column holding one ISBN or a bracketed list; a value that is not
    /// ISBN-shaped is reported and handed back in `other` (a StoryGraph ASIN, say).
    mutating func isbns(_ name: String, into row: inout BookRow, other: ((String) -> Bool)? = nil) {
        // Assigned once: the row derives its match keys on each change.
        var isbns = row.isbns
        if collectISBNs(name, into: &isbns, other: other) { row.isbns = isbns }
    }

    /// As ``isbns(_:into:other:)``, into a list (a reader reading two ISBN columns assigns the
    /// row's once); true when the list grew.
    mutating func collectISBNs(_ name: String, into list: inout [String], other: ((String) -> Bool)? = nil) -> Bool {
        guard let inner = BookValues.unwrapped(table.value(record, name)) else { return false }
        var found: [String] = []
        for part in inner.split(separator: ",") {
            let v = part.trimmedBlanks(newlines: false)
            guard !v.isEmpty else { continue }
            if let n = ISBN.normalize(v) {
                found.append(n)
            } else if let n = ISBN.restoringLeadingZeros(v) {
                found.append(n)
                bad(name, "\(quoted(v)) is an ISBN-10 that lost its leading zero (a spreadsheet read it as a number); read as \(n)")
            } else if other?(v) != true {
                bad(name, "\(quoted(v)) is not an ISBN; left out")
            }
        }
        return list.appendUnique(found)
    }
}

extension BookFileRead {
    /// Counts a value the model has no field for.
    mutating func unkept(_ column: String) { unkept[column, default: 0] += 1 }

    /// Counts a status word of unknown meaning (kept by the reader as a tag).
    mutating func unknownStatus(_ word: String) { unknownStatuses[word, default: 0] += 1 }

    /// Records a row that cannot become a book.
    mutating func malformed(_ table: CSVTable, _ record: CSVFile.Record, _ why: String, column: String? = nil) {
        malformed.append(MalformedRow(position: "\(file):\(record.line)", reason: why))
        diagnostics.append(table.diagnostic(.error, .importMalformedRow, why, row: record, column: column))
    }

    /// Checks the shape every reader needs; true when the row can be read. A row may differ
    /// from the header only by blank fields at its end (a trailing comma, or columns the
    /// header names and the row leaves out): nothing is lost by reading it. Anything else is a
    /// broken record, whose fields cannot be trusted to be in their columns.
    /// The prologue every tracker's rows share: each record of `table` is counted, its shape
    /// checked (a row of another width is malformed), its title required; `body` reads the rest
    /// of each usable row, given the row's values and its title.
    /// `body` reads the rest of each usable row into a ``BookRow`` (nil: the row gave none, its
    /// problems already reported); the row's diagnostics, the non-empty values of the
    /// `unkept` columns (counted) and the row itself are then taken here, for every tracker alike.
    mutating func eachRow(_ table: CSVTable, unkept columns: [String] = [], _ body: (CSVFile.Record, inout RowReading, String, inout BookFileRead) -> BookRow?) {
        // Rows are read each on its own (a reader only appends what a row gives), so a large
        // file's two halves are read on two threads, the second into a read of its own that is
        // then appended: the same rows, counts and diagnostics in the same order (reading was
        // a quarter of a 50,000-row import).
        let records = table.rows
        // Room for every row at once: grown by doubling, the first half's array was copied
        // into one twice its size to take the second's, three arrays of rows alive at the peak
        // of a 50,000-row import (issue 29: its peak RSS).
        rows.reserveCapacity(rows.count + records.count)
        guard records.count >= 2 * Self.halfForThreads, !Self.oneThread else {
            eachRow(table, records[...], columns, body)
            return
        }
        let mid = records.count / 2
        var second = BookFileRead(file: file)
        (second.source, second.layout) = (source, layout)
        second.rows.reserveCapacity(records.count - mid)
        TwoThreads.run({ self.eachRow(table, records[..<mid], columns, body) }, { second.eachRow(table, records[mid...], columns, body) })
        rows += second.rows
        rowsRead += second.rowsRead
        malformed += second.malformed
        for (k, v) in second.unkept { unkept[k, default: 0] += v }
        for (k, v) in second.unknownStatuses { unknownStatuses[k, default: 0] += v }
        diagnostics += second.diagnostics
    }

    /// Files of fewer than twice this many rows are read on one thread.
    static let halfForThreads = 2_000

    /// Set while the other core is busy (`--merge-into` reads the existing library on it):
    /// rows are then read on one thread, a third one only contending for the two cores.
    @TaskLocal static var oneThread = false

    /// ``eachRow(_:_:)`` over some of the table's records, on this thread.
    private mutating func eachRow(_ table: CSVTable, _ records: ArraySlice<CSVFile.Record>, _ unkeptColumns: [String],
                                  _ body: (CSVFile.Record, inout RowReading, String, inout BookFileRead) -> BookRow?) {
        // An export that gives a sort form of the title beside it (Calibre's `title_sort`,
        // LibraryThing's `Sort Character`) may also write the title sorted: shown as written for display.
        let sorts = ["title_sort", "Sort Character", "Title Sort", "Sort Title"].contains { table.column(named: $0) != nil }
        for record in records {
            rowsRead += 1
            guard usable(table, record) else { continue }
            var r = RowReading(table, record)
            guard var title = r.text("Title") else {
                malformed(table, record, "no title", column: "Title")
                continue
            }
            if sorts { title = BookValues.displayTitle(title) }
            let read = body(record, &r, title, &self)
            for c in unkeptColumns where r.text(c) != nil { unkept(c) }
            diagnostics += r.diagnostics
            guard var row = read else { continue }
            if let d = Self.consistentRead(table, record, &row) { diagnostics.append(d) }
            rows.append(row)
        }
    }

    /// A read that ends before it starts (a StoryGraph range typed backwards, a LibraryThing
    /// `Date Started` after its `Date Read`) is impossible, and `validate` rejects it
    /// (`book-dates-order`). The finish date is the one that says the book was read, so it is
    /// kept; the start date is left out, with a warning naming both.
    /// Earlier reads (``BookRow/earlierReads``) follow the same rule.
    static func consistentRead(_ table: CSVTable, _ record: CSVFile.Record, _ row: inout BookRow) -> Diagnostic? {
        var bad: [(Date, Date)] = []
        if let start = row.dateStarted, let end = row.dateCompleted, end < start {
            row.dateStarted = nil
            bad.append((start, end))
        }
        for k in row.earlierReads.indices {
            if let start = row.earlierReads[k].dateStarted, let end = row.earlierReads[k].dateCompleted, end < start {
                row.earlierReads[k].dateStarted = nil
                bad.append((start, end))
            }
        }
        guard !bad.isEmpty else { return nil }
        let what = bad.map { "the read ends on \(day($0.1)) before it starts on \(day($0.0))" }.joined(separator: "; ")
        return table.diagnostic(.warning, .importBadValue,
                                "\(what); the finish date is kept, the start date left out", row: record)
    }

    /// `2025-04-19`, the day of a date the readers read as a day (UTC).
    static func day(_ d: Date) -> String { String(DateCoding.formatRFC3339(d).prefix(10)) }

    mutating func usable(_ table: CSVTable, _ record: CSVFile.Record) -> Bool {
        let header = table.header.fields, fields = record.fields
        let shape = fields.count == header.count
            || (fields.count > header.count && fields[header.count...].allSatisfy { BookValues.text($0) == nil })
            || (fields.count < header.count && header[fields.count...].allSatisfy { $0.trimmedBlanks(newlines: false).isEmpty })
        if !shape {
            malformed(table, record, "\(record.fields.count) field(s) where the header has \(table.header.fields.count)")
            return false
        }
        return true
    }

    /// One `books-import-unkept-field` warning per column, and one `books-import-unknown-status`
    /// warning per status word of unknown meaning (what each row became is the reader's rule,
    /// given as `fallback`), after the rows.
    mutating func reportUnkept(fallback: String = "kept as a tag; each row's status taken from its dates (to-read when it has none)") {
        for (word, n) in unknownStatuses.sorted(by: { $0.key < $1.key }) {
            var d = Diagnostic.warning(.booksImportUnknownStatus,
                                       "\(n) row(s) are on \(quoted(word)), which names no reading status mwkit knows: \(fallback)")
            d.file = file
            diagnostics.append(d)
        }
        for (column, n) in unkept.sorted(by: { $0.key < $1.key }) {
            var d = Diagnostic.warning(.booksImportUnkeptField, "\(n) row(s) have a \(quoted(column)) value the BooksTrack model has no field for; not imported")
            d.file = file
            d.field = column
            diagnostics.append(d)
        }
    }
}
