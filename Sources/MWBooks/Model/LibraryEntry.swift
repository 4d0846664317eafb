import Foundation
import MWFoundation

/// The user's own data about a work (docs/SPEC.md "Books: library entry"). One entry per work;
/// a wishlist entry has no edition, an owned one has.
public struct LibraryEntry: Equatable, Hashable, Sendable {
    public var id: String
    public var workId: String
    /// `nil` for a wishlist entry.
    public var editionId: String?
    public var dateAdded: Date
    public var currentPage: Int
    /// 0.0–1.0.
    public var readingProgress: Double
    /// Stars, 1–5.
    public var rating: Int?
    /// Declared beside the optional above, whose spare bytes it takes.
    public var readingStatus: ReadingStatus
    /// The user's review or public notes (Goodreads `My Review`). At most 2,000 characters.
    public var notes: String?
    /// How many times the user has read the book, as the source counts it (Goodreads and
    /// StoryGraph `Read Count`); nil when the source does not say. It may exceed the reads that
    /// have dates (the current one in ``dateStarted``/``dateCompleted`` and ``earlierReads``):
    /// the others are undated reads (bookstrack-v2 and above).
    public var readCount: Int?
    /// Copies the user owns (Goodreads `Owned Copies`; a StoryGraph `Owned?` `Yes` or Hardcover
    /// `Owned` `true` is 1); nil when the source does not say (bookstrack-v2 and above).
    /// Inline: Goodreads gives it for every book, if only 0.
    public var ownedCopies: Int?
    public var tags: [String]
    public var dateStarted: Date?
    public var dateCompleted: Date?
    public var lastModified: Date
    /// The attributes trackers' exports seldom fill, out of line (``Seldom``).
    private var seldom = Seldom<Rare>()

    struct Rare: SeldomValues {
        var personalRating: Double?
        var privateNotes: String?
        var reviewHasSpoilers = false
        var earlierReads: [ReadingSession] = []
        var estimatedFinishDate: Date?
    }

    /// Granular rating, 0.0–5.0 (halves and quarter stars from StoryGraph).
    public var personalRating: Double? { get { seldom[\.personalRating] } set { seldom[\.personalRating] = newValue } }
    /// Notes only the user sees (Goodreads and Hardcover `Private Notes`): never joined into
    /// ``notes`` and never written into a public field of any format (bookstrack-v2 and above).
    public var privateNotes: String? { get { seldom[\.privateNotes] } set { seldom[\.privateNotes] = newValue } }
    /// Whether the review (``notes``) reveals the plot (Goodreads `Spoiler`, Hardcover `Review
    /// Contains Spoilers`) (bookstrack-v2 and above).
    public var reviewHasSpoilers: Bool { get { seldom[\.reviewHasSpoilers] } set { seldom[\.reviewHasSpoilers] = newValue } }
    /// Dated reads before the current one, oldest first (StoryGraph's `Dates Read` lists every
    /// read); the current read stays in ``dateStarted``/``dateCompleted`` (bookstrack-v2 and above).
    public var earlierReads: [ReadingSession] { get { seldom[\.earlierReads] } set { seldom[\.earlierReads] = newValue } }
    public var estimatedFinishDate: Date? { get { seldom[\.estimatedFinishDate] } set { seldom[\.estimatedFinishDate] = newValue } }

    public init(id: String, workId: String, editionId: String? = nil, dateAdded: Date,
                readingStatus: ReadingStatus, currentPage: Int = 0, readingProgress: Double = 0,
                rating: Int? = nil, personalRating: Double? = nil, notes: String? = nil, tags: [String] = [],
                dateStarted: Date? = nil, dateCompleted: Date? = nil, estimatedFinishDate: Date? = nil,
                lastModified: Date, privateNotes: String? = nil, reviewHasSpoilers: Bool = false, readCount: Int? = nil,
                ownedCopies: Int? = nil, earlierReads: [ReadingSession] = []) {
        self.id = id
        self.workId = workId
        self.editionId = editionId
        self.dateAdded = dateAdded
        self.currentPage = currentPage
        self.readingProgress = readingProgress
        self.rating = rating
        self.readingStatus = readingStatus
        self.notes = notes
        self.readCount = readCount
        self.ownedCopies = ownedCopies
        self.tags = tags
        self.dateStarted = dateStarted
        self.dateCompleted = dateCompleted
        self.lastModified = lastModified
        // One box at most, made once.
        seldom.update {
            $0 = Rare(personalRating: personalRating, privateNotes: privateNotes, reviewHasSpoilers: reviewHasSpoilers,
                      earlierReads: earlierReads, estimatedFinishDate: estimatedFinishDate)
        }
    }

