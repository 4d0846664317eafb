import Foundation
import MWCore
import MWFoundation

/// Hardcover's CSV export (no sample on hand: the columns as importer projects list them,
/// 2025-07): `Title,Author,Series,Status,Privacy,Hardcover Book ID,…,Private Notes,Owned,
/// Compilation,Review Slate`. `Status` `Read`, `Currently Reading`, `Want to Read`, `Did Not
/// Finish`, `Paused`; `Rating` 0–5 in halves (`4.0`); `Genres`, `Moods`, `Tags` JSON arrays in
/// one quoted cell; booleans `true`/`false`; dates `YYYY-MM-DD`. Columns are read by name.
enum HardcoverReader: BookTrackerReader {
    /// The tracker, declared once: its registry format is ``FormatDescriptor/hardcover``.
    static let service = BookServiceInfo(name: "hardcover", displayName: "Hardcover", summary: "Hardcover: the CSV export read", holds: FormatHolds(
        ratings: "0.5–5 in halves (0: unrated)", dates: "day", lists: true, tags: true, reviews: true, privateNotes: true, status: true))

    /// Hardcover's own id column names the file; `Title` and `Status` are what every row needs.
    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return k.contains("title") && k.contains("status") && k.contains("hardcover book id")
    }

    /// Columns whose non-empty values the model cannot hold (Hardcover's own ids, series,
    /// privacy, the review's date and links, the audiobook's length, the country).
    static let unkeptColumns = ["Series", "Privacy", "Hardcover Book ID", "Hardcover Edition ID", "Country Code",
                                "Duration in Seconds", "Review Date", "Review URL", "Review Media URL"]
    /// `true`/`false` columns counted when true (the model has no sponsored or compilation flag;
    /// `Owned` and `Review Contains Spoilers` are kept).
    static let unkeptFlags = ["Sponsored Review", "Compilation"]

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
        out.eachRow(t, unkept: unkeptColumns) { record, r, title, out in
            let (status, statusWord) = r.status("Status")
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: title, authors: BookValues.names(t.value(record, "Author")), status: status)
            r.isbns("ISBN 10", into: &row)
            r.isbns("ISBN 13", into: &row)
            if let asin = r.text("ASIN") { row.asins = [asin.uppercased()] }
            row.format = BookValues.format(r.text("Binding")) ?? BookValues.format(r.text("Media"))
            row.pageCount = r.count("Pages")
            row.publicationDate = r.text("Publish Date").map { String($0.prefix(4)) }.flatMap { Int($0) != nil ? $0 : nil }
            row.publisher = r.text("Publisher")
            row.language = r.text("Language Code")
            row.subjects = jsonList(&r, "Genres")
            var tags = jsonList(&r, "Tags")
            tags.appendUnique(jsonList(&r, "Lists").map { "list:" + $0 })
            tags.appendUnique(jsonList(&r, "Moods").map { "mood:" + $0 })
            tags.appendUnique(jsonList(&r, "Content Warnings").map { "content-warning:" + $0 })
            row.tags = tags
            row.dateAdded = r.date("Date Added")
            row.dateStarted = r.date("Date Started")
            row.dateCompleted = r.date("Date Finished")
            r.stars(&row, "Rating")
            // The review is public, the private notes private (as Goodreads'): never joined.
            let review = BookValues.reviewText(t.value(record, "Review"))
            row.notes = review
            row.privateNotes = r.text("Private Notes")
            row.reviewHasSpoilers = r.text("Review Contains Spoilers")?.lowercased() == "true"
            if let owned = r.text("Owned")?.lowercased(), owned == "true" || owned == "false" { row.ownedCopies = owned == "true" ? 1 : 0 }
            // The review again as rich text: counted only when it holds what `Review` does not.
            if review == nil, r.text("Review Slate") != nil { out.unkept("Review Slate") }
            row.keepStatusWord(statusWord, &out)
            for c in unkeptFlags where r.text(c)?.lowercased() == "true" { out.unkept(c) }
            return row
        }
    }

    /// A cell holding a JSON array of strings (`["Fantasy","Fiction"]`); a cell that is not
    /// one is read as a comma-separated list, with a warning when it starts like an array.
    static func jsonList(_ r: inout RowReading, _ column: String) -> [String] {
        guard let text = r.text(column) else { return [] }
        guard text.hasPrefix("[") else { return BookValues.list(text, separator: ",") }
        guard let array = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [Any] else {
            r.bad(column, "\(quoted(text)) is not a JSON array; read as a comma-separated list")
            return BookValues.list(String(text.dropFirst().dropLast(text.hasSuffix("]") ? 1 : 0)), separator: ",")
        }
        var out: [String] = []
        out.appendUnique(array.compactMap { v in (v as? String).flatMap(BookValues.text) ?? (v as? NSNumber).map { "\($0)" } })
        return out
    }
}

extension FormatDescriptor {
    /// Hardcover's CSV export, read.
    public static let hardcover = bookService(HardcoverReader.self)
}
