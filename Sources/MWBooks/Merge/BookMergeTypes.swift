/// How a merge settles a record present in both libraries (docs/BOOKS.md "Merge").
public enum BookMergePolicy: String, Sendable, CaseIterable, Codable {
    /// The existing record's values stay.
    case keep
    /// The record with the later `lastModified` wins; a tie keeps the existing one (default).
    case newer
    /// The incoming record's values win.
    case theirs
}

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

    public init(entity: BookEntity, action: BookMergeAction, conflict: Bool, incomingId: String, resultId: String,
                key: String, fields: [String], reason: String?) {
        self.entity = entity
        self.action = action
        self.conflict = conflict
        self.incomingId = incomingId
        self.resultId = resultId
        self.key = key
        self.fields = fields
        self.reason = reason
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
