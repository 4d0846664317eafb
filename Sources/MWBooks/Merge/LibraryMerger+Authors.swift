import Foundation
import MWCore
import MWFoundation

/// Authors in ``BookMerge``: matched by a shared service id, else the folded name, else the
/// id when no service id contradicts it.
extension LibraryMerger {
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
}
