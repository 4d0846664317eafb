import Foundation

/// The keys a record of a books library is recognised by across libraries (seeds/001
/// "External ID Management"): shared external ids, ISBNs, else the normalised title and
/// primary author (works) or normalised name (authors). Used by the library merge.
enum BookIdentity {
    /// Lower case, diacritics folded, everything but letters and digits dropped, runs of
    /// white space as one space: "Les Misérables " → "les miserables".
    static func normalize(_ s: String) -> String {
        let folded = s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = ""
        var space = false
        for ch in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(ch) {
                if space && !out.isEmpty { out.append(" ") }
                space = false
                out.unicodeScalars.append(ch)
            } else if CharacterSet.whitespacesAndNewlines.contains(ch) || CharacterSet.punctuationCharacters.contains(ch) {
                space = true
            }
        }
        return out
    }

    /// An ISBN as compared: hyphens, spaces and other separators dropped, `x` upper-cased.
    /// (ISBN-10 and ISBN-13 forms of one book are not equated here; that conversion belongs to
    /// the import's ISBN normaliser.)
    static func isbn(_ s: String) -> String? {
        let bare = String(s.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }).uppercased()
        return bare.isEmpty ? nil : bare
    }

    /// The external-id keys of a work, strongest first.
    static func externalKeys(_ w: Work) -> [String] {
        var k: [String] = []
        k += w.goodreadsWorkIDs.map { "goodreads:" + $0 }
        k += w.librarythingIDs.map { "librarything:" + $0 }
        k += w.amazonASINs.map { "asin:" + $0 }
        k += ([w.googleBooksVolumeID].compactMap { $0 } + w.googleBooksVolumeIDs).map { "googlebooks:" + $0 }
        if let v = w.openLibraryWorkID { k.append("openlibrary:" + v) }
        if let v = w.isbndbID { k.append("isbndb:" + v) }
        return k.filter { !$0.hasSuffix(":") }
    }

    /// The ISBN keys of an edition (its `isbn` and `isbns`).
    static func isbnKeys(_ e: Edition) -> [String] {
        ([e.isbn].compactMap { $0 } + e.isbns).compactMap(isbn).map { "isbn:" + $0 }
    }

    /// The other external-id keys of an edition.
    static func editionKeys(_ e: Edition) -> [String] {
        var k: [String] = []
        if let v = e.openLibraryEditionID { k.append("openlibrary:" + v) }
        if let v = e.isbndbID { k.append("isbndb:" + v) }
        k += e.amazonASINs.map { "asin:" + $0 }
        k += ([e.googleBooksVolumeID].compactMap { $0 } + e.googleBooksVolumeIDs).map { "googlebooks:" + $0 }
        k += e.librarythingIDs.map { "librarything:" + $0 }
        return k.filter { !$0.hasSuffix(":") }
    }

    /// The keys of an author: external ids, then the normalised name.
    static func authorKeys(_ a: Author) -> [String] {
        var k: [String] = []
        if let v = a.goodreadsID { k.append("goodreads:" + v) }
        if let v = a.openLibraryID { k.append("openlibrary:" + v) }
        if let v = a.isbndbID { k.append("isbndb:" + v) }
        if let v = a.googleBooksID { k.append("googlebooks:" + v) }
        let n = normalize(a.name)
        if !n.isEmpty { k.append("name:" + n) }
        return k.filter { !$0.hasSuffix(":") }
    }

    /// "title:<title>|<primary author>" for a work whose primary author's name is `author`.
    static func titleKey(_ title: String, author: String?) -> String? {
        let t = normalize(title)
        guard !t.isEmpty else { return nil }
        return "title:" + t + "|" + normalize(author ?? "")
    }
}

extension Array where Element: Equatable {
    /// `self` followed by the elements of `other` it lacks, in their order.
    func union(_ other: [Element]) -> [Element] {
        var out = self
        for x in other where !out.contains(x) { out.append(x) }
        return out
    }
}
