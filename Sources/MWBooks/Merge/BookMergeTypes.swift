import MWCore

/// The four kinds of record of a books library, in merge order.
public enum BookEntity: String, Sendable, CaseIterable, Codable {
    case author, work, edition, entry
}

/// What a merge does with one incoming record.
public enum BookMergeAction: String, Sendable, Codable {
    /// Added.
    case insert
    /// An existing record takes new values.
    case update
    /// Nothing changes (identical, or the existing values were kept).
    case skip
}

/// One decision of a merge, for plans and reports.
public struct BookMergeDecision: Sendable, Equatable {
    public var entity: BookEntity
    public var action: BookMergeAction
    /// The record exists on both sides with different values.
    public var conflict: Bool
    /// The record's id in the incoming library.
    public var incomingId: String
    /// The id it has in the merged library.
    public var resultId: String
    /// What it was matched by (`goodreads:…`, `isbn:…`, `title:…|…`, `name:…`, `id:…`, `work:…`)
    /// or `new`.
    public var key: String
    /// The attributes that differ between the two sides.
    public var fields: [String]
    /// Why, when it needs explaining (a re-keyed id, a match to review).
    public var reason: String?
    /// An entry's values the merge did not keep because the other side won (`rating 4 (kept 5)`,
    /// a read's dates); empty for other records. Notes and tags are never among them.
    public var notKept: [String]

    public init(entity: BookEntity, action: BookMergeAction, conflict: Bool, incomingId: String, resultId: String,
                key: String, fields: [String], reason: String?, notKept: [String] = []) {
        self.entity = entity
        self.action = action
        self.conflict = conflict
        self.incomingId = incomingId
        self.resultId = resultId
        self.key = key
        self.fields = fields
        self.reason = reason
        self.notKept = notKept
    }
}

/// A merged library and how it came about.
public struct BookMergeResult: Sendable {
    public var library: BookLibrary
    /// One per incoming record, in merge order (authors, works, editions, entries).
    public var decisions: [BookMergeDecision]
    /// What the user should know (notes that could not be joined, matches to review).
    public var warnings: [String]

    /// Records inserted or updated: 0 when the merge changes nothing.
    public var changes: Int { decisions.filter { $0.action != .skip }.count }
}

/// What to do with a work matched to an existing one on title and primary author alone
/// (``BookMerge/merge(_:into:policy:titleMatch:)``).
public enum BookTitleMatch: Sendable, Equatable {
    /// Merge them (the work keeps its review status).
    case merge
    /// Merge them and mark the work `reviewStatus = pending`, with a warning.
    case pending
    /// Keep them apart: the incoming work is added as a work of its own.
    case separate
}
