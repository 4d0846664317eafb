import Foundation
import MWCore
import MWFoundation

/// Calibre's CSV catalog (`calibredb catalog x.csv`, or Convert books → Create catalog): the
/// columns are the ones the user chose, in any order (with all of them, alphabetical:
/// `author_sort,authors,comments,cover,formats,id,identifiers,isbn,…,title,title_sort,uuid`,
/// plus `#custom` columns); a UTF-8 byte order mark or none; every value quoted. `authors` and
/// `tags` joined with `, `; `identifiers` `goodreads:39077187,isbn:9780756411800`; `rating` in
/// stars (`4.5`); `timestamp` (the day added) and `pubdate` ISO 8601 with offset. A catalog has
/// no reading status: every book is to-read, as BookWyrm's Calibre import does.
enum CalibreReader: BookTrackerReader {
    /// The tracker, declared once: its registry format is ``FormatDescriptor/calibre``.
    static let service = BookServiceInfo(name: "calibre", displayName: "Calibre", summary: "Calibre: the CSV catalog read (any choice of columns); every book to-read",
                                         holds: FormatHolds(ratings: "0.5–5 in halves", dates: "instant", tags: true))
    static func layout(_ table: CSVTable) -> String { "calibre-csv" }

    /// `title` with at least one column only Calibre writes (`author_sort`, `title_sort`,
    /// `library_name`, `uuid`, `identifiers`, `series_index`).
    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        guard k.contains("title") else { return false }
        // `uuid` alone is no signature: TV Time's `tvtime-movies.csv` is `uuid,…,title,…` too.
        return !calibreOnly.isDisjoint(with: k) || (k.contains("uuid") && k.contains("authors"))
    }

    /// Columns only Calibre names so (a `uuid` column counts only beside `authors`).
    static let calibreOnly: Set<String> = ["author_sort", "title_sort", "library_name", "identifiers", "series_index"]

    /// Columns of the user's values the model cannot hold (the book's description is Calibre's
    /// `comments`). Housekeeping (`id`, `uuid`, `cover`, `size`, `library_name`, the sort
    /// forms) is the library's own, not the user's, and is not counted.
    static let unkeptColumns = ["series", "comments"]

    /// Identifier types kept (`isbn`, `goodreads`, `amazon`/`mobi-asin`); others are counted as
    /// `identifiers:<type>`.
    static func identifiers(_ s: String?, into row: inout BookRow, _ r: inout RowReading, _ out: inout BookFileRead) {
        var isbns = row.isbns
        for part in BookValues.list(s, separator: ",") {
            guard let colon = part.firstIndex(of: ":") else {
                r.bad("identifiers", "\(quoted(part)) is not a type:value identifier; left out")
                continue
            }
            let type = part[..<colon].lowercased(), value = String(part[part.index(after: colon)...]).trimmedBlanks(newlines: false)
            guard !value.isEmpty else { continue }
            switch type {
            case "isbn":
                if let n = ISBN.normalize(value) {
                    isbns.appendUnique([n])
                } else if let n = ISBN.restoringLeadingZeros(value) {
                    isbns.appendUnique([n])
                    r.bad("identifiers", "\(quoted(value)) is an ISBN-10 that lost its leading zero (a spreadsheet read it as a number); read as \(n)")
                } else {
                    r.bad("identifiers", "\(quoted(value)) is not an ISBN; left out")
                }
            case "goodreads" where value.allSatisfy({ $0.isASCII && $0.isNumber }):
                row.goodreadsIDs.appendUnique([value])
            case "amazon", "mobi-asin", "asin":
                row.asins.appendUnique([value.uppercased()])
            case "openlibrary":
                if !row.setOpenLibraryKey(value) { out.unkept("identifiers:" + type) }
            default:
                out.unkept("identifiers:" + type)
            }
        }
        if isbns != row.isbns { row.isbns = isbns }
    }

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
        let custom = t.header.fields.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        out.eachRow(t, unkept: unkeptColumns + custom) { record, r, title, out in
            var authors = BookValues.names(t.value(record, "authors"))
            if authors.isEmpty, let sorted = r.text("author_sort") { authors = sorted.components(separatedBy: " & ").map(BookValues.firstLast) }
            // Calibre writes several authors `A & B` in its own display; split either way.
            authors = authors.flatMap { $0.components(separatedBy: " & ") }.map { $0.trimmedBlanks(newlines: false) }.filter { !$0.isEmpty }
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: title, authors: authors, status: .toRead)
            r.isbns("isbn", into: &row)
            identifiers(t.value(record, "identifiers"), into: &row, &r, &out)
            r.stars(&row, "rating")
            row.dateAdded = r.date("timestamp")
            // `pubdate` as its year; Calibre writes year 101 (`0101-01-01…`) for an unknown date.
            if let p = r.text("pubdate") {
                if let y = Int(p.prefix(4)), y > 101 { row.publicationDate = String(y) } else if Int(p.prefix(4)) == nil {
                    r.bad("pubdate", "\(quoted(p)) is not a date; left empty")
                }
            }
            row.publisher = r.text("publisher")
            row.language = BookValues.list(t.value(record, "languages"), separator: ",").first
            row.tags = BookValues.list(t.value(record, "tags"), separator: ",")
            row.format = format(r.text("formats"))
            return row
        }
    }

    /// The files a book has in the library (`epub, original_epub`): an audiobook when any is
    /// audio, else an ebook; nil when none.
    static func format(_ s: String?) -> EditionFormat? {
        let exts = BookValues.list(s, separator: ",").map { $0.lowercased() }
        guard !exts.isEmpty else { return nil }
        return exts.contains { ["m4b", "mp3", "m4a", "aac", "ogg", "flac"].contains($0) } ? .audiobook : .ebook
    }
}

extension FormatDescriptor {
    /// Calibre's CSV catalog (any choice of columns, byte order mark or not), read.
    public static let calibre = bookService(CalibreReader.self)
}
