import Foundation
import MWFoundation

/// A person who writes books (docs/SPEC.md "Books: author").
public struct Author: Equatable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var nationality: String?
    public var gender: AuthorGender
    public var culturalRegion: CulturalRegion?
    public var birthYear: Int?
    public var deathYear: Int?

    public var openLibraryID: String?
    public var isbndbID: String?
    public var googleBooksID: String?
    public var goodreadsID: String?

    public var dateCreated: Date
    public var lastModified: Date
    /// Cached count of works (the app's `bookCount`), kept as stored.
    public var bookCount: Int

    public init(id: String, name: String, nationality: String? = nil, gender: AuthorGender = .unknown,
                culturalRegion: CulturalRegion? = nil, birthYear: Int? = nil, deathYear: Int? = nil,
                openLibraryID: String? = nil, isbndbID: String? = nil, googleBooksID: String? = nil,
                goodreadsID: String? = nil, dateCreated: Date, lastModified: Date, bookCount: Int = 0) {
        self.id = id
        self.name = name
        self.nationality = nationality
        self.gender = gender
        self.culturalRegion = culturalRegion
        self.birthYear = birthYear
        self.deathYear = deathYear
        self.openLibraryID = openLibraryID
        self.isbndbID = isbndbID
        self.googleBooksID = googleBooksID
        self.goodreadsID = goodreadsID
        self.dateCreated = dateCreated
        self.lastModified = lastModified
        self.bookCount = bookCount
    }
}

extension Author {
    /// Words that belong to a surname when they come before it (`Le Guin`, `de Beauvoir`,
    /// `van der Berg`, `da Silva`), compared in lower case. Never the first word of a name
    /// (`Van Morrison` is `Morrison, Van`).
    static let surnameParticles: Set<String> = [
        "de", "del", "della", "delle", "dei", "degli", "di", "da", "das", "dos", "do", "du", "des", "d'",
        "le", "la", "les", "l'", "van", "von", "vom", "zu", "zum", "zur", "der", "den", "ter", "ten", "te",
        "op", "'t", "al", "el", "bin", "ibn",
        // Irish and Scottish Gaelic: `Nuala Ní Dhomhnaill` → `Ní Dhomhnaill, Nuala`.
        "ní", "nic", "mac", "mhic", "ó", "ua", "uí", "ap", "ab", "ferch",
        "af", "av", "dal", "dall", "lo", "van't",
    ]

    /// Generational suffixes kept after the given names (`King, Martin Luther, Jr.`).
    static let nameSuffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "ph.d.", "md", "m.d.", "esq", "esq."]

    /// The sort form of a display name, `Last, First[, Suffix]`, as Goodreads' `Author l-f`
    /// writes it: the surname with the particles before it (`Ursula K. Le Guin` → `Le Guin,
    /// Ursula K.`; `Ludwig van Beethoven` → `van Beethoven, Ludwig`), a generational suffix
    /// after the given names whether the name wrote it after a comma or not (`Martin Luther
    /// King Jr.` → `King, Martin Luther, Jr.`). A one-word name is itself.
    public static func sortName(_ name: String) -> String {
        var words = name.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var suffix: String?
        if words.count > 2, let last = words.last, nameSuffixes.contains(last.lowercased()) {
            suffix = last
            words.removeLast()
            if words[words.count - 1].hasSuffix(",") { words[words.count - 1].removeLast() }
        }
        guard words.count > 1 else { return ([words.first ?? name.trimmedBlanks()] + (suffix.map { [$0] } ?? [])).joined(separator: ", ") }
        var start = words.count - 1
        while start > 1, surnameParticles.contains(words[start - 1].lowercased()) { start -= 1 }
        let surname = words[start...].joined(separator: " "), given = words[..<start].joined(separator: " ")
        return [surname, given].joined(separator: ", ") + (suffix.map { ", " + $0 } ?? "")
    }
}
