import Foundation
import Testing
@testable import MWBooks

@Suite("Books stats")
struct BookStatsTests {
    /// A hand-made library: two years of reading, an undated read, ratings, authors of every kind.
    static func library() -> BookLibrary {
        func day(_ y: Int, _ m: Int, _ d: Int) -> Date {
            var c = DateComponents(); c.year = y; c.month = m; c.day = d; c.hour = 12
            var cal = Calendar(identifier: .gregorian); cal.timeZone = TimeZone(identifier: "UTC")!
            return cal.date(from: c)!
        }
        let t = day(2020, 1, 1)
        var lib = BookLibrary()
        lib.authors = [Author(id: "a1", name: "A", gender: .female, culturalRegion: .africa, dateCreated: t, lastModified: t),
                       Author(id: "a2", name: "B", gender: .nonBinary, dateCreated: t, lastModified: t),
                       Author(id: "a3", name: "C", culturalRegion: .africa, dateCreated: t, lastModified: t),
                       Author(id: "a4", name: "D", gender: .female, culturalRegion: .oceania, dateCreated: t, lastModified: t)]
        let specs: [(ReadingStatus, Int?, Date?, Int?)] = [
            (.read, 300, day(2023, 12, 31), 4), (.read, 120, day(2024, 1, 1), 5), (.read, nil, day(2024, 6, 1), 2),
            (.read, 200, nil, nil), (.reading, 500, nil, 3), (.wishlist, nil, nil, nil), (.dnf, 90, nil, 1), (.toRead, 10, nil, nil),
        ]
        for (i, s) in specs.enumerated() {
            lib.works.append(Work(id: "w\(i)", title: "T\(i)", authorIds: ["a\(i % 4 + 1)"], dateCreated: t, lastModified: t))
            var entry = LibraryEntry(id: "n\(i)", workId: "w\(i)", dateAdded: t, readingStatus: s.0, rating: s.3, lastModified: t)
            if s.0 != .wishlist {
                lib.editions.append(Edition(id: "e\(i)", workId: "w\(i)", pageCount: s.1, dateCreated: t, lastModified: t))
                entry.editionId = "e\(i)"
            }
            entry.dateCompleted = s.2
            if s.0 == .read { entry.personalRating = Double(i) + 0.5 }
            lib.entries.append(entry)
        }
        return lib
    }

    @Test("figures follow from the data")
    func figures() {
        let lib = Self.library()
        #expect(BookValidator.validate(lib).isEmpty)
        let s = BookStats(lib)
        #expect(s.works == lib.works.count && s.editions == lib.editions.count && s.entries == lib.entries.count)
        for status in ReadingStatus.allCases {
            #expect(s.byStatus[status.rawValue] == lib.entries.filter { $0.readingStatus == status }.count)
        }
        // Per year, from the entries directly.
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let pages = Dictionary(uniqueKeysWithValues: lib.editions.map { ($0.id, $0.pageCount ?? 0) })
        let done = lib.entries.filter { $0.readingStatus == .read && $0.dateCompleted != nil }
        let years = Set(done.map { cal.component(.year, from: $0.dateCompleted!) }).sorted()
        #expect(s.readPerYear.map(\.year) == years)
        for y in s.readPerYear {
            let those = done.filter { cal.component(.year, from: $0.dateCompleted!) == y.year }
            #expect(y.books == those.count)
            #expect(y.pages == those.reduce(0) { $0 + ($1.editionId.flatMap { pages[$0] } ?? 0) })
        }
        #expect(s.readUndated == lib.entries.filter { $0.readingStatus == .read && $0.dateCompleted == nil }.count)
        let ratings = lib.entries.compactMap(\.rating)
        #expect(s.rated == ratings.count)
        #expect(s.averageRating == Double(ratings.reduce(0, +)) / Double(ratings.count))
        let personal = lib.entries.compactMap(\.personalRating)
        #expect(s.averagePersonalRating == personal.reduce(0, +) / Double(personal.count))
        for g in AuthorGender.allCases where g != .unknown {
            let n = lib.authors.filter { $0.gender == g }.count
            #expect(s.authorsByGender[g.rawValue] == (n == 0 ? nil : n))
        }
        #expect(s.authorsGenderUnknown == lib.authors.filter { $0.gender == .unknown }.count)
        for r in CulturalRegion.allCases {
            let n = lib.authors.filter { $0.culturalRegion == r }.count
            #expect(s.authorsByRegion[r.rawValue] == (n == 0 ? nil : n))
        }
        #expect(s.authorsRegionUnknown == lib.authors.filter { $0.culturalRegion == nil }.count)
    }

    @Test("an empty library has no average and no years")
    func empty() {
        let s = BookStats(BookLibrary())
        #expect(s.averageRating == nil && s.readPerYear.isEmpty && s.byStatus.values.allSatisfy { $0 == 0 })
        #expect(s.text.contains("none rated"))
    }

    @Test("mwkit stats on a books backup: json figures equal the library's, text names them")
    func statsCommand() throws {
        let dir = try BookStoreFixtures.tempDir()
        let file = dir.appendingPathComponent("lib.json")
        try BookstrackWriter.write(Self.library(), to: file)
        let json = try BookStoreFixtures.run(["stats", "--format", "json", file.path])
        #expect(json.status == 0, "\(json.stderr)")
        let decoded = try JSONDecoder().decode(BookStats.self, from: Data(json.stdout.utf8))
        #expect(decoded == BookStats(Self.library()))
        let text = try BookStoreFixtures.run(["stats", file.path])
        #expect(text.status == 0 && text.stdout == BookStats(Self.library()).text)
    }
}
