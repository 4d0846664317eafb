import Foundation
import MWCore

/// The films tables a report must show, computed here straight from the library by the rules
/// of docs/REPORT.md, with Foundation's calendar (not the report's day arithmetic).
enum FilmOracle {
    typealias Row = [String]
    struct V { var titleId: String; var episodeId: String?; var name: String; var date: Date?; var runtime: Int?; var rewatch: Bool }

    static var utc: Calendar { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }
    static func iso(_ d: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day], from: d)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
    static func year(_ d: Date) -> Int { utc.component(.year, from: d) }
    static func monthName(_ m: Int) -> String {
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][m - 1]
    }
    static func num(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : "\(v)" }
    static func top(_ counts: [String: Int]) -> [Row] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(10).map { [$0.key, String($0.value)] }
    }

    static func name(_ t: Title) -> String {
        guard let m = t.metadata else { return "\(t.mediaType.rawValue) \(t.tmdbId) (no metadata)" }
        return m.year > 0 ? "\(m.title) (\(m.year))" : m.title
    }

    static func viewings(_ lib: Library) -> [V] {
        var names: [String: String] = [:]
        for t in lib.titles { names[t.id] = name(t) }
        var out: [V] = []
        func add(_ vs: [Viewing], _ watched: Bool, _ wd: Date?, _ base: V) {
            let list = vs.isEmpty ? (watched ? [Viewing(date: wd)] : []) : vs
            for (i, v) in list.enumerated() { var x = base; x.date = v.date; x.rewatch = i > 0 || v.rewatch; out.append(x) }
        }
        for t in lib.titles { add(t.viewings, t.watched, t.watchedDate, V(titleId: t.id, name: names[t.id]!, runtime: t.metadata?.runtime, rewatch: false)) }
        for e in lib.episodes {
            add(e.viewings, e.watched, e.watchedDate, V(titleId: e.showId, episodeId: e.id, name: "\(names[e.showId]!) \(e.episodeCode)", runtime: e.metadata?.runtime, rewatch: false))
        }
        return out
    }

    /// Caption → rows, and the allowed names of the first and last watch (ties share a date).
    static func tables(_ lib: Library, year y: Int?) -> (tables: [String: [Row]], first: (String, Set<String>)?, last: (String, Set<String>)?, streakStart: String?) {
        let span = y.map { ", \($0)" } ?? ""
        let all = viewings(lib)
        let counted = all.filter { v in y.map { yy in v.date.map { year($0) == yy } ?? false } ?? true }
        let ids = Set(counted.map(\.titleId))
        let titles = y == nil ? lib.titles : lib.titles.filter { ids.contains($0.id) }
        let episodes = y == nil ? lib.episodes.count : Set(counted.compactMap(\.episodeId)).count
        let minutes = counted.reduce(0) { $0 + (($1.runtime ?? 0) > 0 ? $1.runtime! : 0) }
        let tenths = (minutes + 3) / 6
        let days = Set(counted.compactMap { $0.date.map { utc.startOfDay(for: $0) } })
        var best = 0, bestStart: Date?
        for d in days where !days.contains(utc.date(byAdding: .day, value: -1, to: d)!) {
            var n = 1
            while days.contains(utc.date(byAdding: .day, value: n, to: d)!) { n += 1 }
            if n > best || (n == best && d < bestStart!) { best = n; bestStart = d }
        }
        var t: [String: [Row]] = [:]
        t["Films and TV at a glance\(span)"] = [
            [y == nil ? "Titles in the library" : "Titles watched", String(titles.count)],
            [y == nil ? "Films in the library" : "Films watched", String(titles.filter { $0.mediaType == .movie }.count)],
            [y == nil ? "Shows in the library" : "Shows watched", String(titles.filter { $0.mediaType == .tv }.count)],
            [y == nil ? "Episodes in the library" : "Episodes watched", String(episodes)],
            ["Viewings", String(counted.count)],
            ["Hours watched", tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"],
            ["Rewatches", String(counted.filter(\.rewatch).count)],
            ["Longest streak (days)", String(best)],
        ]
        let dated = counted.compactMap { v in v.date.map { (v, $0) } }
        if let y {
            t["Viewings per month\(span)"] = (1...12).map { m in ["\(monthName(m)) \(y)", String(dated.filter { utc.component(.month, from: $0.1) == m }.count)] }
            var perDay: [String: Int] = [:]
            for (_, d) in dated { perDay[iso(d), default: 0] += 1 }
            t["Viewings day by day\(span)"] = perDay.keys.sorted().map { [$0, String(perDay[$0]!)] }
        } else if let lo = dated.map({ year($0.1) }).min(), let hi = dated.map({ year($0.1) }).max() {
            t["Viewings per year"] = (lo...hi).map { yy in [String(yy), String(dated.filter { year($0.1) == yy }.count)] }
        }
        var ratings: [Double: [Double: Int]] = [:], sources: [Double: Set<String>] = [:]
        for title in lib.titles { for r in title.ratings where y == nil || r.date.map({ year($0) == y! }) == true {
            ratings[r.scale, default: [:]][r.value, default: 0] += 1
            sources[r.scale, default: []].insert(r.source)
        } }
        for (scale, counts) in ratings {
            t["Ratings out of \(num(scale))\(span) (\(sources[scale]!.sorted().joined(separator: ", ")))"] = counts.keys.sorted().map { [num($0), String(counts[$0]!)] }
        }
        t["Liked, neutral and disliked titles\(span)"] = [("Liked", 1), ("Neutral", 0), ("Disliked", -1)].map { l in [l.0, String(titles.filter { $0.likedStatus == l.1 }.count)] }
        var rewatched: [String: Int] = [:]
        for v in counted where v.rewatch { rewatched[lib.titles.first { $0.id == v.titleId }.map(name) ?? v.titleId, default: 0] += 1 }
        if !rewatched.isEmpty { t["Most rewatched\(span)"] = top(rewatched) }
        t["Watch statuses\(span)"] = WatchStatus.all.map { s in [s.rawValue, String(titles.filter { $0.watchStatus == s }.count)] }
            + [["no status", String(titles.filter { $0.watchStatus == nil }.count)]]
        var genres: [String: Int] = [:]
        for title in titles { for g in Set(title.metadata?.genres ?? []) { genres[g, default: 0] += 1 } }
        if !genres.isEmpty { t["Top genres\(span)"] = top(genres) }
        let first = dated.map(\.1).min().map { d in (iso(d), Set(dated.filter { $0.1 == d }.map(\.0.name))) }
        let last = dated.map(\.1).max().map { d in (iso(d), Set(dated.filter { $0.1 == d }.map(\.0.name))) }
        return (t, first, last, bestStart.map(iso))
    }
}
