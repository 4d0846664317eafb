import Foundation
import MWFoundation

extension BookRowFold {
    /// The model's limit on notes (docs/SPEC.md Part II), reported — never enforced by cutting the user's text.
    static let notesLimit = 2000

    /// Creates the entry of work `w` (its index in the library) from `row`'s values, or folds
    /// them into the entry it has.
    mutating func entry(_ row: EntryValues, work w: Int, edition editionId: String) {
        if let i = entryIndex(work: w) {
            fold(i, row, editionId: editionId)
            return
        }
        let status = row.status
        let workId = lib.works[w].id
        let e = LibraryEntry(id: newEntryID(workId), workId: workId, editionId: status == .wishlist ? nil : editionId,
                             dateAdded: row.dateAdded ?? options.importDate, readingStatus: status,
                             readingProgress: status == .read ? 1 : 0, rating: row.rating, personalRating: row.personalRating,
                             notes: row.notes, tags: row.tags, dateStarted: row.dateStarted, dateCompleted: row.dateCompleted,
                             lastModified: options.importDate, privateNotes: row.privateNotes,
                             reviewHasSpoilers: row.reviewHasSpoilers, readCount: row.readCount, ownedCopies: row.ownedCopies,
                             earlierReads: row.earlierReads)
        appendEntry(e, work: w)
        checkNotes(e.notes, row)
    }

    /// Folds `row` into entry `i` — rows of one import folding together (a merge into an
    /// existing library is ``BookMerge``'s): the side with the later activity (finished,
    /// started or added) wins; on a tie, the side holding more of the user's values (a row with
    /// a rating and a review over a bare shelf row of another edition), then the entry's. A
    /// rating or status not kept is reported (`books-import-entry-conflict`); two different
    /// reads are both kept (``LibraryEntry/foldRead(started:completed:)``); differing notes (and
    /// private notes, each with its own kind) are both kept; tags are unioned; the earliest
    /// date added stays; ``foldKept(_:_:)`` settles the read count, copies, spoiler flag and
    /// earlier reads.
    private mutating func fold(_ i: Int, _ row: EntryValues, editionId: String) {
        var e = lib.entries[i]
        let before = e
        let mine = [e.dateCompleted, e.dateStarted, e.dateAdded].compactMap { $0 }.max() ?? .distantPast
        let theirs = row.activity ?? .distantPast
        let mineFilled = [e.rating != nil, e.personalRating != nil, e.dateStarted != nil, e.dateCompleted != nil, e.notes != nil].filter { $0 }.count
        let theirsFilled = [row.rating != nil, row.personalRating != nil, row.dateStarted != nil, row.dateCompleted != nil, row.notes != nil].filter { $0 }.count
        let incomingWins = theirs > mine || (theirs == mine && theirsFilled > mineFilled)
        var notKept: [String] = []
        foldRating(&e, row, incomingWins: incomingWins, notKept: &notKept)
        // Two reads are both kept (the later current, the other an earlier read): never one lost.
        e.foldRead(started: row.dateStarted, completed: row.dateCompleted)
        if e.readingStatus != row.status && !row.attaches {
            // One status per entry: the other side's is reported, never dropped silently.
            if incomingWins {
                notKept.append("status \(e.readingStatus.rawValue) (kept \(row.status.rawValue) from the file)")
                e.readingStatus = row.status
                if row.status == .read { e.readingProgress = 1 }
            } else {
                notKept.append("status \(row.status.rawValue) (kept \(e.readingStatus.rawValue))")
            }
        }
        if e.readingStatus == .wishlist {
            e.editionId = nil
        } else if incomingWins || e.editionId == nil {
            e.editionId = editionId
        }
        if let added = row.dateAdded, added < e.dateAdded { e.dateAdded = added }
        e.notes = Self.mergeNotes(e.notes, row.notes, incomingFirst: incomingWins)
        e.privateNotes = Self.mergeNotes(e.privateNotes, row.privateNotes, incomingFirst: incomingWins)
        Self.foldKept(&e, row)
        _ = Work.union(&e.tags, row.tags)
        // A value not kept is reported even when the entry itself stays as it was.
        if !notKept.isEmpty {
            diagnostics.append(.csv(.warning, .booksImportEntryConflict,
                                    "\(quoted(row.title)): not kept \(notKept.joined(separator: ", ")) (the latest activity wins)",
                                    file: row.file, line: row.line, row: row.row))
        }
        guard e != before else { return }
        e.lastModified = options.importDate
        replaceEntry(i, e)
        if e.notes != before.notes { checkNotes(e.notes, row) }
    }

