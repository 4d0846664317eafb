import Foundation
import MWFoundation

/// The import's row fold (not the library merge, ``BookMerge``): folds the rows of one import
/// into a library of their own — finds or creates each row's work, edition, authors and entry,
/// merges identifiers, folds the user's values (the latest activity wins; every read kept), and
/// records every uncertain merge for the review file. Rows must come in
/// ``BookIdentity/canonicalOrder(_:)``. Works are found by the library merge's identity rule
/// (ISBN, the services' ids, title + primary author); that library then goes into an existing
/// one through ``BookMerge``, as a restore does.
struct BookRowFold {
    private(set) var lib: BookLibrary
    let options: BookImportOptions
    private var usedIDs: Set<String> = []
    private var workIndex: [String: Int] = [:]
    private var workByExternal: [String: Int] = [:]
    private var workByTitle: [String: [Int]] = [:]
    private var editionByISBN: [String: Int] = [:]
    /// Each work's editions by the work's index in `lib.works`: an array, as ``entryOfWork``.
    private var editionsOfWork: [[Int]] = []
    private var authorByKey: [String: Int] = [:]
    private var authorIndex: [String: Int] = [:]
    /// Each work's entry by the work's index in `lib.works` (-1: none yet). An array, not a
    /// dictionary by work id: that took 3 MB of slots for 50,000 works, held through the whole
    /// fold, the import's peak of memory (issue 29: peak RSS).
    private var entryOfWork: [Int] = []
    var review: [BookReviewItem] = []
    var diagnostics: [Diagnostic] = []
    var summaries: [String: BookFileSummary] = [:]

    /// `expectedRows`: how many rows will be added, so the indices are sized once.
    init(_ existing: BookLibrary, options: BookImportOptions, expectedRows: Int = 0) {
        lib = existing
        self.options = options
        let records = existing.works.count + existing.editions.count + existing.authors.count + existing.entries.count
        usedIDs.reserveCapacity(records + 3 * expectedRows)
        workIndex.reserveCapacity(existing.works.count + expectedRows)
        workByExternal.reserveCapacity(existing.works.count + expectedRows)
        workByTitle.reserveCapacity(existing.works.count + expectedRows)
        // An edition's ISBN-10 and -13 share one key: a row brings one, seldom two (sized a
        // step too big, a dictionary doubles its slots).
        editionByISBN.reserveCapacity(3 * (existing.editions.count + expectedRows) / 2)
        editionsOfWork.reserveCapacity(existing.works.count + expectedRows)
        entryOfWork.reserveCapacity(existing.works.count + expectedRows)
        lib.works.reserveCapacity(existing.works.count + expectedRows)
        lib.editions.reserveCapacity(existing.editions.count + expectedRows)
        lib.entries.reserveCapacity(existing.entries.count + expectedRows)
        for (i, a) in lib.authors.enumerated() {
            usedIDs.insert(a.id)
            if authorIndex[a.id] == nil { authorIndex[a.id] = i }
            let k = BookIdentity.authorKey(a.name)
            if !k.isEmpty && authorByKey[k] == nil { authorByKey[k] = i }
        }
        for (i, w) in lib.works.enumerated() {
            usedIDs.insert(w.id)
            workIndex[w.id] = i
            indexWork(i)
        }
        for (i, e) in lib.editions.enumerated() {
            usedIDs.insert(e.id)
            // An edition is found by its work: one naming no work of the library never is.
            if let w = workIndex[e.workId] { addEdition(i, toWork: w) }
            for k in e.isbnKeys where editionByISBN[k] == nil { editionByISBN[k] = i }
        }
        for (i, e) in lib.entries.enumerated() {
            usedIDs.insert(e.id)
            // An entry is found by its work: one naming no work of the library never is.
            if let w = workIndex[e.workId], entryIndex(work: w) == nil { setEntry(i, ofWork: w) }
        }
    }

    /// `titleKey`: the work's title + primary author key when the caller has it (a work just
    /// created from a row, whose key the row was looked up by); nil: worked out here.
    private mutating func indexWork(_ i: Int, titleKey known: String?? = nil) {
        let w = lib.works[i]
        // The library merge's keys (BookIdentity+Library.swift): one identity rule for both.
        for k in BookIdentity.externalKeys(w) where workByExternal[k] == nil { workByExternal[k] = i }
        let titleKey = known ?? BookIdentity.titleAuthorKey(w.title, w.primaryAuthorId.flatMap { authorIndex[$0] }.map { lib.authors[$0].name })
        if let k = titleKey, !(workByTitle[k]?.contains(i) ?? false) {
            workByTitle[k, default: []].append(i)
        }
    }

