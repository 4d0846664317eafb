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

/// The state of one ``BookMerge/merge(_:into:policy:titleMatch:)``; entries in BookMerge+Entry.swift.
struct LibraryMerger {
    var lib: BookLibrary
    var policy = ConflictPolicy.newer
    var titleMatch: ((Work, Work, Bool, [Edition], [Edition]) -> BookTitleMatch)?
    var decisions: [BookMergeDecision] = []
    var warnings: [String] = []
    /// A decision's differing fields, one array per distinct list: most decisions name the
    /// same one or two fields, and an array each was 10 MB of a 50,000-book merge.
    var fieldLists: [[String]: [String]] = [:]
    var authorIndex = KeyIndex(), workIndex = KeyIndex(), editionIndex = KeyIndex()
    var authorById: [String: Int] = [:], workById: [String: Int] = [:], editionById: [String: Int] = [:]
    var editionsOfWork: [String: [Int]] = [:]
    var entryByWork: [String: Int] = [:], entryIds: Set<String> = []
    var authorMap: [String: String] = [:], workMap: [String: String] = [:], editionMap: [String: String] = [:]
    /// The ISBN keys of each incoming edition, by position: worked out once for works and editions.
    var incomingISBNKeys: [[String]] = []

    /// Indexes `existing`; ``expect(_:)`` makes room for what comes in.
    init(_ existing: consuming BookLibrary) {
        // Moved, not copied: a copy kept alive here made the reservations below copy every
        // array of the library (and keep the old ones) instead of moving it.
        lib = consume existing
        let authors = lib.authors.count
        authorIndex.reserveCapacity(2 * authors)
        authorById.reserveCapacity(authors)
        // Sized for the existing records and the keys a record usually brings — a work its
        // service id and title key, an edition its ISBN (ISBN-10 and -13 share one): a
        // dictionary has a power of two of slots filled to three quarters, which leaves the
        // incoming records room to grow into. Sized for existing + incoming, each was a step
        // bigger (twice the memory) than a merge matching half the books needed.
        let (works, editions, entries) = (lib.works.count, lib.editions.count, lib.entries.count)
        workIndex.reserveCapacity(2 * works)
        workById.reserveCapacity(works)
        editionIndex.reserveCapacity(editions)
        editionById.reserveCapacity(editions)
        editionsOfWork.reserveCapacity(works)
        entryByWork.reserveCapacity(entries)
        entryIds.reserveCapacity(entries)
        for i in lib.authors.indices { indexAuthor(i) }
        for i in lib.works.indices { indexWork(i) }
        for i in lib.editions.indices { indexEdition(i) }
        for (i, e) in lib.entries.enumerated() {
            if entryByWork[e.workId] == nil { entryByWork[e.workId] = i }
            entryIds.insert(e.id)
        }
    }

    /// Room for `incoming`'s decisions, authors and id maps. Every incoming author once, not
    /// the doubling of an array that outgrows its capacity (moving it whole, and up to half
    /// of it left empty); works, editions and entries get room for the records each phase may
    /// add, counted when it starts (``reserve(_:_:)``): every incoming record was half of them unused.
    mutating func expect(_ incoming: BookLibrary) {
        decisions.reserveCapacity(incoming.authors.count + incoming.works.count + incoming.editions.count + incoming.entries.count)
        lib.authors.reserveCapacity(lib.authors.count + incoming.authors.count)
        authorMap.reserveCapacity(incoming.authors.count)
        workMap.reserveCapacity(incoming.works.count)
        editionMap.reserveCapacity(incoming.editions.count)
    }

    // MARK: Indexes (first record with a key keeps it)

    mutating func indexAuthor(_ i: Int) {
        for k in BookIdentity.authorKeys(lib.authors[i]) { authorIndex.claim(k, i) }
        if authorById[lib.authors[i].id] == nil { authorById[lib.authors[i].id] = i }
    }

    /// Room in `records` for `added` more: exactly that (an array that outgrows its capacity
    /// doubles it), and only if it lacks it.
    static func reserve<T>(_ records: inout [T], _ added: Int) {
        if records.capacity < records.count + added { records.reserveCapacity(records.count + added) }
    }

