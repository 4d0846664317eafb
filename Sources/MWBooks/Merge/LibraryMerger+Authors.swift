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
                authorMap[a.id] = insert(.author, a, Self.fresh(a.id) { authorById[$0] != nil }, into: \.authors) { $0.indexAuthor($1) }
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
        combined(e, i) { r, o in
            r.nationality = r.nationality ?? o.nationality
            if r.gender == .unknown { r.gender = o.gender }
            r.culturalRegion = r.culturalRegion ?? o.culturalRegion
            r.birthYear = r.birthYear ?? o.birthYear
            r.deathYear = r.deathYear ?? o.deathYear
            r.mergeIDs(from: o, dropEmpty: false)
        }
    }
}
