import Foundation
import MWFoundation

/// Merges one books library into another (docs/BOOKS.md "Merge") without losing anything:
///
/// - **Identity.** Authors by a shared external id, else normalised name; works by a shared
///   external id (Goodreads, LibraryThing, ASIN, Google Books, OpenLibrary, ISBNdb), else an ISBN
///   of one of their editions, else normalised title + primary author; editions by ISBN, else a
///   shared external id; entries by their (matched) work — one entry per work. The id is the
///   last resort for all. A title + author match whose ISBNs disagree is merged, marked
///   `reviewStatus = pending` and reported. The id alone matches a work only with the same
///   title or primary author, an author only when no shared service's id contradicts it.
/// - **Values.** Works, editions and authors: the winner's values (``BookMergePolicy``), with
///   what it lacks filled from the other side and every external-id array, ISBN list and tag
///   list united. Entries (user data): status, edition, dates, page, progress and ratings come
///   whole from the winner — by default the one modified last, a tie keeping the existing one;
///   tags are united; notes are never lost: the other side's notes are appended unless one
///   already holds the other (over 2,000 characters together, the winner's stay and the other's
///   are quoted in a warning). `dateAdded` is the earlier, `lastModified` the later of the two.
/// - **Ids.** Matched records keep the existing id; the incoming references follow. A new record
///   whose id is taken gets `<id>-2`, `-3`, ….
///
/// Merging the result with the same incoming library again changes nothing (no insert, no update).
public enum BookMerge {
    public static func merge(_ incoming: BookLibrary, into existing: BookLibrary, policy: BookMergePolicy = .newer) -> BookMergeResult {
        var m = Merger(existing, policy: policy)
        m.authors(incoming)
        m.works(incoming)
        m.editions(incoming)
        m.entries(incoming)
        return BookMergeResult(library: m.lib, decisions: m.decisions, warnings: m.warnings)
    }
}

private struct Merger {
    var lib: BookLibrary
    let policy: BookMergePolicy
    var decisions: [BookMergeDecision] = []
    var warnings: [String] = []
    var authorIndex: [String: Int] = [:], workIndex: [String: Int] = [:], editionIndex: [String: Int] = [:]
    var authorById: [String: Int] = [:], workById: [String: Int] = [:], editionById: [String: Int] = [:]
    var entryByWork: [String: Int] = [:], entryIds: Set<String> = []
    var authorMap: [String: String] = [:], workMap: [String: String] = [:], editionMap: [String: String] = [:]

    init(_ existing: BookLibrary, policy: BookMergePolicy) {
        lib = existing
        self.policy = policy
        for i in lib.authors.indices { indexAuthor(i) }
        for i in lib.works.indices { indexWork(i) }
        for i in lib.editions.indices { indexEdition(i) }
        for (i, e) in lib.entries.enumerated() {
            if entryByWork[e.workId] == nil { entryByWork[e.workId] = i }
            entryIds.insert(e.id)
        }
    }

    // MARK: Indexes (first record with a key keeps it)

    mutating func indexAuthor(_ i: Int) {
        for k in BookIdentity.authorKeys(lib.authors[i]) where authorIndex[k] == nil { authorIndex[k] = i }
        if authorById[lib.authors[i].id] == nil { authorById[lib.authors[i].id] = i }
    }

    func primaryName(_ w: Work) -> String? {
        w.authorIds.first.flatMap { authorById[$0] }.map { lib.authors[$0].name }
    }

    mutating func indexWork(_ i: Int) {
        let w = lib.works[i]
        var keys = BookIdentity.externalKeys(w)
        if let t = BookIdentity.titleKey(w.title, author: primaryName(w)) { keys.append(t) }
        for k in keys where workIndex[k] == nil { workIndex[k] = i }
        if workById[w.id] == nil { workById[w.id] = i }
    }