    func primaryName(_ w: Work) -> String? {
        w.authorIds.first.flatMap { authorById[$0] }.map { lib.authors[$0].name }
    }

    mutating func indexWork(_ i: Int) {
        let w = lib.works[i]
        var keys = BookIdentity.externalKeys(w)
        if let t = BookIdentity.titleKey(w.title, author: primaryName(w)) { keys.append(t) }
        for k in keys { workIndex.claim(k, i) }
        if workById[w.id] == nil { workById[w.id] = i }
    }

    /// Indexes a record new to the library (an existing one at the start, or one just added).
    mutating func indexEdition(_ i: Int) {
        let e = lib.editions[i]
        let isbns = BookIdentity.isbnKeys(e)
        for k in isbns { editionIndex.claim(k, i) }
        for k in BookIdentity.editionKeys(e) { editionIndex.claim(k, i) }
        if editionById[e.id] == nil { editionById[e.id] = i }
        editionsOfWork[e.workId, default: []].append(i)
    }

    /// The work an ISBN identifies: that of the first edition with it (``workByISBN(_:)``), not
    /// a key of its own in ``workIndex``, which was a third of that index.
    func workByISBN(_ keys: [String]) -> (key: String, index: Int)? {
        for k in keys {
            if let e = editionIndex[k], let w = workById[lib.editions[e].workId] { return (k, w) }
        }
        return nil
    }

    // MARK: Helpers

    /// Whether the incoming record's values win (`union` chooses as `newer`; what it unites is
    /// the entries' business).
    func incomingWins(_ existing: Date, _ incoming: Date) -> Bool {
        switch policy {
        case .keep: return false
        case .theirs: return true
        case .newer, .union: return incoming > existing
        }
    }

    static func fresh(_ id: String, taken: (String) -> Bool) -> (String, String?) {
        guard taken(id) else { return (id, nil) }
        var n = 2
        while taken("\(id)-\(n)") { n += 1 }
        return ("\(id)-\(n)", "id \(id) is taken by another record; stored as \(id)-\(n)")
    }

    /// `after`, or `before` untouched when the two differ only in their timestamps: a merge
    /// that brings nothing new changes nothing (a later import date alone is not a change).
    static func settle<T: Equatable>(_ before: T, _ after: T, stamps: (inout T, T) -> Void) -> T {
        var same = after
        stamps(&same, before)
        return same == before ? before : after
    }

    mutating func decide<T: BookMergeFields>(_ entity: BookEntity, before: T, after: T, incoming: T, incomingId: String,
                                             resultId: String, key: String, reason: String? = nil, notKept: [String] = []) {
        // The attributes that differ, ids and references already mapped.
        var fields = before.differing(from: incoming)
        if !fields.isEmpty {
            if let same = fieldLists[fields] { fields = same } else { fieldLists[fields] = fields }
        }
        decisions.append(BookMergeDecision(entity: entity, action: before == after ? .skip : .update, conflict: !fields.isEmpty,
                                           incomingId: incomingId, resultId: resultId, key: key, fields: fields, reason: reason,
                                           notKept: notKept))
    }

    mutating func inserted(_ entity: BookEntity, _ incomingId: String, _ resultId: String, reason: String?) {
        decisions.append(BookMergeDecision(entity: entity, action: .insert, conflict: false, incomingId: incomingId,
                                           resultId: resultId, key: "new", fields: [], reason: reason))
    }

    // MARK: Authors

