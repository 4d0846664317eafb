import Foundation
import MWCore
import MWFoundation

/// Editions in ``BookMerge``: matched by ISBN, a shared service id, the id within the work,
/// else (no ISBN on either side) the same format and publisher within the work.
extension LibraryMerger {
    mutating func editions(_ incoming: BookLibrary) {
        let isbnKeys = incomingISBNKeys
        let keysOf = { (n: Int, ed: Edition) in
            (n < isbnKeys.count ? isbnKeys[n] : BookIdentity.isbnKeys(ed)) + BookIdentity.externalKeys(ed)
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
                editionMap[ed.id] = insert(.edition, mapped, Self.fresh(ed.id) { editionById[$0] != nil }, into: \.editions) { $0.indexEdition($1) }
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
        combined(e, i) { r, o in
            r.workId = e.workId
            r.isbn = r.isbn ?? o.isbn
            r.publisher = r.publisher ?? o.publisher
            r.publicationDate = r.publicationDate ?? o.publicationDate
            r.pageCount = r.pageCount ?? o.pageCount
            r.coverImageURL = r.coverImageURL ?? o.coverImageURL
            r.editionTitle = r.editionTitle ?? o.editionTitle
            r.mergeIDs(from: o, dropEmpty: false)
            Contributor.union(&r.contributors, o.contributors)
            r.lastISBNDBSync = r.lastISBNDBSync ?? o.lastISBNDBSync
        }
    }
}