    mutating func indexEdition(_ i: Int) {
        let e = lib.editions[i]
        for k in BookIdentity.isbnKeys(e) + BookIdentity.editionKeys(e) where editionIndex[k] == nil { editionIndex[k] = i }
        if editionById[e.id] == nil { editionById[e.id] = i }
        // An edition's ISBNs identify its work too.
        if let w = workById[e.workId] { for k in BookIdentity.isbnKeys(e) where workIndex[k] == nil { workIndex[k] = w } }
    }

    // MARK: Helpers

    func incomingWins(_ existing: Date, _ incoming: Date) -> Bool {
        switch policy {
        case .keep: return false
        case .theirs: return true
        case .newer: return incoming > existing
        }
    }

    static func fresh(_ id: String, taken: (String) -> Bool) -> (String, String?) {
        guard taken(id) else { return (id, nil) }
        var n = 2
        while taken("\(id)-\(n)") { n += 1 }
        return ("\(id)-\(n)", "id \(id) is taken by another record; stored as \(id)-\(n)")
    }

    /// The names of the stored attributes that differ (ids and references already mapped).
    static func differing<T>(_ a: T, _ b: T) -> [String] {
        zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { x, y in
            guard let label = x.label, label != "id" else { return nil }
            return String(describing: x.value) == String(describing: y.value) ? nil : label
        }
    }

    mutating func decide<T: Equatable>(_ entity: BookEntity, before: T, after: T, incoming: T, incomingId: String,
                                       resultId: String, key: String, reason: String? = nil) {
        let fields = Self.differing(before, incoming)
        decisions.append(BookMergeDecision(entity: entity, action: before == after ? .skip : .update, conflict: !fields.isEmpty,
                                           incomingId: incomingId, resultId: resultId, key: key, fields: fields, reason: reason))
    }

    mutating func inserted(_ entity: BookEntity, _ incomingId: String, _ resultId: String, reason: String?) {
        decisions.append(BookMergeDecision(entity: entity, action: .insert, conflict: false, incomingId: incomingId,
                                           resultId: resultId, key: "new", fields: [], reason: reason))
    }

    // MARK: Authors

