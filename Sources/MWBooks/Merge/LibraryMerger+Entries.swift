import Foundation
import MWCore
import MWFoundation

/// Entries — the user's data — in ``BookMerge``: one per work; what comes from which side is
/// the policy's (docs/BOOKS.md "Conflict policies"), and notes and tags are never dropped.
extension LibraryMerger {
    mutating func entries(_ incoming: BookLibrary) {
        // Room for the entries that may be new: those whose work has none yet.
        Self.reserve(&lib.entries, incoming.entries.reduce(0) { n, en in entryByWork[workMap[en.workId] ?? en.workId] == nil ? n + 1 : n })
        for en in incoming.entries {
            var mapped = en
            mapped.workId = workMap[en.workId] ?? en.workId
            mapped.editionId = en.editionId.map { editionMap[$0] ?? $0 }
            // An edition matched into another work (its ISBN is there) cannot be this entry's.
            if let ed = mapped.editionId, let k = editionById[ed], lib.editions[k].workId != mapped.workId {
                mapped.editionId = (editionsOfWork[mapped.workId] ?? []).first.map { lib.editions[$0].id }
            }
            guard let i = entryByWork[mapped.workId] else {
                insert(.entry, mapped, Self.fresh(en.id) { entryIds.contains($0) }, into: \.entries) { m, i in
                    m.entryByWork[m.lib.entries[i].workId] = i
                    m.entryIds.insert(m.lib.entries[i].id)
                }
                continue
            }
            let before = lib.entries[i]
            mapped.id = before.id
            let (combined, notKept) = combine(before, mapped)
            let after = Self.settle(before, combined) { $0.lastModified = $1.lastModified }
            lib.entries[i] = after
            if let n = after.notes?.count, n > BookValidator.maxNotesLength, after.notes != before.notes {
                warnings.append("entry \(before.id): notes of \(n) characters once joined, over the model's \(BookValidator.maxNotesLength); kept whole")
            }
            decide(.entry, before: before, after: after, incoming: mapped, incomingId: en.id, resultId: after.id,
                   key: "work:" + mapped.workId, notKept: after == before ? [] : notKept)
        }
    }

    /// One entry from two: status, edition, page and progress from the winner; a rating and a
    /// read each from one side (the winner's, else the other's); `union` reads if either side
    /// has; tags united; notes joined, private notes joined apart from them; earlier reads
    /// united; read count and copies from one side (``count(_:_:_:union:_:)``). Returns what
    /// was not kept, for reports.
    func combine(_ e: LibraryEntry, _ i: LibraryEntry) -> (LibraryEntry, [String]) {
        let win = incomingWins(e.lastModified, i.lastModified)
        var r = win ? i : e
        var o = win ? e : i
        r.id = e.id
        r.workId = e.workId
        var notKept: [String] = []
        if policy == .union, o.readingStatus == .read, r.readingStatus != .read || Self.finishedEarlier(o, r) {
            // A union keeps the read: read if either side is, the earlier finished read if both are.
            (r.readingStatus, r.readingProgress, r.dateStarted, r.dateCompleted, o.dateStarted, o.dateCompleted) =
                (.read, 1, o.dateStarted, o.dateCompleted, r.dateStarted, r.dateCompleted)
            if r.editionId == nil { r.editionId = o.editionId }
        }
        Self.foldRating(&r, o, &notKept)
        // Two reads are both kept (the later current, the other an earlier read): never one lost.
        r.foldRead(started: o.dateStarted, completed: o.dateCompleted)
        r.tags = r.tags.union(o.tags)
        r.notes = Self.joinNotes(r.notes, o.notes)
        r.privateNotes = Self.joinNotes(r.privateNotes, o.privateNotes)
        r.reviewHasSpoilers = r.reviewHasSpoilers || o.reviewHasSpoilers
        r.readCount = Self.count(r.readCount, o.readCount, "read count", union: policy == .union, &notKept)
        r.ownedCopies = Self.count(r.ownedCopies, o.ownedCopies, "owned copies", union: policy == .union, &notKept)
        r.earlierReads = LibraryEntry.unionReads(r.earlierReads, o.earlierReads,
                                                 current: ReadingSession(dateStarted: r.dateStarted, dateCompleted: r.dateCompleted))
        r.countDatedReads()
        r.dateAdded = min(e.dateAdded, i.dateAdded)
        r.lastModified = max(e.lastModified, i.lastModified)
        return (r, notKept)
    }

    /// A count (reads, copies): the winner's, else the other's; `union` keeps the larger. A
    /// different count not kept is reported.
    static func count(_ mine: Int?, _ theirs: Int?, _ what: String, union: Bool, _ notKept: inout [String]) -> Int? {
        guard let theirs else { return mine }
        guard let mine else { return theirs }
        if union { return max(mine, theirs) }
        if mine != theirs { notKept.append("\(what) \(theirs) (kept \(mine))") }
        return mine
    }

    static func finishedEarlier(_ a: LibraryEntry, _ b: LibraryEntry) -> Bool {
        guard let x = a.dateCompleted else { return false }
        return b.dateCompleted.map { x < $0 } ?? false
    }

    /// `rating` (whole stars) and `personalRating` (halves, quarters) are one rating written two
    /// ways: both from one side, never one from each; the winner's, else the other's. 5 beside
    /// 5.0 is no conflict (the missing half is filled in).
    static func foldRating(_ r: inout LibraryEntry, _ o: LibraryEntry, _ notKept: inout [String]) {
        guard let theirs = o.personalRating ?? o.rating.map(Double.init) else { return }
        guard let mine = r.personalRating ?? r.rating.map(Double.init) else {
            (r.rating, r.personalRating) = (o.rating, o.personalRating)
            return
        }
        if mine == theirs {
            r.rating = r.rating ?? o.rating
            r.personalRating = r.personalRating ?? o.personalRating
        } else {
            let show = { (v: Double) in v == v.rounded() ? String(Int(v)) : String(v) }
            notKept.append("rating \(show(theirs)) (kept \(show(mine)))")
        }
    }

    /// Two notes as one without losing either: one empty → the other; equal or one containing
    /// the other → the longer; else both, the winner's first, after a blank line. Never cut:
    /// notes over the model's 2,000 characters are a validator warning, not a loss.
    static func joinNotes(_ winner: String?, _ other: String?) -> String? {
        guard let other, !other.isEmpty else { return winner }
        guard let winner, !winner.isEmpty else { return other }
        if winner.contains(other) { return winner }
        if other.contains(winner) { return other }
        return winner + "\n\n" + other
    }
}