    /// `rating` (whole stars) and `personalRating` (halves, quarters) are one rating written
    /// two ways, so they come from one side, never one from each: Goodreads' 5 and StoryGraph's
    /// 4.5 for the same book are a conflict the policy decides, and 5 beside 5.0 is no conflict
    /// (the missing half is filled in).
    private func foldRating(_ e: inout LibraryEntry, _ row: EntryValues, incomingWins: Bool, notKept: inout [String]) {
        guard let theirs = row.personalRating ?? row.rating.map(Double.init) else { return }
        guard let mine = e.personalRating ?? e.rating.map(Double.init) else {
            (e.rating, e.personalRating) = (row.rating, row.personalRating)
            return
        }
        let show = { (v: Double) in v == v.rounded() ? String(Int(v)) : String(v) }
        if mine == theirs {
            e.rating = e.rating ?? row.rating
            e.personalRating = e.personalRating ?? row.personalRating
        } else if incomingWins {
            notKept.append("rating \(show(mine)) (kept \(show(theirs)) from the file)")
            (e.rating, e.personalRating) = (row.rating, row.personalRating)
        } else {
            notKept.append("rating \(show(theirs)) (kept \(show(mine)))")
        }
    }

    /// Values no side loses by folding: the larger read count and number of copies (two files
    /// counting the same reads or copies — the larger includes the other), a spoiler flag if
    /// either review has one, and every earlier read of either side (a read that is the other
    /// side's current one is not repeated), oldest first.
    static func foldKept(_ e: inout LibraryEntry, _ row: EntryValues) {
        if let n = row.readCount { e.readCount = max(e.readCount ?? n, n) }
        if let n = row.ownedCopies { e.ownedCopies = max(e.ownedCopies ?? n, n) }
        e.reviewHasSpoilers = e.reviewHasSpoilers || row.reviewHasSpoilers
        e.earlierReads = LibraryEntry.unionReads(e.earlierReads, row.earlierReads,
                                                 current: ReadingSession(dateStarted: e.dateStarted, dateCompleted: e.dateCompleted))
        e.countDatedReads()
    }

    /// Two notes as one without losing either, as the library merge joins them
    /// (``LibraryMerger/joinNotes(_:_:)``): the winning side's first.
    static func mergeNotes(_ a: String?, _ b: String?, incomingFirst: Bool) -> String? {
        incomingFirst ? LibraryMerger.joinNotes(b, a) : LibraryMerger.joinNotes(a, b)
    }

    private mutating func checkNotes(_ notes: String?, _ row: EntryValues) {
        guard let n = notes?.count, n > Self.notesLimit else { return }
        diagnostics.append(.csv(.warning, .booksImportLongNote,
                                "\(quoted(row.title)): notes of \(n) characters, over the model's \(Self.notesLimit); kept whole",
                                file: row.file, line: row.line, row: row.row))
    }
}

/// The user's values for one entry: a row's, or an entry already folded from several rows.
struct EntryValues {
    var status: ReadingStatus
    var rating: Int?
    var personalRating: Double?
    var notes: String?
    var privateNotes: String?
    var reviewHasSpoilers: Bool
    var readCount: Int?
    var ownedCopies: Int?
    var earlierReads: [ReadingSession]
    var tags: [String]
    var dateAdded: Date?
    var dateStarted: Date?
    var dateCompleted: Date?
    /// Where they come from, for diagnostics.
    var title: String, file: String, line: Int, row: Int
    /// Values of a row naming its book by id alone (``BookRow/attaches``): its status is no one's.
    var attaches = false

    init(_ r: BookRow) {
        status = r.status; rating = r.rating; personalRating = r.personalRating; notes = r.notes; tags = r.tags
        privateNotes = r.privateNotes; reviewHasSpoilers = r.reviewHasSpoilers; readCount = r.readCount
        ownedCopies = r.ownedCopies; earlierReads = r.earlierReads
        dateAdded = r.dateAdded; dateStarted = r.dateStarted; dateCompleted = r.dateCompleted
        title = r.title; file = r.file; line = r.line; row = r.row; attaches = r.attaches
    }

    init(_ e: LibraryEntry, from r: BookRow) {
        self.init(r)
        status = e.readingStatus; rating = e.rating; personalRating = e.personalRating; notes = e.notes; tags = e.tags
        privateNotes = e.privateNotes; reviewHasSpoilers = e.reviewHasSpoilers; readCount = e.readCount
        ownedCopies = e.ownedCopies; earlierReads = e.earlierReads
        dateAdded = e.dateAdded; dateStarted = e.dateStarted; dateCompleted = e.dateCompleted
        attaches = false
    }

    var activity: Date? { [dateCompleted, dateStarted, dateAdded].compactMap { $0 }.max() }
}
