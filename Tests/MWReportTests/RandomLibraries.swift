import Foundation
import MWBooks
import MWCore
import MWTestSupport

/// Random film and book libraries with everything a report counts and everything it must say
/// it cannot count: undated and rewatch viewings, missing runtimes, stripped titles, ratings on
/// two scales with and without dates, statuses, genres; reads with and without dates, pages,
/// authors, ratings, earlier reads and read counts.
enum RandomLibraries {
    static let genrePool = ["Drama", "Comedy", "Sci-Fi", "Horror", "Documentary", "Animation", "Crime", "Romance", "War & Peace <b>"]

    static func date(_ g: inout SeededGenerator, years: ClosedRange<Int> = 2019...2024) -> Date {
        var c = DateComponents()
        c.year = Int.random(in: years, using: &g)
        c.month = Int.random(in: 1...12, using: &g)
        c.day = Int.random(in: 1...28, using: &g)
        c.hour = Int.random(in: 0...23, using: &g)
        c.minute = Int.random(in: 0...59, using: &g)
        c.second = Int.random(in: 0...59, using: &g)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal.date(from: c)!
    }

    static func viewings(_ g: inout SeededGenerator) -> [Viewing] {
        (0..<Int.random(in: 0...4, using: &g)).map { _ in
            let dated = Int.random(in: 0..<8, using: &g) > 0
            return Viewing(date: dated ? date(&g) : nil, precision: .instant, rewatch: Int.random(in: 0..<5, using: &g) == 0)
        }.sorted { ($0.date ?? .distantFuture) < ($1.date ?? .distantFuture) }
    }

    static func films(_ g: inout SeededGenerator, titles n: Int = 60) -> Library {
        var lib = Library()
        let added = Date(timeIntervalSince1970: 1_500_000_000)
        for i in 0..<n {
            let tv = Int.random(in: 0..<3, using: &g) == 0
            let stripped = Int.random(in: 0..<10, using: &g) == 0
            let genres = Array(genrePool.shuffled(using: &g).prefix(Int.random(in: 0...3, using: &g)))
            let meta = stripped ? nil : TitleMetadata(title: "Title \(i) & <\(i % 7)>", year: Int.random(in: 0...1, using: &g) == 0 ? 0 : 1990 + i % 30,
                                                      genres: genres, runtime: Int.random(in: 0...3, using: &g) == 0 ? 0 : Int.random(in: 20...180, using: &g))
            var t = Title(id: "t\(i)", tmdbId: Int64(1000 + i), mediaType: tv ? .tv : .movie, metadata: meta,
                          likedStatus: Int.random(in: -1...1, using: &g), dateAdded: added)
            switch Int.random(in: 0..<3, using: &g) {
            case 0: t.viewings = viewings(&g); t.watched = !t.viewings.isEmpty; t.watchedDate = t.viewings.last?.watchedDate
            case 1: t.watched = Bool.random(using: &g); t.watchedDate = t.watched && Bool.random(using: &g) ? date(&g) : nil
            default: break
            }
            for _ in 0..<Int.random(in: 0...2, using: &g) {
                let ten = Bool.random(using: &g)
                let value = ten ? Double(Int.random(in: 1...10, using: &g)) : Double(Int.random(in: 1...10, using: &g)) / 2
                t.ratings.append(OriginalRating(source: ten ? "imdb" : "letterboxd", value: value, scale: ten ? 10 : 5,
                                                date: Bool.random(using: &g) ? date(&g) : nil))
            }
            let statuses: [WatchStatus?] = WatchStatus.all + [nil, nil]
            t.setWatchStatus(statuses.randomElement(using: &g)!, word: "w")
            lib.titles.append(t)
            if tv {
                for e in 0..<Int.random(in: 0...6, using: &g) {
                    var ep = Episode(id: "t\(i)e\(e)", showId: t.id, seasonNumber: 1, episodeNumber: e + 1,
                                     metadata: Int.random(in: 0..<6, using: &g) == 0 ? nil
                                         : EpisodeMetadata(name: "E\(e)", runtime: Int.random(in: 0..<4, using: &g) == 0 ? nil : Int.random(in: 20...60, using: &g)))
                    if Bool.random(using: &g) { ep.viewings = viewings(&g); ep.watched = !ep.viewings.isEmpty } else {
                        ep.watched = Bool.random(using: &g); ep.watchedDate = ep.watched ? date(&g) : nil
                    }
                    lib.episodes.append(ep)
                }
            }
        }
        return lib
    }

    static func books(_ g: inout SeededGenerator, entries n: Int = 50) -> BookLibrary {
        var lib = BookLibrary()
        let t0 = Date(timeIntervalSince1970: 1_500_000_000)
        for a in 0..<8 { lib.authors.append(Author(id: "a\(a)", name: "Author \(a) \"Q\"", dateCreated: t0, lastModified: t0)) }
        for i in 0..<n {
            let authors = (0..<Int.random(in: 0...2, using: &g)).map { _ in "a\(Int.random(in: 0..<8, using: &g))" }
            lib.works.append(Work(id: "w\(i)", title: "Book \(i)", firstPublicationYear: Bool.random(using: &g) ? 1950 + i : nil,
                                  authorIds: authors, dateCreated: t0, lastModified: t0))
            let hasEdition = Int.random(in: 0..<6, using: &g) > 0
            if hasEdition {
                lib.editions.append(Edition(id: "ed\(i)", workId: "w\(i)", pageCount: Int.random(in: 0..<5, using: &g) == 0 ? nil : Int.random(in: 80...900, using: &g),
                                            dateCreated: t0, lastModified: t0))
            }
            let status = ReadingStatus.allCases.randomElement(using: &g)!
            let start = Bool.random(using: &g) ? date(&g) : nil
            let done = Int.random(in: 0..<5, using: &g) > 0 ? start.map { $0.addingTimeInterval(Double(Int.random(in: 0...90, using: &g)) * 86_400) } ?? date(&g) : nil
            let earlier = (0..<(Int.random(in: 0..<4, using: &g) == 0 ? Int.random(in: 1...2, using: &g) : 0)).map { _ in
                ReadingSession(dateStarted: nil, dateCompleted: Int.random(in: 0..<4, using: &g) == 0 ? nil : date(&g))
            }
            lib.entries.append(LibraryEntry(id: "e\(i)", workId: "w\(i)", editionId: hasEdition ? "ed\(i)" : nil, dateAdded: t0, readingStatus: status,
                                            rating: Bool.random(using: &g) ? Int.random(in: 1...5, using: &g) : nil,
                                            personalRating: Int.random(in: 0..<4, using: &g) == 0 ? Double(Int.random(in: 0...20, using: &g)) / 4 : nil,
                                            dateStarted: start, dateCompleted: done, lastModified: t0,
                                            readCount: Int.random(in: 0..<5, using: &g) == 0 ? Int.random(in: 1...4, using: &g) : nil,
                                            earlierReads: earlier))
        }
        return lib
    }
}
