import Foundation
import MWCore
import MWFoundation

/// Open Library's exports (`/account/export`, Python `csv.DictWriter`: CRLF), two of them:
/// the reading log `OpenLibrary_ReadingLog.csv` (`Work ID,Title,Authors,First Publish Year,
/// Edition ID,…,Bookshelf,My Ratings,…,Subjects,…`; authors and subjects joined with ` | `) and
/// the ratings `OpenLibrary_Ratings.csv` (`Work ID,Edition ID,Title,Author(s),Rating,Created
/// On`). The reading log before 2022 was `Work Id,Edition Id,Bookshelf` alone: ids without a
/// title, which a books library cannot hold, so each of its rows is reported and skipped.
/// `Bookshelf` is `Want to Read`, `Currently Reading` or `Already Read`; ratings 1–5.
enum OpenLibraryReader {
    /// Open Library's work and edition id columns, with a shelf (the reading log) or a rating
    /// and its day (the ratings file).
    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        guard k.contains("work id") && k.contains("edition id") else { return false }
        return k.contains("bookshelf") || (k.contains("rating") && k.contains("created on"))
    }

    static func layout(_ t: CSVTable) -> String {
        if !t.has("Bookshelf") { return "openlibrary-ratings" }
        return t.has("Title") ? "openlibrary-log" : "openlibrary-log-2021"
    }

    /// Columns whose values the model cannot hold: Open Library's own ids (the library has
    /// fields for them, the rows that carry books into it do not).
    static let unkeptColumns = ["Work ID", "Edition ID"]

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
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
                    r.bad("Bookshelf", shelf.map { "\(quoted($0)) is not a reading status; imported as to-read" } ?? "no Bookshelf; imported as to-read")
                }
            }
            let authors = BookValues.list(t.value(record, ratings ? "Author(s)" : "Authors"), separator: "|")
            var row = BookRow(source: BookSource(rawValue: "openlibrary"), file: out.file, line: record.line, row: t.rowNumber(record),
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
            for c in unkeptColumns where r.text(c) != nil { out.unkept(c) }
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

/// The tracker as the registry knows it.
struct OpenLibraryService: BookServiceReader {
    var name: String { "openlibrary" }
    var displayName: String { "Open Library" }
    func isHeader(_ fields: [String]) -> Bool { OpenLibraryReader.isHeader(fields) }
    func layout(_ table: CSVTable) -> String { OpenLibraryReader.layout(table) }
    func read(_ table: CSVTable, into out: inout BookFileRead) { OpenLibraryReader.read(table, into: &out) }
}

extension FormatDescriptor {
    /// Open Library's reading log and ratings CSVs, read.
    public static let openlibrary = FormatDescriptor.bookService(
        OpenLibraryService(), summary: "Open Library: the reading-log and ratings CSVs read")
        .holding(FormatHolds(ratings: "1–5", dates: "day", status: true))
}
