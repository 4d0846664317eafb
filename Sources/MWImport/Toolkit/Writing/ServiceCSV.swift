import Foundation
import MWCore
import MWFoundation

/// What the writers of other services' CSV formats (letterboxd-csv, imdb-csv) share: the CSV
/// text, calendar days, and picking a title's rating (docs/IMPORT.md "Writing other services'
/// formats").
enum ServiceCSV {
    /// The bytes of a CSV file: UTF-8 without a byte order mark (importers read the first
    /// header name with it), CRLF line ends and a final CRLF, fields quoted (by ``CSVText``) exactly
    /// when they hold a comma, a quote, CR or LF (quotes doubled; RFC 4180).
    static func bytes(header: [String], rows: [[String]]) throws -> [UInt8] {
        try CSVText.bytes(header: header, rows: rows, newline: .crlf)
    }

    /// The calendar day `YYYY-MM-DD` of a date: a day-precision value (its 00:00 UTC, or the
    /// 11:00 UTC v1 instant of the day, docs/FORMAT.md#days) gives its own day; an instant gives its UTC day, so the output does not depend on the
    /// machine's time zone.
    static func day(_ date: Date) -> String { String(DateCoding.formatRFC3339(date).prefix(10)) }

    /// The rating written for a title: the newest of the kept ratings that `isPreferred`
    /// accepts, else the newest of those `isCandidate` accepts. Newest by date (undated ones
    /// count as oldest; on a tie the later in `ratings`). Returns its index in `ratings`.
    static func current(_ ratings: [OriginalRating], isCandidate: (OriginalRating) -> Bool = { _ in true },
                        isPreferred: (OriginalRating) -> Bool) -> Int? {
        func newest(_ accept: (OriginalRating) -> Bool) -> Int? {
            var best: Int?
            for (i, r) in ratings.enumerated() where accept(r) {
                if let b = best, (ratings[b].date ?? .distantPast) > (r.date ?? .distantPast) { continue }
                best = i
            }
            return best
        }
        return newest { isCandidate($0) && isPreferred($0) } ?? newest(isCandidate)
    }

    /// A number without a fractional part when it has none (`4`, `4.5`).
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// A title's name for messages: its title and year, or what identifies a stripped record.
    static func label(_ t: Title) -> String {
        guard let m = t.metadata else { return "stripped \(t.mediaType) record (TMDb \(t.tmdbId))" }
        return quoted(m.title) + (m.year > 0 ? " (\(m.year))" : "")
    }

    /// A warning about the title at `index`.
    static func warning(_ code: DiagnosticCode, _ message: String, title index: Int, _ more: Any...) -> Diagnostic {
        .warning(code, message, pointer: jsonPointer(["titles", index] + more))
    }
}
