import Foundation
import MWCore

/// The numbers of a films report (docs/REPORT.md "Films"). A record's viewings are its
/// `viewings`; a record without any that is marked watched counts one viewing on its
/// `watchedDate` (none: undated). Computed by ``FilmTally`` in one pass over the records.
public struct FilmFigures: Sendable {
    /// One labelled count, in the order shown.
    public typealias Count = (label: String, value: Int)

    public var period: ReportPeriod
    /// All time: every title; a year: titles with a viewing (theirs or an episode's) that year.
    public var titles = 0, films = 0, shows = 0, episodes = 0
    /// Viewings in the period (all time: undated ones included).
    public var viewings = 0
    /// Minutes watched, from the runtimes of the viewings that have one.
    public var minutes = 0
    /// Viewings counted without a runtime (none known, or a stripped record).
    public var viewingsWithoutRuntime = 0
    /// Viewings without a date: counted in all-time totals (a year: not counted), in no month, year or day.
    public var undatedViewings = 0
    /// Titles of the period without metadata (stripped): no name, runtime or genres.
    public var strippedTitles = 0
    /// Viewings per year (all time) or per month (a year).
    public var perBucket: [Count] = []
    /// Viewings per day with any.
    var perDay: [Day: Int] = [:]
    /// Ratings by scale ("out of 5"): value → count, values ascending; sources named per scale.
    public var ratingScales: [(scale: String, sources: [String], counts: [Count])] = []
    /// Ratings without a date (a year only: in no year).
    public var undatedRatings = 0
    public var liked: [Count] = []
    /// Viewings that are rewatches: marked so, or not the record's first.
    public var rewatches = 0
    public var mostRewatched: [Count] = []
    public var statuses: [Count] = []
    public var genres: [Count] = []
    /// Titles of the period whose genres are unknown (stripped, or none listed).
    public var titlesWithoutGenres = 0
    var first: (day: Day, name: String)?
    var last: (day: Day, name: String)?
    var streak: (length: Int, start: Day?) = (0, nil)
    /// Titles by viewings in the period (their own and their episodes'), most first, at most 24.
    public var mostWatched: [(name: String, posterPath: String?, viewings: Int)] = []

    init(period: ReportPeriod) { self.period = period }

    /// Computes the figures of `library` for `period`.
    public init(_ library: Library, period: ReportPeriod) {
        let tally = FilmTally(period: period)
        library.forEachRecord(tally.accept)
        self = tally.figures()
    }

    /// A title's name for the report: its metadata title and year, else what is known.
    static func name(_ t: Title) -> String {
        guard let m = t.metadata else { return "\(t.mediaType.rawValue) \(t.tmdbId) (no metadata)" }
        return m.year > 0 ? "\(m.title) (\(m.year))" : m.title
    }
}

/// `4`, `3.5`: a number as short as it is exact to two decimals.
func number(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    var s = String(format: "%.2f", v)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}
