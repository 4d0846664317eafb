import Foundation

/// One merge the user should confirm: a row folded into a work on title and primary author
/// alone while their ISBNs disagree (the work is `pending`), or such a merge already decided
/// in the overrides (listed again so the file can go back and forth without losing decisions).
public struct BookReviewItem: Sendable, Hashable, Codable {
    /// `review` (waiting), `decided` (a decision applied).
    public var status: String
    /// `merge`, `separate`, or empty.
    public var decision: String
    /// Stable across runs: built from the row's own identifiers and the work's id, never from
    /// positions, so the same row finds its decision however the file is sorted.
    public var key: String
    public var title: String
    public var authors: String
    public var rowISBNs: [String]
    public var workISBNs: [String]
    public var workId: String
    public var workTitle: String
    public var reason: String
    public var source: BookSource
    public var file: String
    public var line: Int
}

/// What the user decided for a review key.
public enum BookReviewDecision: String, Sendable, Hashable, Codable {
    /// The row is the same work: keep the merge, the work is `verified`.
    case merge
    /// A different work: the row becomes a work of its own (never merged on title + author).
    case separate

    /// Reads a decision cell (case and spaces ignored; a spreadsheet's leading `'` dropped).
    /// Nil for an empty cell; throws ``Refused`` for anything else.
    public static func parse(_ text: String) throws -> BookReviewDecision? {
        var t = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if t.hasPrefix("'") { t.removeFirst() }
        switch t {
        case "": return nil
        case "merge", "same", "yes", "accept", "keep": return .merge
        case "separate", "split", "different", "no": return .separate
        default: throw Refused(description: "\"\(text)\" is not a decision (write merge or separate)")
        }
    }

    /// A decision cell that is none of the accepted forms.
    public struct Refused: Error, CustomStringConvertible, Sendable { public var description: String }
}
