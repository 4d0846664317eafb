import Foundation
import MWBooks

/// The books tables a report must show, computed here straight from the library by the rules
/// of docs/REPORT.md "Books".
enum BookOracle {
    typealias Row = [String]

    static func tables(_ lib: BookLibrary, year y: Int?) -> [String: [Row]] {
        let utc = FilmOracle.utc
        let span = y.map { ", \($0)" } ?? ""
        var pagesOf: [String: Int] = [:]
        for e in lib.editions { if let p = e.pageCount, p > 0 { pagesOf[e.id] = p } }
        struct R { var entry: LibraryEntry; var index: Int; var session: ReadingSession; var pages: Int?; var name: String; var authors: [String] }
        var reads: [R] = []
        for e in lib.entries {
            let w = lib.works.first { $0.id == e.workId }!
            let sessions = e.earlierReads + (e.readingStatus == .read ? [ReadingSession(dateStarted: e.dateStarted, dateCompleted: e.dateCompleted)] : [])
            for (i, s) in sessions.enumerated() {
                reads.append(R(entry: e, index: i, session: s, pages: e.editionId.flatMap { pagesOf[$0] },
                               name: w.firstPublicationYear.map { "\(w.title) (\($0))" } ?? w.title,
                               authors: Array(Set(w.authorIds)).map { id in lib.authors.first { $0.id == id }!.name }))
            }
        }
        let counted = reads.filter { r in y.map { yy in r.session.dateCompleted.map { FilmOracle.year($0) == yy } ?? false } ?? true }
        let withPages = counted.compactMap(\.pages)
        let both = counted.compactMap { r in r.session.dateStarted.flatMap { a in r.session.dateCompleted.map { b in
            utc.dateComponents([.day], from: utc.startOfDay(for: a), to: utc.startOfDay(for: b)).day! } } }
        func mean(_ xs: [Int], scale: Int) -> Int { let s = xs.reduce(0, +) * scale; return (2 * s + xs.count) / (2 * xs.count) }
        var t: [String: [Row]] = [:]
        let avgDays: String = both.isEmpty ? "unknown" : {
            let h = mean(both, scale: 100)
            var s = "\(h / 100).\(String(format: "%02d", h % 100))"
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s
        }()
        t["Books at a glance\(span)"] = [
            ["Books read", String(counted.count)],
            ["Pages read", String(withPages.reduce(0, +))],
            ["Average length (pages)", withPages.isEmpty ? "unknown" : String(mean(withPages, scale: 1))],
            ["Average days from start to finish", avgDays],
            ["Re-reads", String(counted.filter { $0.index > 0 }.count)],
            ["Books read more than once (all time)", String(lib.entries.filter { e in
                max(e.readCount ?? 0, e.earlierReads.count + (e.readingStatus == .read ? 1 : 0)) > 1 }.count)],
        ]
        let dated = counted.compactMap { r in r.session.dateCompleted.map { (r, $0) } }
        if let y {
            let m = { (d: Date) in utc.component(.month, from: d) }
            t["Books read per month\(span)"] = (1...12).map { k in ["\(FilmOracle.monthName(k)) \(y)", String(dated.filter { m($0.1) == k }.count)] }
            t["Pages read per month\(span)"] = (1...12).map { k in ["\(FilmOracle.monthName(k)) \(y)", String(dated.filter { m($0.1) == k }.reduce(0) { $0 + ($1.0.pages ?? 0) })] }
        } else if let lo = dated.map({ FilmOracle.year($0.1) }).min(), let hi = dated.map({ FilmOracle.year($0.1) }).max() {
            t["Books read per year"] = (lo...hi).map { k in [String(k), String(dated.filter { FilmOracle.year($0.1) == k }.count)] }
            t["Pages read per year"] = (lo...hi).map { k in [String(k), String(dated.filter { FilmOracle.year($0.1) == k }.reduce(0) { $0 + ($1.0.pages ?? 0) })] }
        }
        let paged = counted.filter { $0.pages != nil }
        if let lo = paged.map({ $0.pages! }).min(), let hi = paged.map({ $0.pages! }).max() {
            t["Shortest and longest book\(span)"] = [
                ["Shortest book", String(lo), paged.filter { $0.pages == lo }.map(\.name).min()!],
                ["Longest book", String(hi), paged.filter { $0.pages == hi }.map(\.name).min()!],
            ]
        }
        let rated = y == nil ? lib.entries : lib.entries.filter { e in counted.contains { $0.entry.id == e.id } }
        var stars: [Int: Int] = [:], granular: [Double: Int] = [:]
        for e in rated {
            if let r = e.rating { stars[r, default: 0] += 1 }
            if let g = e.personalRating { granular[g, default: 0] += 1 }
        }
        if !stars.isEmpty { t["Star ratings out of 5\(span)"] = stars.keys.sorted().map { [String($0), String(stars[$0]!)] } }
        if !granular.isEmpty { t["Granular ratings out of 5\(span)"] = granular.keys.sorted().map { [FilmOracle.num($0), String(granular[$0]!)] } }
        t["Reading statuses (whole library)"] = ReadingStatus.allCases.map { s in [s.rawValue, String(lib.entries.filter { $0.readingStatus == s }.count)] }
        var authors: [String: Int] = [:]
        for r in counted { for a in r.authors { authors[a, default: 0] += 1 } }
        if !authors.isEmpty { t["Top authors\(span)"] = FilmOracle.top(authors) }
        return t
    }
}