    mutating func authors(_ incoming: BookLibrary) {
        for a in incoming.authors {
            let keys = BookIdentity.authorKeys(a)
            let hit = authorIndex.first(of: keys)
            let byId = authorById[a.id].flatMap { Self.contradict(lib.authors[$0], a) ? nil : $0 }
            if let i = hit?.index ?? byId {
                let before = lib.authors[i]
                let after = Self.settle(before, combine(before, a)) { $0.dateCreated = $1.dateCreated; $0.lastModified = $1.lastModified }
                lib.authors[i] = after
                authorMap[a.id] = after.id
                // The merged record's keys are its own (indexed) and the incoming one's.
                for k in keys { authorIndex.claim(k, i) }
                decide(.author, before: before, after: after, incoming: { var x = a; x.id = before.id; return x }(),
                       incomingId: a.id, resultId: after.id, key: hit?.key ?? "id:" + a.id)
            } else {
                var n = a
                let (id, why) = Self.fresh(a.id) { authorById[$0] != nil }
                n.id = id
                lib.authors.append(n)
                authorMap[a.id] = id
                indexAuthor(lib.authors.count - 1)
                inserted(.author, a.id, id, reason: why)
            }
        }
    }

    /// Two authors whose ids in one service differ are different people, whatever their ids here.
    static func contradict(_ a: Author, _ b: Author) -> Bool {
        func differ(_ x: String?, _ y: String?) -> Bool { x != nil && y != nil && x != y }
        return differ(a.goodreadsID, b.goodreadsID) || differ(a.openLibraryID, b.openLibraryID)
            || differ(a.isbndbID, b.isbndbID) || differ(a.googleBooksID, b.googleBooksID)
    }

    func combine(_ e: Author, _ i: Author) -> Author {
        let win = incomingWins(e.lastModified, i.lastModified)
        var r = win ? i : e
        let o = win ? e : i
        r.id = e.id
        r.nationality = r.nationality ?? o.nationality
        if r.gender == .unknown { r.gender = o.gender }
        r.culturalRegion = r.culturalRegion ?? o.culturalRegion
        r.birthYear = r.birthYear ?? o.birthYear
        r.deathYear = r.deathYear ?? o.deathYear
        r.openLibraryID = r.openLibraryID ?? o.openLibraryID
        r.isbndbID = r.isbndbID ?? o.isbndbID
        r.googleBooksID = r.googleBooksID ?? o.googleBooksID
        r.goodreadsID = r.goodreadsID ?? o.goodreadsID
        r.dateCreated = min(e.dateCreated, i.dateCreated)
        r.lastModified = max(e.lastModified, i.lastModified)
        return r
    }

    // MARK: Works

