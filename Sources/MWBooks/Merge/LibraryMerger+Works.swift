import Foundation
import MWCore
import MWFoundation

/// Works in ``BookMerge``: matched by ISBN, then a shared service id, then title + primary
/// author (never between works whose ids of one service differ).
extension LibraryMerger {
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
            var found0 = workByISBN(isbns) ?? workIndex.first(of: external) ?? title.flatMap { t in workIndex[t].map { (t, $0) } }
            // An id is an identity: a title match never joins works whose ids of one service differ.
            if let f = found0, f.key == title, BookIdentity.contradicts(lib.works[f.index], w) { found0 = nil }
            let hit = found0?.key
            // The id alone matches only a work with the same title or primary author: ids from
            // two libraries may collide without naming the same book.
            // Worked out only without a key hit, which it would not override (folding titles is dear).
            let byId = hit != nil ? nil : workById[w.id].flatMap { k -> Int? in
                let x = lib.works[k]
                guard !BookIdentity.contradicts(x, w) else { return nil }
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
                workMap[w.id] = insert(.work, mapped, Self.fresh(w.id) { workById[$0] != nil }, into: \.works) { m, i in
                    // Indexed by the keys just worked out (its ISBNs come with its editions).
                    for k in external + [title].compactMap({ $0 }) { m.workIndex.claim(k, i) }
                    if m.workById[m.lib.works[i].id] == nil { m.workById[m.lib.works[i].id] = i }
                }
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
        combined(e, i) { r, o in
            r.authorIds = r.authorIds.union(o.authorIds)
            r.originalLanguage = r.originalLanguage ?? o.originalLanguage
            r.firstPublicationYear = r.firstPublicationYear ?? o.firstPublicationYear
            r.subjectTags = r.subjectTags.union(o.subjectTags)
            r.mergeIDs(from: o, dropEmpty: false)
            if e.reviewStatus == .pending && i.reviewStatus == .pending { r.reviewStatus = .pending }
            r.originalImagePath = r.originalImagePath ?? o.originalImagePath
            if r.boundingBoxX == nil && r.boundingBoxY == nil && r.boundingBoxWidth == nil && r.boundingBoxHeight == nil {
                (r.boundingBoxX, r.boundingBoxY, r.boundingBoxWidth, r.boundingBoxHeight) = (o.boundingBoxX, o.boundingBoxY, o.boundingBoxWidth, o.boundingBoxHeight)
            }
            r.lastISBNDBSync = r.lastISBNDBSync ?? o.lastISBNDBSync
        }
    }
}
