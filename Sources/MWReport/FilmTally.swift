import Foundation
import MWCore
import MWFoundation

/// ``FilmFigures`` counted as records stream past (a reader's ``RecordSink``, or a library's
/// ``Library/forEachRecord(_:)``), in any order: what is kept per title is a few values, and
/// nothing per episode or viewing, so a report of a million viewings needs no library in
/// memory (docs/REPORT.md "Speed").
public final class FilmTally: RecordSink {
    private let state: Locked<State>

    public init(period: ReportPeriod) { state = Locked(State(period: period)) }

    /// Counts one record (titles and episodes; the others hold nothing a report shows).
    public func accept(_ record: BackupRecord) {
        switch record {
        case .title(let t): state.withLock { $0.add(t) }
        case .episode(let e): state.withLock { $0.add(e) }
        default: break
        }
    }

    /// The figures of every record accepted so far.
    public func figures() -> FilmFigures { state.withLock { $0.figures() } }

    /// What a title contributes once the period's viewings are known.
    struct TitleInfo: Sendable {
        var name: String, mediaType: MediaType, liked: Int, status: String, genres: [String], stripped: Bool, poster: String?
    }

    /// Who a first or last watch was: a title, or an episode of a show (named at the end).
    enum Who: Sendable { case title(String), episode(show: String, code: String) }

    struct State: Sendable {
        let period: ReportPeriod
        var f: FilmFigures
        var titles: [String: TitleInfo] = [:]
        var shown = Set<String>()
        var months = [Int](repeating: 0, count: 13), years: [Int: Int] = [:]
        var firstDate: (Date, Who)?, lastDate: (Date, Who)?
        var rewatched: [String: Int] = [:], perTitle: [String: Int] = [:]
        var ratings: [Double: [Double: Int]] = [:], ratingSources: [Double: Set<String>] = [:]
        var allEpisodes = 0

        init(period: ReportPeriod) {
            self.period = period
            f = FilmFigures(period: period)
        }

        /// Counts the viewings of one record; whether any fell in the period.
        mutating func see(_ vs: [Viewing], watched: Bool, watchedDate: Date?, runtime: Int?, titleId: String, who: Who) -> Bool {
            let list = vs.isEmpty ? (watched ? [Viewing(date: watchedDate)] : []) : vs
            var any = false
            for (i, v) in list.enumerated() {
                var day: Day?
                if let date = v.date {
                    let d = Day(date)
                    guard period.contains(d) else { continue }
                    day = d
                    if firstDate.map({ date < $0.0 }) ?? true { firstDate = (date, who) }
                    if lastDate.map({ date > $0.0 }) ?? true { lastDate = (date, who) }
                } else if period != .allTime {
                    f.undatedViewings += 1
                    continue
                }
                any = true
                f.viewings += 1
                if let r = runtime, r > 0 { f.minutes += r } else { f.viewingsWithoutRuntime += 1 }
                if let day {
                    f.perDay[day, default: 0] += 1
                    if period.year != nil { months[day.month] += 1 } else { years[day.year, default: 0] += 1 }
                } else { f.undatedViewings += 1 }
                if i > 0 || v.rewatch { f.rewatches += 1; rewatched[titleId, default: 0] += 1 }
                perTitle[titleId, default: 0] += 1
            }
            return any
        }

        mutating func add(_ e: Episode) {
            allEpisodes += 1
            if see(e.viewings, watched: e.watched, watchedDate: e.watchedDate, runtime: e.metadata?.runtime, titleId: e.showId,
                   who: .episode(show: e.showId, code: e.episodeCode)) {
                shown.insert(e.showId)
                f.episodes += 1
            }
        }

        mutating func add(_ t: Title) {
            titles[t.id] = TitleInfo(name: FilmFigures.name(t), mediaType: t.mediaType, liked: t.likedStatus, status: t.watchStatus?.rawValue ?? "",
                                     genres: t.metadata?.genres ?? [], stripped: t.isStripped, poster: t.metadata?.posterPath)
            if see(t.viewings, watched: t.watched, watchedDate: t.watchedDate, runtime: t.metadata?.runtime, titleId: t.id, who: .title(t.id)) {
                shown.insert(t.id)
            }
            for r in t.ratings {
                if let d = r.date, !period.contains(Day(d)) { continue }
                if r.date == nil && period != .allTime { f.undatedRatings += 1; continue }
                ratings[r.scale, default: [:]][r.value, default: 0] += 1
                ratingSources[r.scale, default: []].insert(r.source)
            }
        }

        func figures() -> FilmFigures {
            var f = self.f
            if period == .allTime { f.episodes = allEpisodes }
            var liked = [1: 0, 0: 0, -1: 0], statuses: [String: Int] = [:], genres: [String: Int] = [:]
            for (id, t) in titles where period == .allTime || shown.contains(id) {
                f.titles += 1
                if t.mediaType == .movie { f.films += 1 } else if t.mediaType == .tv { f.shows += 1 }
                if t.stripped { f.strippedTitles += 1 }
                liked[t.liked, default: 0] += 1
                statuses[t.status, default: 0] += 1
                if t.genres.isEmpty { f.titlesWithoutGenres += 1 } else { for g in Set(t.genres) { genres[g, default: 0] += 1 } }
            }
            if let y = period.year {
                f.perBucket = (1...12).map { (label: "\(monthNames[$0 - 1]) \(y)", value: months[$0]) }
            } else if let lo = years.keys.min(), let hi = years.keys.max() {
                f.perBucket = (lo...hi).map { (label: String($0), value: years[$0] ?? 0) }
            }
            f.ratingScales = ratings.keys.sorted().map { scale in
                (scale: "out of \(number(scale))", sources: ratingSources[scale]!.sorted(),
                 counts: ratings[scale]!.keys.sorted().map { (label: number($0), value: ratings[scale]![$0]!) })
            }
            f.liked = [("Liked", liked[1] ?? 0), ("Neutral", liked[0] ?? 0), ("Disliked", liked[-1] ?? 0)]
            f.statuses = (WatchStatus.all.map(\.rawValue) + statuses.keys.filter { !$0.isEmpty && !WatchStatus(rawValue: $0).isKnown }.sorted())
                .map { (label: $0, value: statuses[$0] ?? 0) } + [(label: "no status", value: statuses[""] ?? 0)]
            f.genres = Self.top(genres, 10)
            f.mostRewatched = Self.top(Dictionary(rewatched.map { (titles[$0.key]?.name ?? $0.key, $0.value) }, uniquingKeysWith: +), 10)
            f.mostWatched = perTitle.compactMap { id, n in titles[id].map { (name: $0.name, posterPath: $0.poster, viewings: n, id: id) } }
                .sorted { ($1.viewings, $0.name, $0.id) < ($0.viewings, $1.name, $1.id) }.prefix(24).map { ($0.name, $0.posterPath, $0.viewings) }
            func name(_ w: Who) -> String {
                switch w {
                case .title(let id): return titles[id]?.name ?? id
                case .episode(let show, let code): return "\(titles[show]?.name ?? "an unknown show") \(code)"
                }
            }
            f.first = firstDate.map { (Day($0.0), name($0.1)) }
            f.last = lastDate.map { (Day($0.0), name($0.1)) }
            f.streak = longestStreak(Set(f.perDay.keys))
            return f
        }

        /// The `n` largest counts, ties by label.
        static func top(_ counts: [String: Int], _ n: Int) -> [FilmFigures.Count] {
            Array(counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(n).map { (label: $0.key, value: $0.value) })
        }
    }
}
