import Foundation

/// Summary figures of a books library (`mwkit stats` on a `bookstrack-v1` backup): records per
/// kind, entries per reading status, books and pages read per year (by `dateCompleted`, in
/// UTC), the average star rating, and authors by gender and cultural region where known.
public struct BookStats: Codable, Sendable, Equatable {
    /// One calendar year of finished books.
    public struct Year: Codable, Sendable, Equatable {
        public var year: Int
        /// Entries with status `read` completed that year.
        public var books: Int
        /// Their editions' page counts summed (entries without an edition or a page count add none).
        public var pages: Int
    }

    public var works: Int
    public var editions: Int
    public var authors: Int
    public var entries: Int
    /// ReadingStatus raw value → entries (every status, zeros included).
    public var byStatus: [String: Int]
    /// Read entries without a `dateCompleted` (counted in `byStatus`, in no year).
    public var readUndated: Int
    /// Ascending by year.
    public var readPerYear: [Year]
    /// Entries with a star `rating`.
    public var rated: Int
    /// Mean of the star ratings (nil when none is rated).
    public var averageRating: Double?
    /// Mean of the granular `personalRating`s (nil when none).
    public var averagePersonalRating: Double?
    /// AuthorGender raw value → authors, for the known ones (`unknown` left out).
    public var authorsByGender: [String: Int]
    /// CulturalRegion raw value → authors, for those with a region.
    public var authorsByRegion: [String: Int]
    /// Authors whose gender is `unknown`.
    public var authorsGenderUnknown: Int
    /// Authors without a cultural region.
    public var authorsRegionUnknown: Int

    /// Computes the figures for `lib`.
    public init(_ lib: BookLibrary) {
        works = lib.works.count
        editions = lib.editions.count
        authors = lib.authors.count
        entries = lib.entries.count
        var status = Dictionary(uniqueKeysWithValues: ReadingStatus.allCases.map { ($0.rawValue, 0) })
        for e in lib.entries { status[e.readingStatus.rawValue, default: 0] += 1 }
        byStatus = status
        var pagesOf: [String: Int] = [:]
        for ed in lib.editions { if let p = ed.pageCount { pagesOf[ed.id] = p } }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var years: [Int: Year] = [:]
        var undated = 0
        for e in lib.entries where e.readingStatus == .read {
            guard let done = e.dateCompleted else { undated += 1; continue }
            let y = utc.component(.year, from: done)
            var row = years[y] ?? Year(year: y, books: 0, pages: 0)
            row.books += 1
            row.pages += e.editionId.flatMap { pagesOf[$0] } ?? 0
            years[y] = row
        }
        readUndated = undated
        readPerYear = years.values.sorted { $0.year < $1.year }
        let ratings = lib.entries.compactMap(\.rating)
        rated = ratings.count
        averageRating = ratings.isEmpty ? nil : Double(ratings.reduce(0, +)) / Double(ratings.count)
        let personal = lib.entries.compactMap(\.personalRating)
        averagePersonalRating = personal.isEmpty ? nil : personal.reduce(0, +) / Double(personal.count)
        var gender: [String: Int] = [:], region: [String: Int] = [:]
        var gUnknown = 0, rUnknown = 0
        for a in lib.authors {
            if a.gender == .unknown { gUnknown += 1 } else { gender[a.gender.rawValue, default: 0] += 1 }
            if let r = a.culturalRegion { region[r.rawValue, default: 0] += 1 } else { rUnknown += 1 }
        }
        authorsByGender = gender
        authorsByRegion = region
        authorsGenderUnknown = gUnknown
        authorsRegionUnknown = rUnknown
    }

    /// A plain-text rendering.
    public var text: String {
        var s = "Works: \(works)  Editions: \(editions)  Authors: \(authors)  Entries: \(entries)\n"
        s += "By status: " + ReadingStatus.allCases.map { "\($0.rawValue) \(byStatus[$0.rawValue] ?? 0)" }.joined(separator: ", ") + "\n"
        if let a = averageRating { s += "Average rating: \(String(format: "%.2f", a)) (\(rated) rated)\n" } else { s += "Average rating: none rated\n" }
        if let p = averagePersonalRating { s += "Average personal rating: \(String(format: "%.2f", p))\n" }
        if !readPerYear.isEmpty || readUndated > 0 {
            s += "\nRead per year:\n"
            for y in readPerYear { s += "  \(y.year): \(y.books) book(s), \(y.pages) page(s)\n" }
            if readUndated > 0 { s += "  undated: \(readUndated) book(s)\n" }
        }
        s += "\nAuthors by gender: " + Self.list(authorsByGender, AuthorGender.allCases.map(\.rawValue)) + " (unknown \(authorsGenderUnknown))\n"
        s += "Authors by region: " + Self.list(authorsByRegion, CulturalRegion.allCases.map(\.rawValue)) + " (unknown \(authorsRegionUnknown))\n"
        return s
    }

    private static func list(_ counts: [String: Int], _ order: [String]) -> String {
        let parts = order.compactMap { k in counts[k].map { "\(k) \($0)" } }
        return parts.isEmpty ? "none known" : parts.joined(separator: ", ")
    }
}