    /// A new deterministic id for `kind`, never one already in the library.
    private mutating func newID(_ kind: String, _ key: String) -> String {
        var id = BookID.make(kind, key)
        var n = 2
        // `insert` both asks and books: one hash of the id, not two.
        while !usedIDs.insert(id).inserted {
            id = BookID.make(kind, "\(key)#\(n)")
            n += 1
        }
        return id
    }

    // Entry bookkeeping for BookRowFold+Entry.swift (the indices stay private here).
    func entryIndex(work w: Int) -> Int? { w < entryOfWork.count && entryOfWork[w] >= 0 ? entryOfWork[w] : nil }
    mutating func newEntryID(_ workId: String) -> String { newID("entry", workId) }
    /// Appends `e`, the entry of work `w`.
    mutating func appendEntry(_ e: LibraryEntry, work w: Int) {
        lib.entries.append(e)
        setEntry(lib.entries.count - 1, ofWork: w)
    }
    private func editions(ofWork w: Int) -> [Int] { w < editionsOfWork.count ? editionsOfWork[w] : [] }
    private mutating func addEdition(_ i: Int, toWork w: Int) {
        if w >= editionsOfWork.count { editionsOfWork += repeatElement([], count: w - editionsOfWork.count + 1) }
        editionsOfWork[w].append(i)
    }
    private mutating func setEntry(_ i: Int, ofWork w: Int) {
        if w >= entryOfWork.count { entryOfWork += repeatElement(-1, count: w - entryOfWork.count + 1) }
        entryOfWork[w] = i
    }
    mutating func replaceEntry(_ i: Int, _ e: LibraryEntry) { lib.entries[i] = e }

    // MARK: Rows

    /// Adds the rows of one work (one row in a first pass; in a merge into an existing library,
    /// the rows the first pass folded together). `entry` gives the user's values already
    /// folded (nil: the rows' own values); `entryRow` is the row whose edition the entry
    /// points at; `pending` carries an uncertain merge of the first pass. Returns the work's
    /// id, each row's edition id and the index of the work's entry in the library.
    @discardableResult
    mutating func add(_ rows: [BookRow], entry given: EntryValues? = nil, entryRow: Int = 0, pending: Bool = false)
        -> (work: String, editions: [String], entry: Int?) {
        guard let first = rows.first else { return ("", [], nil) }
        if first.attaches && !rows.contains(where: { !$0.attaches }) && rows.flatMap(BookIdentity.externalKeys).allSatisfy({ workByExternal[$0] == nil }) {
            unattached(rows)
            return ("", [], nil)
        }
        var authorIds: [[String]] = []
        for row in rows {
            var s = summary(row)
            authorIds.append(row.authors.map { author($0, &s) })
            summaries[row.file] = s
        }
        var isbnKeys: [String] = []
        for row in rows { isbnKeys.appendUnique(row.isbnKeys) }

        var found: Int?
        for k in isbnKeys { if let e = editionByISBN[k] { found = workIndex[lib.editions[e].workId]; break } }
        if found == nil { for k in rows.flatMap(BookIdentity.externalKeys) { if let w = workByExternal[k] { found = w; break } } }
        // Worked out once: a work created from the row is indexed by the same key (its primary
        // author is the row's first, found or made by that name's folding; folding is dear).
        var titleKey: String??
        if found == nil {
            let tk = BookIdentity.titleAuthorKey(first.title, first.authors.first)
            titleKey = .some(tk)
            // Never a work whose service ids differ from the row's: an id is an identity.
            if let tk, let w = workByTitle[tk]?.first(where: { !BookIdentity.contradicts(first, lib.works[$0]) }) {
                var s = summary(first)
                found = titleMerge(first, into: w, isbnKeys: isbnKeys, &s)
                summaries[first.file] = s
            }
        }
        let w: Int
        if let found {
            w = found
            enrich(w, first, authorIds[0])
        } else {
            w = createWork(first, authorIds[0], titleKey: titleKey)
        }
        if pending && lib.works[w].reviewStatus != .pending {
            lib.works[w].reviewStatus = .pending
            lib.works[w].lastModified = options.importDate
        }
        var editions: [String] = []
        for (n, row) in rows.enumerated() {
            var s = summary(row)
            if n == 0 && found == nil { s.worksCreated += 1 } else { s.merged += 1 }
            if n > 0 { enrich(w, row, authorIds[n]) }
            let e = edition(for: row, work: w, isbnKeys: row.isbnKeys, &s)
            editions.append(lib.editions[e].id)
            summaries[row.file] = s
        }
        let workId = lib.works[w].id
        if let given {
            entry(given, work: w, edition: editions[min(entryRow, editions.count - 1)])
        } else {
            for (n, row) in rows.enumerated() { entry(EntryValues(row), work: w, edition: editions[n]) }
        }
        return (workId, editions, entryIndex(work: w))
    }

