import Foundation
import MWFoundation

/// The books review file (`--review FILE`): a CSV that opens in a spreadsheet, one row per
/// uncertain merge, with an empty `decision` column; passed back with `--overrides`, its
/// decisions (``BookReviewDecision``) apply by `key`. The same loop as the film imports'
/// `ReviewFile` (docs/IMPORT.md), whose TMDb decisions it cannot share: a book decision says
/// whether two rows are one work, not which TMDb title an item is.
public enum BookReviewFile {
    /// The header, in order.
    public static let columns = ["decision", "status", "title", "authors", "row_isbns", "work_title", "work_isbns",
                                 "work_id", "reason", "service", "file", "line", "key"]

    /// The file's bytes (``ReviewSheet``: byte order mark, CRLF, formula-looking cells
    /// defused), rows in the order given.
    public static func bytes(_ items: [BookReviewItem]) throws -> [UInt8] {
        try ReviewSheet.bytes(header: columns, rows: items.map { i in
            [i.decision, i.status, i.title, i.authors, i.rowISBNs.joined(separator: " "), i.workTitle,
             i.workISBNs.joined(separator: " "), i.workId, i.reason, i.source.rawValue, i.file, String(i.line), i.key]
        })
    }

    /// Writes the review file atomically; returns the number of rows.
    @discardableResult
    public static func write(_ items: [BookReviewItem], to url: URL) throws -> Int {
        try AtomicFile.write(try bytes(items), to: url)
        return items.count
    }
}

/// The user's decisions read back from a books review file: key → decision.
public struct BookOverrides: Sendable {
    public private(set) var decisions: [String: BookReviewDecision]
    /// Unreadable or conflicting decisions, as `import-review-decision` warnings with file:line.
    public var diagnostics: [Diagnostic] = []

    public init(_ decisions: [String: BookReviewDecision] = [:]) { self.decisions = decisions }

    public subscript(key: String) -> BookReviewDecision? { decisions[key] }

    /// Reads the review file at `url` (``ReviewSheet``). Throws ``MWError`` when it cannot be
    /// read or has no `key`/`decision` header.
    public static func read(_ url: URL) throws -> BookOverrides {
        var out = BookOverrides()
        (out.decisions, out.diagnostics) = try ReviewSheet.decisions(at: url, stays: stays, parse: decision, describe: \.rawValue)
        return out
    }

    /// Reads decisions from a review file's bytes (``ReviewSheet``).
    public static func parse(bytes: [UInt8], name: String) throws -> BookOverrides {
        var out = BookOverrides()
        (out.decisions, out.diagnostics) = try ReviewSheet.decisions(bytes: bytes, name: name, stays: stays, parse: decision, describe: \.rawValue)
        return out
    }

    private static let stays = "the merge stays in review"
    private static func decision(_: CSVTable, _: CSVFile.Record, _ text: String) throws -> BookReviewDecision? { try BookReviewDecision.parse(text) }
}