    mutating func authors(_ incoming: BookLibrary) {
        for a in incoming.authors {
            let keys = BookIdentity.authorKeys(a)
            let hit = keys.first { authorIndex[$0] != nil }
            let byId = authorById[a.id].flatMap { Self.contradict(lib.authors[$0], a) ? nil : $0 }
            if let i = hit.map({ authorIndex[$0]! }) ?? byId {
                let before = lib.authors[i]
                let after = combine(before, a)
                lib.authors[i] = after
                authorMap[a.id] = after.id
                indexAuthor(i)
                decide(.author, before: before, after: after, incoming: { var x = a; x.id = before.id; return x }(),
                       incomingId: a.id, resultId: after.id, key: hit ?? "id:" + a.id)
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
        for e in incoming.editions { incomingISBNs[e.workId, default: []] += BookIdentity.isbnKeys(e) }
        let incomingNames = Dictionary(incoming.authors.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        for w in incoming.works {
            var mapped = w
            mapped.authorIds = w.authorIds.map { authorMap[$0] ?? $0 }
            let isbns = incomingISBNs[w.id] ?? []
            let title = BookIdentity.titleKey(w.title, author: w.authorIds.first.flatMap { incomingNames[$0] })
            let keys = BookIdentity.externalKeys(w) + isbns + [title].compactMap { $0 }
            let hit = keys.first { workIndex[$0] != nil }
            // The id alone matches only a work with the same title or primary author: ids from
            // two libraries may collide without naming the same book.
            let byId = workById[w.id].flatMap { k -> Int? in
                let x = lib.works[k]
                let sameTitle = BookIdentity.normalize(x.title) == BookIdentity.normalize(w.title)
                return sameTitle || (x.authorIds.first != nil && x.authorIds.first == mapped.authorIds.first) ? k : nil
            }
            guard let i = hit.map({ workIndex[$0]! }) ?? byId else {
                let (id, why) = Self.fresh(w.id) { workById[$0] != nil }
                mapped.id = id
                lib.works.append(mapped)
                workMap[w.id] = id
                indexWork(lib.works.count - 1)
                inserted(.work, w.id, id, reason: why)
                continue
            }
            let before = lib.works[i]
            mapped.id = before.id
            var after = combine(before, mapped)
            var reason: String?
            if let hit, hit == title {
                let theirs = Set(lib.editions.filter { $0.workId == before.id }.flatMap(BookIdentity.isbnKeys))
                if !theirs.isEmpty && !isbns.isEmpty && theirs.isDisjoint(with: isbns) {
                    after.reviewStatus = .pending
                    reason = "matched by title and primary author while the ISBNs differ: marked pending for review"
                    warnings.append("work \(quoted(w.title)) (\(w.id)) was merged into \(before.id) by title and author although their ISBNs differ; marked reviewStatus pending")
                }
            }
            lib.works[i] = after
            workMap[w.id] = after.id
            indexWork(i)
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
        for ed in incoming.editions {
            var mapped = ed
            mapped.workId = workMap[ed.workId] ?? ed.workId
            let keys = BookIdentity.isbnKeys(ed) + BookIdentity.editionKeys(ed)
            let hit = keys.first { editionIndex[$0] != nil }
            let byId = editionById[ed.id].flatMap { lib.editions[$0].workId == mapped.workId ? $0 : nil }
            guard let i = hit.map({ editionIndex[$0]! }) ?? byId else {
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
            let after = combine(before, mapped)
            lib.editions[i] = after
            editionMap[ed.id] = after.id
            indexEdition(i)
            decide(.edition, before: before, after: after, incoming: mapped, incomingId: ed.id, resultId: after.id, key: hit ?? "id:" + ed.id)
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
        r.lastISBNDBSync = r.lastISBNDBSync ?? o.lastISBNDBSync
        r.dateCreated = min(e.dateCreated, i.dateCreated)
        r.lastModified = max(e.lastModified, i.lastModified)
        return r
    }

    // MARK: Entries

    mutating func entries(_ incoming: BookLibrary) {
        for en in incoming.entries {
            var mapped = en
            mapped.workId = workMap[en.workId] ?? en.workId
            mapped.editionId = en.editionId.map { editionMap[$0] ?? $0 }
            guard let i = entryByWork[mapped.workId] else {
                let (id, why) = Self.fresh(en.id) { entryIds.contains($0) }
                mapped.id = id
                lib.entries.append(mapped)
                entryByWork[mapped.workId] = lib.entries.count - 1
                entryIds.insert(id)
                inserted(.entry, en.id, id, reason: why)
                continue
            }
            let before = lib.entries[i]
            mapped.id = before.id
            let after = combine(before, mapped)
            lib.entries[i] = after
            decide(.entry, before: before, after: after, incoming: mapped, incomingId: en.id, resultId: after.id, key: "work:" + mapped.workId)
        }
    }

    mutating func combine(_ e: LibraryEntry, _ i: LibraryEntry) -> LibraryEntry {
        let win = incomingWins(e.lastModified, i.lastModified)
        var r = win ? i : e
        let o = win ? e : i
        r.id = e.id
        r.workId = e.workId
        r.tags = r.tags.union(o.tags)
        r.notes = joinNotes(r.notes, o.notes, entry: e.id)
        r.dateAdded = min(e.dateAdded, i.dateAdded)
        r.lastModified = max(e.lastModified, i.lastModified)
        return r
    }

    /// The winner's notes with the other side's appended, unless one already holds the other.
    mutating func joinNotes(_ winner: String?, _ other: String?, entry: String) -> String? {
        guard let other, !other.isEmpty else { return winner }
        guard let winner, !winner.isEmpty else { return other }
        if winner.contains(other) { return winner }
        if other.contains(winner) { return other }
        let joined = winner + "\n\n" + other
        if joined.count <= BookValidator.maxNotesLength { return joined }
        warnings.append("entry \(entry): notes not joined (together over \(BookValidator.maxNotesLength) characters); the other side's notes were: \(other)")
        return winner
    }
}