    mutating func works(_ incoming: BookLibrary) {
        var incomingISBNs: [String: [String]] = [:]
        incomingISBNs.reserveCapacity(incoming.works.count)
        incomingISBNKeys = incoming.editions.map(BookIdentity.isbnKeys)
        for k in incoming.editions.indices { incomingISBNs[incoming.editions[k].workId, default: []] += incomingISBNKeys[k] }
        let incomingNames = Dictionary(incoming.authors.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        // Room for the works that may be new: those no ISBN or service id finds (a title match
        // may yet find one; then its room stays unused).
        Self.reserve(&lib.works, incoming.works.reduce(0) { n, w in
            workByISBN(incomingISBNs[w.id] ?? []) == nil && workIndex.first(of: BookIdentity.externalKeys(w)) == nil ? n + 1 : n
        })
        for w in incoming.works {
            var mapped = w
            mapped.authorIds = w.authorIds.map { authorMap[$0] ?? $0 }
            let isbns = incomingISBNs[w.id] ?? []
            let title = BookIdentity.titleKey(w.title, author: w.authorIds.first.flatMap { incomingNames[$0] })
            let external = BookIdentity.externalKeys(w)
            // One identity rule for restore and import: ISBN, then the services' ids, then title + author.
            let found0 = workByISBN(isbns) ?? workIndex.first(of: external) ?? title.flatMap { t in workIndex[t].map { (t, $0) } }
            let hit = found0?.key
            // The id alone matches only a work with the same title or primary author: ids from
            // two libraries may collide without naming the same book.
            // Worked out only without a key hit, which it would not override (folding titles is dear).
            let byId = hit != nil ? nil : workById[w.id].flatMap { k -> Int? in
                let x = lib.works[k]
                let sameTitle = BookIdentity.normalize(x.title) == BookIdentity.normalize(w.title)
                return sameTitle || (x.authorIds.first != nil && x.authorIds.first == mapped.authorIds.first) ? k : nil
            }
            var found = found0?.index ?? byId
            var reason: String?, pending = false
            if let i = found, let hit, hit == title {
                let theirs = Set((editionsOfWork[lib.works[i].id] ?? []).flatMap { BookIdentity.isbnKeys(lib.editions[$0]) })
                let disagree = !theirs.isEmpty && !isbns.isEmpty && theirs.isDisjoint(with: isbns)
                switch titleMatch?(w, lib.works[i], disagree, lib.editions, incoming.editions) ?? (disagree ? .pending : .merge) {
                case .merge: break
                case .separate: found = nil
                case .pending:
                    pending = true
                    reason = "matched by title and primary author while the ISBNs differ: marked pending for review"
                    warnings.append("work \(quoted(w.title)) (\(w.id)) was merged into \(lib.works[i].id) by title and author although their ISBNs differ; marked reviewStatus pending")
                }
            }
            guard let i = found else {
                let (id, why) = Self.fresh(w.id) { workById[$0] != nil }
                mapped.id = id
                lib.works.append(mapped)
                workMap[w.id] = id
                // Indexed by the keys just worked out (its ISBNs come with its editions).
                for k in external + [title].compactMap({ $0 }) { workIndex.claim(k, lib.works.count - 1) }
                if workById[id] == nil { workById[id] = lib.works.count - 1 }
                inserted(.work, w.id, id, reason: why)
                continue
            }
            let before = lib.works[i]
            mapped.id = before.id
            var combined = combine(before, mapped)
            if pending { combined.reviewStatus = .pending }
            let after = Self.settle(before, combined) { $0.dateCreated = $1.dateCreated; $0.lastModified = $1.lastModified }
            lib.works[i] = after
            workMap[w.id] = after.id
            // Its keys: its own (indexed) and the incoming work's, not recomputed (title folding is dear).
            for k in external + [title].compactMap({ $0 }) { workIndex.claim(k, i) }
            decide(.work, before: before, after: after, incoming: mapped, incomingId: w.id, resultId: after.id,
                   key: hit ?? "id:" + w.id, reason: reason)
        }
    }

    func combine(_ e: Work, _ i: Work) -> Work {
        let win = incomingWins(e.lastModified, i.lastModified)
        var r = win ? i : e
        let o = win ? e : i
        r.id = e.id
        r.authorIds = r.authorIds.union(o.authorIds)
        r.originalLanguage = r.originalLanguage ?? o.originalLanguage
        r.firstPublicationYear = r.firstPublicationYear ?? o.firstPublicationYear
        r.subjectTags = r.subjectTags.union(o.subjectTags)
        r.openLibraryWorkID = r.openLibraryWorkID ?? o.openLibraryWorkID
        r.isbndbID = r.isbndbID ?? o.isbndbID
        r.googleBooksVolumeID = r.googleBooksVolumeID ?? o.googleBooksVolumeID
        r.goodreadsWorkIDs = r.goodreadsWorkIDs.union(o.goodreadsWorkIDs)
        r.amazonASINs = r.amazonASINs.union(o.amazonASINs)
        r.librarythingIDs = r.librarythingIDs.union(o.librarythingIDs)
        r.googleBooksVolumeIDs = r.googleBooksVolumeIDs.union(o.googleBooksVolumeIDs)
        if e.reviewStatus == .pending && i.reviewStatus == .pending { r.reviewStatus = .pending }
        r.originalImagePath = r.originalImagePath ?? o.originalImagePath
        if r.boundingBoxX == nil && r.boundingBoxY == nil && r.boundingBoxWidth == nil && r.boundingBoxHeight == nil {
            (r.boundingBoxX, r.boundingBoxY, r.boundingBoxWidth, r.boundingBoxHeight) = (o.boundingBoxX, o.boundingBoxY, o.boundingBoxWidth, o.boundingBoxHeight)
        }
        r.lastISBNDBSync = r.lastISBNDBSync ?? o.lastISBNDBSync
        r.dateCreated = min(e.dateCreated, i.dateCreated)
        r.lastModified = max(e.lastModified, i.lastModified)
        return r
    }

    // MARK: Editions

    mutating func editions(_ incoming: BookLibrary) {
        let isbnKeys = incomingISBNKeys
        let keysOf = { (n: Int, ed: Edition) in
            (n < isbnKeys.count ? isbnKeys[n] : BookIdentity.isbnKeys(ed)) + BookIdentity.editionKeys(ed)
        }
        // Room for the editions that may be new: those no key finds (the id or a same-format
        // edition may yet find one).
        Self.reserve(&lib.editions, incoming.editions.indices.reduce(0) { c, n in
            editionIndex.first(of: keysOf(n, incoming.editions[n])) == nil ? c + 1 : c
        })
        for (n, ed) in incoming.editions.enumerated() {
            var mapped = ed
            mapped.workId = workMap[ed.workId] ?? ed.workId
            let keys = keysOf(n, ed)
            let found0 = editionIndex.first(of: keys)
            let hit = found0?.key
            let byId = editionById[ed.id].flatMap { lib.editions[$0].workId == mapped.workId ? $0 : nil }
            // Last resort, as the import's row folding has it: an edition without ISBN is the
            // one without ISBN of the same format and publisher in the same work.
            let alike = keys.isEmpty ? (editionsOfWork[mapped.workId] ?? []).first { k in
                let x = lib.editions[k]
                return BookIdentity.isbnKeys(x).isEmpty && x.format == ed.format && x.publisher == ed.publisher
            } : nil
            guard let i = found0?.index ?? byId ?? alike else {
                let (id, why) = Self.fresh(ed.id) { editionById[$0] != nil }
                mapped.id = id
                lib.editions.append(mapped)
                editionMap[ed.id] = id
                indexEdition(lib.editions.count - 1)
                inserted(.edition, ed.id, id, reason: why)
                continue
            }
            let before = lib.editions[i]
            mapped.id = before.id
            mapped.workId = before.workId
            let after = Self.settle(before, combine(before, mapped)) { $0.dateCreated = $1.dateCreated; $0.lastModified = $1.lastModified }
            lib.editions[i] = after
            editionMap[ed.id] = after.id
            for k in keys { editionIndex.claim(k, i) }
            decide(.edition, before: before, after: after, incoming: mapped, incomingId: ed.id, resultId: after.id,
                   key: hit ?? (byId != nil ? "id:" + ed.id : "alike:" + (ed.publisher ?? "") + "|" + ed.format.rawValue))
        }
    }

    func combine(_ e: Edition, _ i: Edition) -> Edition {
        let win = incomingWins(e.lastModified, i.lastModified)
        var r = win ? i : e
        let o = win ? e : i
        r.id = e.id
        r.workId = e.workId
        r.isbn = r.isbn ?? o.isbn
        r.isbns = r.isbns.union(o.isbns)
        r.publisher = r.publisher ?? o.publisher
        r.publicationDate = r.publicationDate ?? o.publicationDate
        r.pageCount = r.pageCount ?? o.pageCount
        r.coverImageURL = r.coverImageURL ?? o.coverImageURL
        r.editionTitle = r.editionTitle ?? o.editionTitle
        r.openLibraryEditionID = r.openLibraryEditionID ?? o.openLibraryEditionID
        r.isbndbID = r.isbndbID ?? o.isbndbID
        r.googleBooksVolumeID = r.googleBooksVolumeID ?? o.googleBooksVolumeID
        r.amazonASINs = r.amazonASINs.union(o.amazonASINs)
        r.googleBooksVolumeIDs = r.googleBooksVolumeIDs.union(o.googleBooksVolumeIDs)
        r.librarythingIDs = r.librarythingIDs.union(o.librarythingIDs)
        Contributor.union(&r.contributors, o.contributors)
        r.lastISBNDBSync = r.lastISBNDBSync ?? o.lastISBNDBSync
        r.dateCreated = min(e.dateCreated, i.dateCreated)
        r.lastModified = max(e.lastModified, i.lastModified)
        return r
    }
}
