import Foundation
import MWCore

/// The numbers of a films report (docs/REPORT.md "Films"), computed in one pass over the
/// library's titles and episodes. A record's viewings are its `viewings`; a record without any
/// that is marked watched counts one viewing on its `watchedDate` (none: undated).
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
    public var mostWatched: [(title: Title, viewings: Int)] = []

    /// Computes the figures of `library` for `period`.
    public init(_ library: Library, period: ReportPeriod) {
        self.period = period
        var names: [String: String] = [:]
        for t in library.titles { names[t.id] = Self.name(t) }
        var inPeriod = Set<String>()   // title ids with a viewing in the period
        var months = [Int](repeating: 0, count: 13), years: [Int: Int] = [:]
        var firstDate: (Date, String)?, lastDate: (Date, String)?
        var rewatchedTitles: [String: Int] = [:], perTitle: [String: Int] = [:]
        func see(_ vs: [Viewing], watched: Bool, watchedDate: Date?, runtime: Int?, titleId: String, name: @autoclosure () -> String) -> Bool {
            let list = vs.isEmpty ? (watched ? [Viewing(date: watchedDate)] : []) : vs
            var any = false
            func count(_ day: Day?, _ i: Int, _ v: Viewing) {
                any = true
                viewings += 1
                if let r = runtime, r > 0 { minutes += r } else { viewingsWithoutRuntime += 1 }
                if let day {
                    perDay[day, default: 0] += 1
                    if period.year != nil { months[day.month] += 1 } else { years[day.year, default: 0] += 1 }
                } else { undatedViewings += 1 }
                if i > 0 || v.rewatch { rewatches += 1; rewatchedTitles[titleId, default: 0] += 1 }
                perTitle[titleId, default: 0] += 1
            }
            for (i, v) in list.enumerated() {
                guard let date = v.date else {
                    if period == .allTime { count(nil, i, v) } else { undatedViewings += 1 }
                    continue
                }
                let day = Day(date)
                guard period.contains(day) else { continue }
                count(day, i, v)
                if firstDate.map({ date < $0.0 }) ?? true { firstDate = (date, name()) }
                if lastDate.map({ date > $0.0 }) ?? true { lastDate = (date, name()) }
            }
            return any
        }
        for e in library.episodes {
            let show = names[e.showId] ?? "an unknown show"
            if see(e.viewings, watched: e.watched, watchedDate: e.watchedDate, runtime: e.metadata?.runtime, titleId: e.showId,
                   name: "\(show) \(e.episodeCode)") {
                inPeriod.insert(e.showId)
                if period.year != nil { episodes += 1 }
            }
        }
        if period == .allTime { episodes = library.episodes.count }
        var ratings: [Double: [Double: Int]] = [:], ratingSources: [Double: Set<String>] = [:]
        var liked = [1: 0, 0: 0, -1: 0], statuses: [String: Int] = [:], genres: [String: Int] = [:]
        func add(_ r: OriginalRating) {
            ratings[r.scale, default: [:]][r.value, default: 0] += 1
            ratingSources[r.scale, default: []].insert(r.source)
        }
        for t in library.titles {
            let watchedNow = see(t.viewings, watched: t.watched, watchedDate: t.watchedDate, runtime: t.metadata?.runtime,
                                 titleId: t.id, name: names[t.id]!)
            guard period == .allTime || watchedNow || inPeriod.contains(t.id) else {
                for r in t.ratings { if let d = r.date, period.contains(Day(d)) { add(r) } else if r.date == nil { undatedRatings += 1 } }
                continue
            }
            titles += 1
            if t.mediaType == .movie { films += 1 } else if t.mediaType == .tv { shows += 1 }
            if t.isStripped { strippedTitles += 1 }
            liked[t.likedStatus, default: 0] += 1
            statuses[t.watchStatus?.rawValue ?? "", default: 0] += 1
            if let g = t.metadata?.genres, !g.isEmpty { for name in Set(g) { genres[name, default: 0] += 1 } } else { titlesWithoutGenres += 1 }
            for r in t.ratings {
                if period == .allTime { add(r) } else if let d = r.date { if period.contains(Day(d)) { add(r) } } else { undatedRatings += 1 }
            }
        }
        if let y = period.year {
            perBucket = (1...12).map { (label: "\(monthNames[$0 - 1]) \(y)", value: months[$0]) }
        } else if let lo = years.keys.min(), let hi = years.keys.max() {
            perBucket = (lo...hi).map { (label: String($0), value: years[$0] ?? 0) }
        }
        ratingScales = ratings.keys.sorted().map { scale in
            (scale: "out of \(number(scale))", sources: ratingSources[scale]!.sorted(),
             counts: ratings[scale]!.keys.sorted().map { (label: number($0), value: ratings[scale]![$0]!) })
        }
        self.liked = [("Liked", liked[1] ?? 0), ("Neutral", liked[0] ?? 0), ("Disliked", liked[-1] ?? 0)]
        self.statuses = (WatchStatus.all.map(\.rawValue) + statuses.keys.filter { !$0.isEmpty && !WatchStatus(rawValue: $0).isKnown }.sorted())
            .map { (label: $0, value: statuses[$0] ?? 0) } + [(label: "no status", value: statuses[""] ?? 0)]
        self.genres = Array(genres.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(10).map { (label: $0.key, value: $0.value) })
        mostRewatched = Array(rewatchedTitles.map { (label: names[$0.key] ?? $0.key, value: $0.value) }
            .sorted { ($1.value, $0.label) < ($0.value, $1.label) }.prefix(10))
        let byId = Dictionary(library.titles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        mostWatched = Array(perTitle.compactMap { id, n in byId[id].map { (title: $0, viewings: n, name: names[id]!) } }
            .sorted { ($1.viewings, $0.name, $0.title.id) < ($0.viewings, $1.name, $1.title.id) }.prefix(24).map { (title: $0.title, viewings: $0.viewings) })
        first = firstDate.map { (Day($0.0), $0.1) }
        last = lastDate.map { (Day($0.0), $0.1) }
        streak = longestStreak(Set(perDay.keys))
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