    /// Rows naming their book by id alone (``BookRow/attaches``) whose work no row of the
    /// import names: nothing to add them to, so each is a malformed row of its file.
    private mutating func unattached(_ rows: [BookRow]) {
        for row in rows {
            var s = summary(row)
            let why = "no title: this row names its book only by \(BookIdentity.rowKey(row)), and no other row of the import names that book; import it with the export's reading log or ratings file"
            s.malformed.append(MalformedRow(position: row.position, reason: why))
            summaries[row.file] = s
            diagnostics.append(.csv(.error, .importMalformedRow, why, file: row.file, line: row.line, row: row.row))
        }
    }

    private func summary(_ row: BookRow) -> BookFileSummary {
        summaries[row.file] ?? BookFileSummary(file: row.file, source: row.source, layout: nil)
    }

    /// A merge on title + primary author: taken unless the overrides say `separate`; when the
    /// ISBNs disagree (both sides have some, none shared) the work turns `pending` and the
    /// merge goes to review, unless the overrides say `merge`. Returns the work, or nil.
    private mutating func titleMerge(_ row: BookRow, into w: Int, isbnKeys: [String], _ s: inout BookFileSummary) -> Int? {
        let work = lib.works[w]
        let workISBNs = editions(ofWork: w).flatMap { lib.editions[$0].isbnKeys }
        let key = "\(row.source.rawValue)|\(BookIdentity.rowKey(row))>\(work.id)"
        let decision = options.overrides[key]
        let disagree = !isbnKeys.isEmpty && !workISBNs.isEmpty
        guard disagree || decision != nil else { return w }
        var item = BookReviewItem(status: "review", decision: "", key: key, title: row.title, authors: row.authors.joined(separator: ", "),
                                  rowISBNs: row.isbns, workISBNs: editions(ofWork: w).flatMap { lib.editions[$0].isbns },
                                  workId: work.id, workTitle: work.title,
                                  reason: "same title and primary author, but the ISBNs differ: \(isbnKeys.joined(separator: " ")) / \(workISBNs.joined(separator: " "))",
                                  source: row.source, file: row.file, line: row.line)
        switch decision {
        case .separate?:
            item.status = "decided"; item.decision = "separate"; item.reason = "kept apart in the review file"
            review.append(item)
            return nil
        case .merge?:
            item.status = "decided"; item.decision = "merge"; item.reason = "merged in the review file"
            review.append(item)
            return w
        case nil:
            review.append(item)
            s.sentToReview += 1
            if lib.works[w].reviewStatus != .pending {
                lib.works[w].reviewStatus = .pending
                lib.works[w].lastModified = options.importDate
            }
            diagnostics.append(.csv(.warning, .booksImportMergeReview,
                                    "\(quoted(row.title)) merged into the work \(quoted(work.title)) (\(work.id)) on title and author while the ISBNs differ; the work is pending review",
                                    file: row.file, line: row.line, row: row.row))
            return w
        }
    }

    private mutating func author(_ name: String, _ s: inout BookFileSummary) -> String {
        let key = BookIdentity.authorKey(name)
        if !key.isEmpty, let i = authorByKey[key] { return lib.authors[i].id }
        let id = newID("author", key.isEmpty ? name : key)
        lib.authors.append(Author(id: id, name: name, dateCreated: options.importDate, lastModified: options.importDate))
        authorIndex[id] = lib.authors.count - 1
        if !key.isEmpty { authorByKey[key] = lib.authors.count - 1 }
        s.authorsCreated += 1
        return id
    }

    private mutating func createWork(_ row: BookRow, _ authorIds: [String], titleKey: String??) -> Int {
        var ids: [String] = []
        ids.appendUnique(authorIds)
        let work = Work(id: newID("work", BookIdentity.rowKey(row)), title: row.title, originalLanguage: row.language,
                        firstPublicationYear: row.originalPublicationYear, subjectTags: row.subjects, authorIds: ids,
                        openLibraryWorkID: row.openLibraryWorkID,
                        goodreadsWorkIDs: row.goodreadsIDs, amazonASINs: row.asins, librarythingIDs: row.librarythingWorkIDs,
                        dateCreated: options.importDate, lastModified: options.importDate)
        lib.works.append(work)
        let i = lib.works.count - 1
        workIndex[work.id] = i
        indexWork(i, titleKey: titleKey)
        return i
    }

