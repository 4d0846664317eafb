import Foundation
import MWCore
import MWFoundation

/// Goodreads' `goodreads_library_export.csv`, every header generation, told apart by header
/// content (never the file name): 31 columns up to 2020 (with `Recommended For`, `Condition`,
/// `BCID`…), 24 columns 2021–2026, 23 since mid-2026 (no `Average Rating`). Columns are read by
/// name, so a generation differs only in what it holds.
enum GoodreadsReader: BookTrackerReader {
    /// The tracker, declared once: its registry format is ``FormatDescriptor/goodreads``.
    static let service = BookServiceInfo(
        name: .goodreads, displayName: "Goodreads",
        summary: "Goodreads: the library export read; written as Goodreads' 24-column export CSV, which StoryGraph and most book trackers import",
        aliases: ["goodreads-csv"], write: GoodreadsCSVWriter.write,
        holds: FormatHolds(ratings: "1–5", dates: "day", tags: true, reviews: true, privateNotes: true, status: true))

    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return k.contains("book id") && k.contains("title") && k.contains("exclusive shelf") && k.contains("author")
    }

    static func layout(_ t: CSVTable) -> String {
        if t.has("Recommended For") || t.has("Condition") || t.has("Original Purchase Date") { return "goodreads-31" }
        return t.has("Average Rating") ? "goodreads-24" : "goodreads-23"
    }

    /// The shelf Goodreads (and our writer) names a status with.
    static func shelf(for status: ReadingStatus) -> String {
        switch status {
        case .wishlist, .toRead: return "to-read"
        case .reading: return "currently-reading"
        case .read: return "read"
        case .onHold: return "on-hold"
        case .dnf: return "did-not-finish"
        }
    }

    /// Columns whose non-empty values the model cannot hold.
    static let unkeptColumns = ["Recommended For", "Recommended By", "Original Purchase Date", "Original Purchase Location",
                                "Condition", "Condition Description", "BCID"]

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
        // Columns a generation may lack, looked up once per file rather than missed in every
        // row (a miss costs two lookups and a folded copy of the name).
        let unkept = unkeptColumns.filter { t.column(named: $0) != nil }
        let hasStarted = t.column(named: "Date Started") != nil
        let hasSpoiler = t.column(named: "Spoiler") != nil
        out.eachRow(t, unkept: unkept) { record, r, title, out in
            var authors: [String] = []
            let primary = r.text("Author") ?? r.text("Author l-f").map(BookValues.firstLast)
            if let primary { authors.append(primary) }
            let additional = BookValues.nameList(t.value(record, "Additional Authors"))
            authors.appendUnique(additional)

            let shelfText = r.text("Exclusive Shelf")
            let dateRead = r.date("Date Read")
            let known = shelfText.flatMap(ReadingStatus.from)
            let status = known ?? (dateRead != nil ? .read : .toRead)
            if shelfText == nil { r.bad("Exclusive Shelf", "no exclusive shelf; imported as \(status == .read ? "read (it has a Date Read)" : "to-read")") }
            // A custom exclusive shelf of unknown meaning: the user's word stays (a tag) and is reported once per file.
            if let s = shelfText, known == nil { out.unknownStatus(s) }
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: title, authors: authors, status: status)
            var isbns: [String] = []
            _ = r.collectISBNs("ISBN", into: &isbns)
            _ = r.collectISBNs("ISBN13", into: &isbns)
            row.isbns = isbns
            // Goodreads lists a person once per credit (author, then translator…) without the
            // role, so `Additional Authors` may name the author again; the work's authors hold
            // each person once. Such a list is kept whole, in its order, as the edition's
            // contributors without roles, so goodreads-csv writes it back as it was
            // (``GoodreadsCSVWriter/additionalAuthors(_:_:)``).
            if authors.count < additional.count + (primary == nil ? 0 : 1) {
                row.contributors = additional.map { Contributor(name: $0) }
            }
            // A Book Id of mwkit's own (goodreads-csv gives one to a book Goodreads has not named) is no Goodreads id.
            if let id = r.text("Book Id"), !id.hasPrefix(GoodreadsCSVWriter.ownBookIdPrefix) {
                if id.allSatisfy({ $0.isASCII && $0.isNumber }) { row.goodreadsIDs = [id] } else { r.bad("Book Id", "\(quoted(id)) is not a Goodreads book id; left out") }
            }
            switch BookValues.count(t.value(record, "My Rating")) {
            case .success(let n)? where n <= 5: row.rating = n == 0 ? nil : n
            case .success(let n)?: r.bad("My Rating", "\(n) is not a rating from 0 to 5; left empty")
            case .failure(let b)?: r.bad("My Rating", "\(quoted(b.value)) is not a rating from 0 to 5; left empty")
            case nil: break
            }
            row.publisher = r.text("Publisher")
            row.format = BookValues.format(r.text("Binding"))
            row.pageCount = r.count("Number of Pages")
            row.publicationDate = r.year("Year Published").map(String.init)
            // Ancient works are written BC as negative years (`-600`); the model's year is a plain integer.
            row.originalPublicationYear = r.year("Original Publication Year", beforeCommonEra: true)
            row.dateAdded = r.date("Date Added")
            row.dateStarted = hasStarted ? r.date("Date Started") : nil
            row.dateCompleted = dateRead
            // Every shelf is a tag but the exclusive one when it only says the status.
            var tags = BookValues.list(t.value(record, "Bookshelves"), separator: ",")
            if let s = shelfText, !tags.contains(s) { tags.insert(s, at: 0) }
            tags.removeAll { $0 == shelf(for: status) }
            row.tags = tags
            // The review is public, the private notes private: two fields, never joined.
            row.notes = BookValues.reviewText(t.value(record, "My Review"))
            row.privateNotes = r.text("Private Notes")
            row.reviewHasSpoilers = hasSpoiler && r.text("Spoiler")?.lowercased() == "true"
            row.readCount = r.count("Read Count")
            row.ownedCopies = r.count("Owned Copies")
            return row
        }
    }
}

extension FormatDescriptor {
    /// Goodreads: its library export read (three generations); written in its current
    /// 24-column layout (`--to goodreads`, or `goodreads-csv`), which StoryGraph, Hardcover,
    /// Open Library and most book trackers import.
    public static let goodreads = bookService(GoodreadsReader.self)
}
