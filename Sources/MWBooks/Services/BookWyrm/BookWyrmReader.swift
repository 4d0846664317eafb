import Foundation
import MWCore
import MWFoundation

/// BookWyrm's `bookwyrm-export.csv` (Python `csv.writer`: CRLF, minimal quoting): one row per
/// edition the user shelved, read, reviewed or quoted, with the latest read-through and the
/// latest review. Header generations, told apart by content: `pages` since 2025-12, `finna_key`
/// since 2025-03, `start_date`…`shelf_date` since 2024-01, before that ids and the review
/// only. `shelf` is `to-read`, `reading`, `read`, `stopped-reading` or a custom slug
/// (`cooking-9`, its label in `shelf_name`); `rating` 0.5–5; dates `YYYY-MM-DD`.
enum BookWyrmReader: BookTrackerReader {
    /// The tracker, declared once: its registry format is ``FormatDescriptor/bookwyrm``.
    static let service = BookServiceInfo(name: "bookwyrm", displayName: "BookWyrm", summary: "BookWyrm: the CSV export read",
                                         holds: FormatHolds(ratings: "0.5–5 in halves", dates: "day", tags: true, reviews: true, status: true))

    /// `author_text` and `remote_id` (the book's address on the instance) are BookWyrm's own.
    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return k.contains("title") && k.contains("author_text") && k.contains("remote_id")
    }

    static func layout(_ t: CSVTable) -> String {
        if t.has("pages") { return "bookwyrm-2025-12" }
        if t.has("finna_key") { return "bookwyrm-2025" }
        if t.has("shelf") || t.has("start_date") { return "bookwyrm-2024" }
        return "bookwyrm-2022"
    }

    /// The shelves BookWyrm creates for every user, by identifier.
    static let statusShelves: [String: ReadingStatus] = ["to-read": .toRead, "reading": .reading, "read": .read, "stopped-reading": .dnf]

    /// Identifier columns the model has no field for (a row's `remote_id` is its address on the
    /// instance it was exported from), and the review's publication date and the day a read was stopped.
    static let unkeptColumns = ["remote_id", "finna_key", "libris_key", "inventaire_id", "librarything_key",
                                "bnf_id", "viaf", "wikidata", "aasin", "isfdb", "oclc_number", "review_published", "stopped_date"]

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
        out.eachRow(t, unkept: unkeptColumns) { record, r, title, out in
            let started = r.date("start_date"), finished = r.date("finish_date"), stopped = r.date("stopped_date")
            let shelf = r.text("shelf")
            var tags: [String] = []
            let label = r.text("shelf_name")
            // A custom shelf whose label names a status (`Abandoned`) is that status.
            var status = shelf.flatMap { statusShelves[$0.lowercased()] } ?? label.flatMap(ReadingStatus.from)
            if status == nil, let shelf {
                // A custom shelf (`cooking-9`) is a tag under its label, reported once per file; the dates give the status.
                tags.append(label ?? shelf)
                out.unknownStatus(label ?? shelf)
            }
            if status == nil {
                status = finished != nil ? .read : stopped != nil ? .dnf : started != nil ? .reading : .toRead
            }
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: title, authors: BookValues.names(t.value(record, "author_text")), status: status!)
            r.isbns("isbn_10", into: &row)
            r.isbns("isbn_13", into: &row)
            if let asin = r.text("asin") { row.asins = [asin.uppercased()] }
            if let id = r.text("goodreads_key") {
                if id.allSatisfy({ $0.isASCII && $0.isNumber }) { row.goodreadsIDs = [id] } else { r.bad("goodreads_key", "\(quoted(id)) is not a Goodreads book id; left out") }
            }
            // Open Library's key of the book: a work (`OL…W`) or an edition (`OL…M`) by its kind.
            if let k = r.text("openlibrary_key"), !row.setOpenLibraryKey(k) { out.unkept("openlibrary_key") }
            row.pageCount = r.count("pages")
            r.stars(&row, "rating")
            row.tags = tags
            row.dateAdded = r.date("shelf_date")
            row.dateStarted = started
            row.dateCompleted = finished
            // The review: its title, its content warning, its text.
            row.notes = BookValues.joinNotes([r.text("review_name"), r.text("review_cw").map { "Content warning: " + $0 },
                                              BookValues.reviewText(t.value(record, "review_content"))])
            return row
        }
    }
}

extension FormatDescriptor {
    /// BookWyrm's CSV export (every header generation), read.
    public static let bookwyrm = bookService(BookWyrmReader.self)
}
