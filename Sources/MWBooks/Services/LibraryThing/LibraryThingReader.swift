import Foundation
import MWCore
import MWFoundation

/// LibraryThing's exports: the CSV (`Book ID,Title,…,Primary Author,…,ISBNs,Subjects,…`, CRLF,
/// ISBNs `[1578660289]`, `|`-separated secondary authors and subjects) and the older
/// tab-separated UTF-16 export (`book id`, `title`, `author (first, last)`, `author (last,
/// first)`, `other authors`, …, values `(blank)`). Columns are read by name in either.
enum LibraryThingReader: BookTrackerReader {
    /// The tracker, declared once: its registry format is ``FormatDescriptor/librarything``.
    static let service = BookServiceInfo(name: .librarything, displayName: "LibraryThing", summary: "LibraryThing: the CSV export and the older tab-separated export read",
                                         holds: FormatHolds(ratings: "0.5–5 in halves", dates: "day", tags: true, reviews: true, privateNotes: true, status: true))

    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return k.contains("book id") && k.contains("title")
            && (k.contains("primary author") || k.contains("author (first, last)") || k.contains("author (last, first)"))
    }

    /// The older export is separated by tabs.
    static func layout(_ t: CSVTable) -> String {
        t.delimiter == "\t" ? "librarything-tsv" : "librarything-csv"
    }

    static let unkeptColumns = ["Acquired", "date acquired", "Lending Patron", "Lending Status", "From Where"]

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
        let tsv = t.has("author (first, last)") || t.has("other authors")
        out.eachRow(t, unkept: unkeptColumns) { record, r, title, out in
            var authors: [String] = []
            if let a = r.text("author (first, last)") ?? r.text("Primary Author", "author (last, first)").map(BookValues.firstLast) {
                authors.append(a)
            }
            // The CSV separates secondary authors with `|` (each `Last, First`); the TSV's
            // `other authors` are `First Last` separated by commas.
            var contributors: [Contributor] = []
            if tsv {
                authors.appendUnique(BookValues.names(t.value(record, "other authors")))
            } else {
                // `Secondary Author Role` lists each secondary author's role at the same place
                // (`Translator|Author`): one whose role is not author (translator, illustrator,
                // editor…) is the edition's contributor, never an author; no role is an author.
                let names = BookValues.list(t.value(record, "Secondary Author"), separator: "|").map(BookValues.firstLast)
                let roles = (r.text("Secondary Author Role", "Secondary Author Roles") ?? "").split(separator: "|", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                for (k, name) in names.enumerated() {
                    let role = k < roles.count ? roles[k] : ""
                    if role.isEmpty || role.lowercased() == "author" {
                        authors.appendUnique([name])
                    } else {
                        Contributor.union(&contributors, [Contributor(name: name, roles: [role])])
                    }
                }
            }

            // Statuses live in collections (`Currently reading`, `To read`, `Wishlist`, `Read but unowned`).
            var status: ReadingStatus?
            var tags = BookValues.list(t.value(record, "Tags"), separator: ",")
            for c in BookValues.list(t.value(record, "Collections"), separator: ",") {
                let s = ReadingStatus.key(c) == "read but unowned" ? .read : ReadingStatus.from(c)
                if status == nil, let s { status = s; continue }
                // `Your library` is every book's default collection, not a choice of the user's.
                if ReadingStatus.key(c) != "your library" && !tags.contains(c) { tags.append(c) }
            }
            let dateRead = r.date("Date Read", "date ended")
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: title, authors: authors, status: status ?? .toRead)
            row.tags = tags
            if t.has("ISBNs") { r.isbns("ISBNs", into: &row) }
            if t.has("ISBN") { r.isbns("ISBN", into: &row) }
            if let id = r.text("Book ID") { row.librarythingBookIDs = [id] }
            if let id = r.text("Work id", "Work ID") { row.librarythingWorkIDs = [id] }
            if let pub = r.text("Publication") {
                // `Galahad Books (1998), Hardcover, 128 pages`: the publisher is before the year.
                let first = pub.split(separator: ",").first.map(String.init) ?? pub
                row.publisher = BookValues.text(first.range(of: " (").map { String(first[..<$0.lowerBound]) } ?? first)
            }
            row.publicationDate = r.text("Date")
            row.pageCount = r.count("Page Count")
            row.format = BookValues.format(r.text("Media"))
            row.language = r.text("Original Languages", "original language")
            row.subjects = BookValues.list(t.value(record, "Subjects"), separator: "|")
            r.stars(&row, "Rating", "stars", "rating")
            row.contributors = contributors
            // The review and the public comment are the user's public text; the private comment
            // is private (never joined into them).
            row.notes = BookValues.joinNotes([BookValues.reviewText(r.text("Review")), r.text("Comment", "comments")])
            row.privateNotes = r.text("Private Comment", "private comments")
            row.dateAdded = r.date("Entry Date", "date entered")
            row.dateStarted = r.date("Date Started")
            row.dateCompleted = dateRead
            // No collection names a status: a date read, a rating or a review says the book was
            // read (LibraryThing keeps no status of its own; rated books are books read).
            if status == nil, dateRead != nil || row.personalRating != nil || r.text("Review") != nil {
                row.status = .read
            }
            row.ownedCopies = r.count("Copies", "your copies")
            return row
        }
    }
}

extension FormatDescriptor {
    /// LibraryThing's exports (CSV, and the older tab-separated UTF-16 one), read.
    public static let librarything = bookService(LibraryThingReader.self)
}
