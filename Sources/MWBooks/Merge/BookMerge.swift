import Foundation
import MWCore
import MWFoundation

/// The one book merge engine: one books library into another (docs/BOOKS.md "Merge"), for
/// `restore --strategy merge` and for `import --merge-into` alike (an import first folds its
/// rows into a library of its own, then merges that library here). Nothing is lost:
///
/// - **Identity** (``BookIdentity``, strongest first). Authors by a shared external id, else
///   normalised name; works by an ISBN of one of their editions (ISBN-10 and -13 alike), else a
///   shared external id (Goodreads, LibraryThing, ASIN, Google Books, OpenLibrary, ISBNdb),
///   else normalised title + primary author; editions by ISBN, else a shared external id, else
///   the id within the same work, else (no ISBN on either side) the same format and publisher
///   within the same work; entries by their (matched) work — one entry per work. A title +
///   author match is put to `titleMatch` (default: merged, and marked `reviewStatus = pending`
///   with a warning when both sides have ISBNs and none is shared). The id alone matches a work
///   only with the same title or primary author, an author only when no service id contradicts it.
/// - **Values** (``ConflictPolicy``, docs/BOOKS.md "Conflict policies"). Works, editions and
///   authors: the winner's values, with what it lacks filled from the other side and every
///   external-id array, ISBN list and tag list united. Entries: status, edition, page and
///   progress from the winner; a rating and a read (start + finish) each from one side, filled
///   from the other when the winner has none; tags united; notes and private notes never
///   dropped (differing texts both kept, the winner's first, each in its own field); earlier
///   reads united; read count and owned copies the winner's, filled from the other side
///   (`union`: the larger); the spoiler flag set when either review has it; edition contributors united. `dateAdded` and `dateCreated` are the earlier,
///   `lastModified` the later of the two — unless nothing else changed, when the existing
///   record stays as it was.
/// - **Ids.** Matched records keep the existing id; the incoming references follow. A new record
///   whose id is taken gets `<id>-2`, `-3`, ….
///
/// Merging the result with the same incoming library again changes nothing (no insert, no update).
public enum BookMerge {
    /// Merges `incoming` into `existing` under `policy`. `titleMatch` decides a work matched on
    /// title + primary author alone (the incoming work, the existing one, whether both have
    /// ISBNs and none is shared); nil: ``BookTitleMatch/pending`` when the ISBNs disagree, else
    /// ``BookTitleMatch/merge``.
    ///
    /// `existing` is consumed: a caller that passes its last copy (`consume`) lets the merge
    /// change the library in place instead of copying every array of it first.
    public static func merge(_ incoming: BookLibrary, into existing: consuming BookLibrary, policy: ConflictPolicy = .newer,
                             titleMatch: ((_ incoming: Work, _ existing: Work, _ isbnsDisagree: Bool) -> BookTitleMatch)? = nil) -> BookMergeResult {
        merge(incoming, into: consume existing, policy: policy, titleMatch: titleMatch.map { f in { w, x, d, _, _ in f(w, x, d) } })
    }

    /// As ``merge(_:into:policy:titleMatch:)``, `titleMatch` also given the library's editions
    /// as they are when works are matched (the existing library's: editions come after works)
    /// and the incoming library's, so a caller need not keep its own copy of either alive.
    ///
    /// `incoming` is consumed too: passed its last copy, each of its arrays is freed once its
    /// records are merged (a merge's peak memory is at its end).
    static func merge(_ incoming: consuming BookLibrary, into existing: consuming BookLibrary, policy: ConflictPolicy,
                      titleMatch: ((_ incoming: Work, _ existing: Work, _ isbnsDisagree: Bool, _ editions: [Edition], _ incomingEditions: [Edition]) -> BookTitleMatch)?) -> BookMergeResult {
        merge(incoming, into: BookMergeTarget(consume existing), policy: policy, titleMatch: titleMatch)
    }

    /// As ``merge(_:into:policy:titleMatch:)``, into a library indexed ahead (``BookMergeTarget``).
    static func merge(_ incoming: consuming BookLibrary, into target: consuming BookMergeTarget, policy: ConflictPolicy,
                      titleMatch: ((_ incoming: Work, _ existing: Work, _ isbnsDisagree: Bool, _ editions: [Edition], _ incomingEditions: [Edition]) -> BookTitleMatch)?) -> BookMergeResult {
        var incoming = incoming
        var m = target.merger
        target = BookMergeTarget(BookLibrary())  // the merger's last copy is `m`: changed in place
        m.policy = policy
        m.expect(incoming)
        m.titleMatch = titleMatch
        m.authors(incoming)
        m.works(incoming)
        incoming.works = []
        incoming.authors = []
        m.editions(incoming)
        incoming.editions = []
        m.entries(incoming)
        incoming.entries = []
        return BookMergeResult(library: m.lib, decisions: m.decisions, warnings: m.warnings)
    }
}

/// A library made ready to be merged into: its records indexed by every key the merge
/// matches on. Made ahead — `mwkit import --merge-into` indexes the existing library on the
/// thread that reads it, while the export's rows are folded — and consumed by the merge.
public struct BookMergeTarget: @unchecked Sendable {
    // Unchecked: the merger's one non-Sendable member, the title-match callback, is set only
    // by the merge that consumes it.
    var merger: LibraryMerger

    /// Indexes `library` (consumed: passed its last copy, the merge changes it in place).
    public init(_ library: consuming BookLibrary) { merger = LibraryMerger(consume library) }

    /// Whether the library has no records (an import into it is a new library).
    public var isEmpty: Bool { merger.lib.works.isEmpty && merger.lib.entries.isEmpty && merger.lib.authors.isEmpty }
}