    /// Every read of `a` and `b` once (equal reads are one), oldest first (by finish, else
    /// start; undated last, in their order), leaving out the one equal to `current` (the
    /// entry's current read is not an earlier one).
    public static func unionReads(_ a: [ReadingSession], _ b: [ReadingSession], current: ReadingSession) -> [ReadingSession] {
        guard !b.isEmpty else { return a.filter { $0 != current } }
        var all = a
        all.appendUnique(b)
        all.removeAll { $0 == current }
        return all.enumerated().sorted { x, y in
            let dx = x.element.dateCompleted ?? x.element.dateStarted, dy = y.element.dateCompleted ?? y.element.dateStarted
            switch (dx, dy) {
            case let (p?, q?) where p != q: return p < q
            case (.some, .none): return true
            case (.none, .some): return false
            default: return x.offset < y.offset
            }
        }.map(\.element)
    }

    /// Folds another side's read (`start`, `end`) into this entry's current one, losing
    /// neither: halves of the same read (no date contradicts, the start not after the end) are
    /// joined; two different reads stay two — the later (by finish, else start; a tie keeps
    /// this entry's) is the current read, the other an earlier read — and a read count
    /// smaller than the dated reads now held grows to them. Returns the read that became an
    /// earlier one, nil when the reads were one.
    @discardableResult
    public mutating func foldRead(started start: Date?, completed end: Date?) -> ReadingSession? {
        guard start != nil || end != nil else { return nil }
        let s = dateStarted ?? start, f = dateCompleted ?? end
        let sameRead = (dateStarted == nil || start == nil || dateStarted == start)
            && (dateCompleted == nil || end == nil || dateCompleted == end)
            && (s == nil || f == nil || s! <= f!)
        if sameRead {
            (dateStarted, dateCompleted) = (s, f)
            return nil
        }
        let mine = ReadingSession(dateStarted: dateStarted, dateCompleted: dateCompleted)
        let theirs = ReadingSession(dateStarted: start, dateCompleted: end)
        let mineAt = dateCompleted ?? dateStarted, theirsAt = end ?? start
        let theirsLater = mineAt.map { m in theirsAt.map { $0 > m } ?? false } ?? true
        let earlier = theirsLater ? mine : theirs
        if theirsLater { (dateStarted, dateCompleted) = (start, end) }
        earlierReads = Self.unionReads(earlierReads, [earlier], current: ReadingSession(dateStarted: dateStarted, dateCompleted: dateCompleted))
        countDatedReads()
        return earlier
    }

    /// A read count (when the source gave one) is at least the dated reads held: the current
    /// one and every earlier one.
    public mutating func countDatedReads() {
        guard let n = readCount else { return }
        let dated = earlierReads.count + (dateStarted != nil || dateCompleted != nil ? 1 : 0)
        if n < dated { readCount = dated }
    }

    /// docs/SPEC.md Part II: wishlist ⇔ no edition.
    public var isWishlist: Bool { readingStatus == .wishlist && editionId == nil }
}

/// One read of a book: when it started and when it finished, either possibly unknown.
public struct ReadingSession: Equatable, Hashable, Sendable {
    public var dateStarted: Date?
    public var dateCompleted: Date?

    public init(dateStarted: Date? = nil, dateCompleted: Date? = nil) {
        self.dateStarted = dateStarted
        self.dateCompleted = dateCompleted
    }
}
