import Foundation
import MWBooks

/// The numbers of a books report (docs/REPORT.md "Books"). A *read* is a finished reading
/// session: each of an entry's `earlierReads` and, for an entry whose status is `read`, its
/// current one; it falls in the year and month of its `dateCompleted` (UTC).
public struct BookFigures: Sendable {
    public typealias Count = FilmFigures.Count

    public var period: ReportPeriod
    /// Reads in the period (all time: undated ones included).
    public var reads = 0
    /// Pages of those reads, from their editions' page counts.
    public var pages = 0
    /// Reads counted without a page count (no edition, or no count).
    public var readsWithoutPages = 0
    /// Reads without a finishing date: in all-time totals (a year: not counted), in no year or month.
    public var undatedReads = 0
    /// Books and pages per year (all time) or per month (a year).
    public var booksPerBucket: [Count] = []
    public var pagesPerBucket: [Count] = []
    /// Star ratings (1–5) of the books read in the period (all time: every rated entry).
    public var stars: [Count] = []
    /// Granular ratings (0–5, quarter stars) likewise.
    public var granular: [Count] = []
    /// Entries per reading status, the whole library.
    public var statuses: [Count] = []
    /// Authors by reads in the period, top ten.
    public var authors: [Count] = []
    /// Reads of works without an author.
    public var readsWithoutAuthor = 0
    public var shortest: (pages: Int, name: String)?
    public var longest: (pages: Int, name: String)?
    /// Mean pages of the reads with a page count, rounded.
    public var averagePages: Int?
    /// Mean days from start to finish of the reads with both dates, two decimals.
    public var averageDays: Double?
    public var readsWithBothDates = 0
    /// Reads that are not the entry's first.
    public var rereads = 0
    /// Entries read more than once (dated reads, or the source's Read Count).
    public var booksReadMoreThanOnce = 0

    /// Computes the figures of `library` for `period`.
    public init(_ library: BookLibrary, period: ReportPeriod) {
        self.period = period
        var pagesOf: [String: Int] = [:]
        for ed in library.editions { if let p = ed.pageCount, p > 0 { pagesOf[ed.id] = p } }
        var works: [String: Work] = [:]
        for w in library.works { works[w.id] = w }
        var authorNames: [String: String] = [:]
        for a in library.authors { authorNames[a.id] = a.name }
        var books: [Int: Int] = [:], pagesBy: [Int: Int] = [:]
        var stars: [Int: Int] = [:], granular: [Double: Int] = [:], status: [String: Int] = [:], authors: [String: Int] = [:]
        var pageList: [Int] = [], days: [Int] = []
        for e in library.entries {
            status[e.readingStatus.rawValue, default: 0] += 1
            var sessions = e.earlierReads
            if e.readingStatus == .read { sessions.append(ReadingSession(dateStarted: e.dateStarted, dateCompleted: e.dateCompleted)) }
            if max(e.readCount ?? 0, sessions.count) > 1 { booksReadMoreThanOnce += 1 }
            let p = e.editionId.flatMap { pagesOf[$0] }
            let work = works[e.workId]
            let name = work.map { w in w.firstPublicationYear.map { y in "\(w.title) (\(y))" } ?? w.title } ?? "work \(e.workId)"
            var readInPeriod = false
            for (i, s) in sessions.enumerated() {
                let day = s.dateCompleted.map(Day.init)
                if let day, !period.contains(day) { continue }
                if day == nil && period != .allTime { undatedReads += 1; continue }
                readInPeriod = true
                reads += 1
                if i > 0 { rereads += 1 }
                if let day {
                    let bucket = period.year != nil ? day.month : day.year
                    books[bucket, default: 0] += 1
                    pagesBy[bucket, default: 0] += p ?? 0
                } else { undatedReads += 1 }
                if let p {
                    pages += p
                    pageList.append(p)
                    if shortest.map({ (p, name) < ($0.pages, $0.name) }) ?? true { shortest = (p, name) }
                    if longest.map({ (p, $0.name) > ($0.pages, name) }) ?? true { longest = (p, name) }
                } else { readsWithoutPages += 1 }
                if let a = s.dateStarted, let b = s.dateCompleted {
                    readsWithBothDates += 1
                    days.append(Day(b).ordinal - Day(a).ordinal)
                }
                let ids = work?.authorIds ?? []
                if ids.isEmpty { readsWithoutAuthor += 1 }
                for id in Set(ids) { authors[authorNames[id] ?? "author \(id)", default: 0] += 1 }
            }
            if period == .allTime || readInPeriod {
                if let r = e.rating { stars[r, default: 0] += 1 }
                if let g = e.personalRating { granular[g, default: 0] += 1 }
            }
        }
        if let y = period.year {
            booksPerBucket = (1...12).map { (label: "\(monthNames[$0 - 1]) \(y)", value: books[$0] ?? 0) }
            pagesPerBucket = (1...12).map { (label: "\(monthNames[$0 - 1]) \(y)", value: pagesBy[$0] ?? 0) }
        } else if let lo = books.keys.min(), let hi = books.keys.max() {
            booksPerBucket = (lo...hi).map { (label: String($0), value: books[$0] ?? 0) }
            pagesPerBucket = (lo...hi).map { (label: String($0), value: pagesBy[$0] ?? 0) }
        }
        self.stars = stars.keys.sorted().map { (label: String($0), value: stars[$0]!) }
        self.granular = granular.keys.sorted().map { (label: number($0), value: granular[$0]!) }
        statuses = ReadingStatus.allCases.map { (label: $0.rawValue, value: status[$0.rawValue] ?? 0) }
        self.authors = Array(authors.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(10).map { (label: $0.key, value: $0.value) })
        if !pageList.isEmpty { averagePages = roundedDivision(pageList.reduce(0, +), pageList.count) }
        if !days.isEmpty { averageDays = Double(roundedDivision(100 * days.reduce(0, +), days.count)) / 100 }
    }
}

/// `a / b` rounded to the nearest whole number, halves away from zero, in integers (a mean's
/// decimals must not depend on how a binary fraction rounds); `b` > 0.
func roundedDivision(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? (2 * a + b) / (2 * b) : -((2 * -a + b) / (2 * b))
}
