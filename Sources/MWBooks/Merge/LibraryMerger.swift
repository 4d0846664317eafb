import Foundation
import MWCore
import MWFoundation

/// The state of one ``BookMerge/merge(_:into:policy:titleMatch:)``: the library merged into and its indexes; each kind of record in its own file (LibraryMerger+Authors, +Works, +Editions, +Entries).
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
        for k in BookIdentity.externalKeys(e) { editionIndex.claim(k, i) }
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

    /// Existing record `e` and incoming `i` as one: the winner's values (``incomingWins(_:_:)``)
    /// under `e`'s id, `fill` taking from the other (its second argument) what they lack,
    /// created at the earlier date and modified at the later.
    @inline(__always)
    func combined<R: DatedBookRecord>(_ e: R, _ i: R, fill: (inout R, R) -> Void) -> R {
        let win = incomingWins(e.lastModified, i.lastModified)
        var r = win ? i : e
        r.id = e.id
        fill(&r, win ? e : i)
        r.dateCreated = min(e.dateCreated, i.dateCreated)
        r.lastModified = max(e.lastModified, i.lastModified)
        return r
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

    /// Appends `record`, which nothing in the library matched, under `fresh` (its id, or
    /// another when that one is taken: ``fresh(_:taken:)``), has `index` index it at its
    /// position, and reports the insert. Returns the id it is stored under.
    @inline(__always) @discardableResult
    mutating func insert<R: BookRecord>(_ entity: BookEntity, _ record: consuming R, _ fresh: (id: String, reason: String?),
                                        into records: WritableKeyPath<BookLibrary, [R]>, index: (inout LibraryMerger, Int) -> Void) -> String {
        let incomingId = record.id
        // Moved, not copied, into the library.
        var r = consume record
        r.id = fresh.id
        lib[keyPath: records].append(consume r)
        index(&self, lib[keyPath: records].count - 1)
        inserted(entity, incomingId, fresh.id, reason: fresh.reason)
        return fresh.id
    }

    mutating func inserted(_ entity: BookEntity, _ incomingId: String, _ resultId: String, reason: String?) {
        decisions.append(BookMergeDecision(entity: entity, action: .insert, conflict: false, incomingId: incomingId,
                                           resultId: resultId, key: "new", fields: [], reason: reason))
    }
}

/// A record of a books library, stored under its `id` (``LibraryMerger/insert(_:_:_:into:index:)``).
protocol BookRecord {
    var id: String { get set }
}

/// A record with creation and modification dates (``LibraryMerger/combined(_:_:fill:)``).
protocol DatedBookRecord: BookRecord {
    var dateCreated: Date { get set }
    var lastModified: Date { get set }
}

extension Author: DatedBookRecord {}
extension Work: DatedBookRecord {}
extension Edition: DatedBookRecord {}
extension LibraryEntry: BookRecord {}
