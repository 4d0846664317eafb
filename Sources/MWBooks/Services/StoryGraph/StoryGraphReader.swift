import Foundation
import MWCore
import MWFoundation

/// StoryGraph's export CSV: `Read Status` (read, to-read, currently-reading, did-not-finish,
/// paused), `Dates Read` as days or ranges (`2025/04/19-2025/04/21`, several comma-separated),
/// `Star Rating` in halves or quarters, `ISBN/UID` that may be an ASIN, moods, pace and the reader's
/// character questions, empty fields written `""`.
enum StoryGraphReader: BookTrackerReader {
    /// The tracker, declared once: its registry format is ``FormatDescriptor/storygraph``.
    static let service = BookServiceInfo(name: .storygraph, displayName: "StoryGraph", summary: "StoryGraph: the export CSV read",
                                         holds: FormatHolds(ratings: "0.25–5 in quarters", dates: "day", rewatches: true, tags: true, reviews: true, status: true))

    static func isHeader(_ fields: [String]) -> Bool {
        let k = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return k.contains("title") && k.contains("isbn/uid") && k.contains("read status")
    }

    /// Answers kept as `question:answer` tags (the question slugged), so none is lost.
    static let questionColumns = ["Character- or Plot-Driven?", "Strong Character Development?", "Loveable Characters?",
                                  "Diverse Characters?", "Flawed Characters?"]

    /// An Amazon ASIN: ten letters and digits, at least one letter (an ISBN-10 has none but `X`).
    static func isASIN(_ v: String) -> Bool {
        v.count == 10 && v.allSatisfy { $0.isASCII && ($0.isNumber || $0.isUppercase) } && v.contains { $0.isLetter && $0 != "X" }
    }

    static func slug(_ s: String) -> String {
        ReadingStatus.key(s.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }).replacingOccurrences(of: " ", with: "-")
    }

    static func read(_ t: CSVTable, into out: inout BookFileRead) {
        out.eachRow(t) { record, r, title, out in
            let authors = BookValues.names(t.value(record, "Authors"))
            let (status, statusWord) = r.status("Read Status")
            var row = BookRow(source: service.name, file: out.file, line: record.line, row: t.rowNumber(record),
                              title: title, authors: authors, status: status)
            var asins: [String] = []
            r.isbns("ISBN/UID", into: &row) { v in
                guard isASIN(v.uppercased()) else { return false }
                asins.append(v.uppercased())
                return true
            }
            row.asins = asins
            row.format = BookValues.format(r.text("Format"))
            row.dateAdded = r.date("Date Added")
            readDates(&r, &row, &out)
            r.stars(&row, "Star Rating")
            var tags = BookValues.list(t.value(record, "Tags"), separator: ",")
            for m in BookValues.list(t.value(record, "Moods"), separator: ",") { tags.append("mood:" + m) }
            if let p = r.text("Pace") { tags.append("pace:" + p) }
            for q in questionColumns { if let a = r.text(q) { tags.append(slug(q) + ":" + a) } }
            for w in BookValues.list(t.value(record, "Content Warnings"), separator: ",") { tags.append("content-warning:" + w) }
            row.tags = tags
            row.contributors = contributors(t.value(record, "Contributors"))
            row.notes = BookValues.joinNotes([BookValues.reviewText(t.value(record, "Review")),
                                              r.text("Content Warning Description").map { "Content warnings: " + $0 }])
            switch r.text("Owned?")?.lowercased() {
            case "yes"?: row.ownedCopies = 1
            case "no"?: row.ownedCopies = 0
            case let v?: r.bad("Owned?", "\(quoted(v)) is not Yes or No; left empty")
            case nil: break
            }
            row.keepStatusWord(statusWord, &out)
            row.readCount = r.count("Read Count")
            return row
        }
    }

    /// `Contributors`: `Name (Role)` items separated by commas (`Jane Doe (Translator), John
    /// Roe (Narrator)`); several roles in one pair of parentheses (`(Illustrator, Editor)`) or
    /// the same name listed again with another role are one contributor with every role. A
    /// name without a role is a contributor with none — the column credits people beside the
    /// authors (`Authors`), so it never makes an author.
    static func contributors(_ cell: String?) -> [Contributor] {
        guard let cell = BookValues.text(cell) else { return [] }
        // Split on commas outside parentheses.
        var items: [String] = [], current = "", depth = 0
        for ch in cell {
            if ch == "(" { depth += 1 } else if ch == ")" { depth = max(0, depth - 1) }
            if ch == "," && depth == 0 { items.append(current); current = "" } else { current.append(ch) }
        }
        items.append(current)
        var out: [Contributor] = []
        for item in items {
            var text = item.trimmingCharacters(in: .whitespaces)
            var roles: [String] = []
            if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
                let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
                roles = inside.split(whereSeparator: { $0 == "," || $0 == "&" || $0 == "/" })
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                text = String(text[..<open]).trimmingCharacters(in: .whitespaces)
            }
            guard !text.isEmpty else { continue }
            if let k = out.firstIndex(where: { $0.name == text }) {
                out[k].roles.appendUnique(roles)
            } else {
                var c = Contributor(name: text)
                c.roles.appendUnique(roles)
                out.append(c)
            }
        }
        return out
    }

    /// `Dates Read`: the latest read gives the start and end dates; the others are the entry's
    /// earlier reads, oldest first. A range with no end (`2025/04/19-`) is a read begun: its
    /// start is kept and it has no end. `Last Date Read` when `Dates Read` is empty.
    static func readDates(_ r: inout RowReading, _ row: inout BookRow, _ out: inout BookFileRead) {
        let reads = BookValues.list(r.text("Dates Read"), separator: ",")
        var found: [(start: Date?, end: Date?, at: Date)] = []
        for read in reads {
            // `2025/04/19-2025/04/21` (or ISO days, `2025-04-19-2025-04-21`); a single day is an end date.
            let chars = Array(read)
            let ends: [String] = read.contains("/") ? read.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                : (chars.count == 21 || chars.count == 11) && chars[10] == "-" ? [String(chars[..<10]), String(chars[11...])] : [read]
            let start = ends.count == 2 ? BookValues.date(ends[0]) : nil
            let end: Date?
            if ends.count == 2 && BookValues.text(ends[1]) == nil {
                end = nil  // a read begun
            } else if case .success(let e)? = BookValues.date(ends.last) {
                end = e
            } else {
                r.bad("Dates Read", "\(quoted(read)) is not a date or a date range; left out")
                continue
            }
            var s: Date?
            if case .success(let d)? = start { s = d } else if start != nil {
                r.bad("Dates Read", "\(quoted(read)) has an unreadable start date; left out")
            }
            // A read begun whose start is unreadable was reported above; one with no start at all here.
            guard let at = end ?? s else {
                if start == nil { r.bad("Dates Read", "\(quoted(read)) is not a date or a date range; left out") }
                continue
            }
            found.append((s, end, at))
        }
        // Oldest first; the latest is the current read (on a tie, the one listed first).
        let ordered = found.enumerated().sorted { ($0.element.at, -$0.offset) < ($1.element.at, -$1.offset) }.map(\.element)
        if let best = ordered.last {
            row.dateStarted = best.start
            row.dateCompleted = best.end
            row.earlierReads = ordered.dropLast().map { ReadingSession(dateStarted: $0.start, dateCompleted: $0.end) }
        } else {
            row.dateCompleted = r.date("Last Date Read")
        }
    }
}

extension FormatDescriptor {
    /// StoryGraph's export CSV, read.
    public static let storygraph = bookService(StoryGraphReader.self)
}
