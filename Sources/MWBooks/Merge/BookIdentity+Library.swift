import Foundation
import MWFoundation

/// The keys a record of a books library is recognised by across libraries (docs/SPEC.md Part II
/// "External ID Management"): shared external ids, ISBNs (ISBN-10 and -13 of one book alike),
/// else the normalised title and primary author (works) or normalised name (authors). Used by
/// the library merge; the folding is the import's (``BookIdentity/titleKey(_:)``,
/// ``ISBN/matchKey(_:)``), so a library merge and an import recognise a book alike.
extension BookIdentity {
    /// A name or title folded for comparison (the film imports' `TitleNormalizer`).
    static func normalize(_ s: String) -> String { authorKey(s) }

    /// The external-id keys of a record (those of an edition without its ISBNs), strongest first.
    static func externalKeys<R: ExternalIdentified>(_ r: R) -> [String] {
        var k = KeyList<R>()
        R.eachID(of: r, &k)
        return k.keys.keys
    }

    /// The ISBN keys of an edition (its `isbn` and `isbns`).
    static func isbnKeys(_ e: Edition) -> [String] {
        e.isbnKeys.map { "isbn:" + $0 }
    }

    /// The keys of a record's ids, visited in order (``ExternalIdentified/eachID(of:_:)``).
    private struct KeyList<Record>: ExternalIDVisitor {
        var keys = Keys()

        @inline(__always)
        mutating func list(_ prefix: String?, _ field: WritableKeyPath<Record, [String]>, of r: Record) {
            if let prefix { keys.add(prefix, r[keyPath: field]) }
        }

        @inline(__always)
        mutating func single(_ prefix: String, _ field: WritableKeyPath<Record, String?>, of r: Record) {
            keys.add(prefix, r[keyPath: field])
        }
    }

    /// The keys of an author: external ids, then the normalised name.
    static func authorKeys(_ a: Author) -> [String] {
        var k = KeyList<Author>()
        Author.eachID(of: a, &k)
        k.keys.add("name:", normalize(a.name))
        return k.keys.keys
    }

    /// Keys collected in order, one ending in `:` left out (an empty value: a key of a prefix
    /// alone would match every record missing that id). Appended one by one: the arrays of ids
    /// are nearly always empty, and mapping and joining them cost an allocation each per record.
    private struct Keys {
        var keys: [String] = []
        mutating func add(_ prefix: String, _ value: String?) {
            guard let value else { return }
            let key = prefix + value
            if !key.hasSuffix(":") { keys.append(key) }
        }
        mutating func add(_ prefix: String, _ values: [String]) {
            for v in values { add(prefix, v) }
        }
    }

    /// "title:<title>|<primary author>" for a work whose primary author's name is `author`;
    /// nil without an author (a title alone never merges two works).
    static func titleKey(_ title: String, author: String?) -> String? {
        titleAuthorKey(title, author).map { "title:" + $0 }
    }
}

extension Array where Element: Hashable {
    /// `self` followed by the elements of `other` it lacks, in their order.
    func union(_ other: [Element]) -> [Element] {
        var out = self
        out.appendUnique(other)
        return out
    }
}
