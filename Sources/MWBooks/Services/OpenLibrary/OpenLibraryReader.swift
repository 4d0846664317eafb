import Foundation
import MWCore
import MWFoundation

/// Open Library's exports (`/account/export`, Python `csv.DictWriter`: CRLF), two of them:
/// the reading log `OpenLibrary_ReadingLog.csv` (`Work ID,Title,Authors,First Publish Year,
/// Edition ID,…,Bookshelf,My Ratings,…,Subjects,…`; authors and subjects joined with ` | `) and
/// the ratings `OpenLibrary_Ratings.csv` (`Work ID,Edition ID,Title,Author(s),Rating,Created
/// On`). The reading log before 2022 was `Work Id,Edition Id,Bookshelf` alone: ids without a
/// title, which a books library cannot hold, so each of its rows is reported and skipped.
/// `Bookshelf` is `Want to Read`, `Currently Reading` or `Already Read`; ratings 1–5. The notes
/// file `OpenLibrary_BookNotes.csv` (`Work ID,Edition ID,Note,Created On`) adds private notes
/// to the books the other files name. Work and edition ids go to the model's fields for them.
enum OpenLibraryReader: BookTrackerReader {
    /// The tracker, declared once: its registry format is ``FormatDescriptor/openlibrary``.
    static let service = BookServiceInfo(name: "openlibrary", displayName: "Open Library", summary: "Open Library: the reading-log, ratings and notes CSVs read",
                                         holds: FormatHolds(ratings: "1–5", dates: "day", status: true))

    /// Open Library's work and edition id columns, with a shelf (the reading log) or a rating
    /// and its day (the ratings file).
    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        guard k.contains("work id") && k.contains("edition id") else { return false }
        return k.contains("bookshelf") || (k.contains("created on") && (k.contains("rating") || k.contains("note")))
    }

    static func layout(_ t: CSVTable) -> String {
        if t.has("Note") && !t.has("Bookshelf") { return "openlibrary-notes" }
        if !t.has("Bookshelf") { return "openlibrary-ratings" }
        return t.has("Title") ? "openlibrary-log" : "openlibrary-log-2021"
    }

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
        if t.has("Note") && !t.has("Bookshelf") { return readNotes(t, into: &out) }
        guard t.has("Title") else { return readOldLog(t, into: &out) }
        let ratings = !t.has("Bookshelf")
        out.eachRow(t) { record, r, title, out in
            var status: ReadingStatus = .read
            if !ratings {
                let shelf = r.text("Bookshelf")
                if let s = shelf.flatMap(ReadingStatus.from) {
                    status = s
                } else {
                    status = .toRead
                    // A shelf of unknown meaning is reported once per file (the file has no dates to read a status from).
                    if let shelf { out.unknownStatus(shelf) } else { r.bad("Bookshelf", "no Bookshelf; imported as to-read") }
                }
            }
            let authors = BookValues.list(t.value(record, ratings ? "Author(s)" : "Authors"), separator: "|")
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: title, authors: authors, status: status)
            // A rating is whole stars 1–5; 0 is none.
            r.stars(&row, ratings ? "Rating" : "My Ratings")
            // The ratings file's only date: the day the book was rated, the first the file knows of it.
            row.dateAdded = r.date("Created On")
            row.originalPublicationYear = r.year("First Publish Year", beforeCommonEra: true)
            var subjects: [String] = []
            for c in ["Subjects", "Subject People", "Subject Places", "Subject Times"] {
                subjects.appendUnique(BookValues.list(t.value(record, c), separator: "|"))
            }
            row.subjects = subjects
            if !ratings, let shelf = r.text("Bookshelf"), ReadingStatus.from(shelf) == nil { row.tags = [shelf] }
            ids(&r, &row)
            return row
        }
    }

    /// `Work ID` → the work's Open Library id, `Edition ID` → the edition's; a value of
    /// another shape is reported.
    static func ids(_ r: inout RowReading, _ row: inout BookRow) {
        for c in ["Work ID", "Edition ID"] {
            if let v = r.text(c), !row.setOpenLibraryKey(v) { r.bad(c, "\(quoted(v)) is not an Open Library id; left out") }
        }
    }

    /// `OpenLibrary_BookNotes.csv`, `Work ID,Edition ID,Note,Created On`: the user's notes
    /// (private on Open Library) by id, without titles. Each row adds its note to the book of
    /// the same import with that work id (the reading log or ratings file of the same export),
    /// as private notes; a note whose work no row of the import names is reported by the fold.
    static func readNotes(_ t: CSVTable, into out: inout BookFileRead) {
        for record in t.rows {
            out.rowsRead += 1
            guard out.usable(t, record) else { continue }
            var r = RowReading(t, record)
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: "", authors: [], status: .toRead)
            ids(&r, &row)
            guard row.openLibraryWorkID != nil, let note = r.text("Note") else {
                out.diagnostics += r.diagnostics
                out.malformed(t, record, row.openLibraryWorkID == nil ? "no Open Library work id" : "no note", column: row.openLibraryWorkID == nil ? "Work ID" : "Note")
                continue
            }
            row.attaches = true
            row.privateNotes = note
            out.diagnostics += r.diagnostics
            out.rows.append(row)
        }
    }

    /// `Work Id,Edition Id,Bookshelf`: every row counted and reported, none imported.
    static func readOldLog(_ t: CSVTable, into out: inout BookFileRead) {
        for record in t.rows {
            out.rowsRead += 1
            guard out.usable(t, record) else { continue }
            let id = t.value(record, "Work Id").flatMap(BookValues.text) ?? "no id"
            out.malformed(t, record, "no title: the reading log before 2022 names a book only by its Open Library ids (\(id)); export the reading log again for titles and authors",
                          column: "Work Id")
        }
    }
}

extension FormatDescriptor {
    /// Open Library's reading log, ratings and notes CSVs, read.
    public static let openlibrary = bookService(OpenLibraryReader.self)
}