    /// Adds what the row knows and the work lacks: identifiers, authors, subjects, years.
    private mutating func enrich(_ i: Int, _ row: BookRow, _ authorIds: [String]) {
        var w = lib.works[i]
        var changed = Self.mergeRowIDs(&w, own: row.goodreadsIDs, row, librarything: row.librarythingWorkIDs, openLibrary: row.openLibraryWorkID)
        changed = Work.union(&w.authorIds, authorIds) || changed
        changed = Work.union(&w.subjectTags, row.subjects) || changed
        changed = Work.fill(&w.firstPublicationYear, row.originalPublicationYear) || changed
        changed = Work.fill(&w.originalLanguage, row.language) || changed
        guard changed else { return }
        w.lastModified = options.importDate
        lib.works[i] = w
        indexWork(i)
    }

    /// Adds the ids a row gives a work or an edition (its own list: Goodreads work ids or
    /// ISBNs; ASINs; LibraryThing work or book ids; Open Library work or edition id) that
    /// `r` lacks. True when anything changed.
    private static func mergeRowIDs<R: BookIDFields>(_ r: inout R, own: [String], _ row: BookRow, librarything: [String],
                                                           openLibrary: String?) -> Bool {
        var incoming = r
        incoming.ownIDs = own
        incoming.amazonASINs = row.asins
        incoming.librarythingIDs = librarything
        incoming.googleBooksVolumeIDs = []
        incoming.openLibraryID = openLibrary ?? r.openLibraryID
        return r.mergeExternalIDs(from: incoming)
    }

    /// The row's edition in work `w` (its index in the library): the one with a shared ISBN,
    /// else one sharing an ASIN or LibraryThing book id, else (a row without ISBN) one without
    /// ISBN of the same format and publisher; created when none is.
    private mutating func edition(for row: BookRow, work w: Int, isbnKeys: [String], _ s: inout BookFileSummary) -> Int {
        let workId = lib.works[w].id
        let mine = editions(ofWork: w)
        var found: Int?
        for k in isbnKeys { if let i = editionByISBN[k], lib.editions[i].workId == workId { found = i; break } }
        if found == nil {
            found = mine.first { i in
                let e = lib.editions[i]
                return e.amazonASINs.contains { row.asins.contains($0) } || e.librarythingIDs.contains { row.librarythingBookIDs.contains($0) }
                    || (e.openLibraryEditionID != nil && e.openLibraryEditionID == row.openLibraryEditionID)
            }
        }
        let format = row.format ?? .paperback
        if found == nil && isbnKeys.isEmpty {
            found = mine.first { i in
                let e = lib.editions[i]
                return e.isbnKeys.isEmpty && e.format == format && e.publisher == row.publisher
            }
        }
        if let i = found {
            var e = lib.editions[i]
            var changed = Self.mergeRowIDs(&e, own: row.isbns, row, librarything: row.librarythingBookIDs, openLibrary: row.openLibraryEditionID)
            changed = Work.fill(&e.publisher, row.publisher) || changed
            changed = Work.fill(&e.pageCount, row.pageCount) || changed
            changed = Work.fill(&e.publicationDate, row.publicationDate) || changed
            changed = Contributor.union(&e.contributors, row.contributors) || changed
            if changed {
                e.lastModified = options.importDate
                lib.editions[i] = e
                for k in e.isbnKeys where editionByISBN[k] == nil { editionByISBN[k] = i }
            }
            return i
        }
        let key = isbnKeys.first.map { "isbn:" + $0 }
            ?? "\(workId)|\(format.rawValue)|\(row.publisher ?? "")|\(row.asins.first ?? row.librarythingBookIDs.first ?? row.openLibraryEditionID ?? "")"
        var e = Edition(id: newID("edition", key), workId: workId, isbn: Edition.primary(row.isbns), isbns: row.isbns,
                        publisher: row.publisher, publicationDate: row.publicationDate, pageCount: row.pageCount, format: format,
                        openLibraryEditionID: row.openLibraryEditionID, amazonASINs: row.asins, librarythingIDs: row.librarythingBookIDs,
                        dateCreated: options.importDate, lastModified: options.importDate)
        e.contributors = row.contributors
        lib.editions.append(e)
        let i = lib.editions.count - 1
        addEdition(i, toWork: w)
        for k in isbnKeys where editionByISBN[k] == nil { editionByISBN[k] = i }
        s.editionsCreated += 1
        return i
    }
}
