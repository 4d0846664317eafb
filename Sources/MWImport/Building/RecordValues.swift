import Foundation
import MWFoundation
import MWCore

/// The model values of an export's ratings, watches and row references, shared by titles and
/// episodes (docs/IMPORT.md "Into the library").
enum RecordValues {
    /// Every rating as given, exact duplicates (a Letterboxd rating repeated by each diary
    /// entry of the same day) once, oldest first. Of two different ratings from one source on
    /// one date (two diary entries of one day rated differently) both are kept (issue 30 §3): the
    /// model holds one per source and date (ProvenanceMerge), so the one read last keeps the
    /// source's name and each earlier one is `SOURCE:earlier`, `SOURCE:earlier:2`, ….
    /// A Trakt season rating, which the model has no place for, is kept on the show with the
    /// source `trakt:season:N`.
    static func ratings(_ ratings: [ForeignRating]) -> [OriginalRating] {
        var out: [OriginalRating] = []
        for r in ratings {
            let d = r.date.map(ImportDates.model)
            let scale: Double = r.scale == .tenPoint ? 10 : 5
            let source = r.source.service.rawValue + (r.season.map { ":season:\($0)" } ?? "")
            let o = OriginalRating(source: source, value: r.value, scale: scale, date: d?.date, datePrecision: d?.precision)
            guard let i = out.firstIndex(where: { $0.source == o.source && $0.date == o.date }) else { out.append(o); continue }
            if out[i].value == o.value && out[i].scale == o.scale { out[i] = o; continue }
            if out.contains(where: { $0.date == o.date && isEarlier($0.source, of: source) && $0.value == out[i].value && $0.scale == out[i].scale }) {
                out[i] = o
                continue
            }
            var earlier = out[i]
            let n = out.filter { $0.date == o.date && isEarlier($0.source, of: source) }.count
            earlier.source = source + ":earlier" + (n == 0 ? "" : ":\(n + 1)")
            // Before the current one: of ratings of one date, writers take the last as current.
            out[i] = o
            out.insert(earlier, at: i)
        }
        return stableSorted(out) { $0.date }
    }

    /// Whether `s` is a same-day rating of `source` kept apart (`letterboxd:earlier`, `…:earlier:2`).
    static func isEarlier(_ s: String, of source: String) -> Bool { s == source + ":earlier" || s.hasPrefix(source + ":earlier:") }

    /// The rating that sets likedStatus: the latest dated one of the title itself (not a
    /// season's), else the last one read.
    static func current(_ ratings: [ForeignRating]) -> ForeignRating? {
        let own = ratings.filter { $0.season == nil }
        return own.filter { $0.date != nil }.max { $0.date! < $1.date! } ?? own.last
    }

    /// Every watch as a viewing, oldest first, undated ones last. An event standing for several
    /// plays (a TV Time rewatch count) gives one viewing per play: the first dated, the others
    /// undated rewatches. Watched marks carrying a play count (Trakt's watched-* summaries)
    /// give viewings only when the same service recorded no dated watch of the record: the
    /// mark's date is the *latest* play (`last_watched_at`), so with several plays that viewing
    /// is a rewatch and the undated earlier plays hold the first watch. A count of a show's
    /// episode plays (Trakt watched-shows) or episodes seen (TV Time) gives none: those plays
    /// are the episodes' viewings, never the show's.
    static func viewings(_ watches: [WatchEvent], marks: [ForeignMark]) -> [Viewing] {
        var out: [Viewing] = []
        for w in watches {
            let d = w.date.map(ImportDates.model)
            out.append(Viewing(date: d?.date, precision: d?.precision ?? .day, rewatch: w.rewatch, source: w.source.service.rawValue))
            for _ in 1..<max(1, w.plays) { out.append(Viewing(date: nil, precision: .day, rewatch: true, source: w.source.service.rawValue)) }
        }
        let watchedBy = Set(watches.map(\.source.service))
        for m in marks where m.kind == .watched && !watchedBy.contains(m.source.service) && !isEpisodeCount(m) && !isEpisodePlays(m) {
            guard let n = m.count, n > 0 else { continue }
            let d = m.date.map(ImportDates.model)
            let source = m.source.service.rawValue
            if n > 1 {
                out.append(Viewing(date: nil, precision: .day, rewatch: false, source: source))
                for _ in 2..<n { out.append(Viewing(date: nil, precision: .day, rewatch: true, source: source)) }
            }
            out.append(Viewing(date: d?.date, precision: d?.precision ?? .day, rewatch: n > 1, source: source))
        }
        return stableSorted(out) { $0.date }
    }

    /// TV Time's "episodes seen" count on a show: not a watch of the show.
    static func isEpisodeCount(_ m: ForeignMark) -> Bool { m.detail == ForeignMark.episodesSeen }

    /// Trakt's play count of a show in watched-shows (its episodes' plays added up): the show
    /// is watched, but the count is no viewing of it.
    static func isEpisodePlays(_ m: ForeignMark) -> Bool { m.detail == ForeignMark.episodePlays }

    /// Watched, and when: the latest viewing date, else the latest date of a watched mark.
    static func watched(_ viewings: [Viewing], marks: [ForeignMark]) -> (Bool, Date?) {
        let watchedMarks = marks.filter { $0.kind == .watched && !isEpisodeCount($0) }
        let watched = !viewings.isEmpty || !watchedMarks.isEmpty
        let date = viewings.compactMap(\.watchedDate).max() ?? watchedMarks.compactMap { ImportDates.date($0.date) }.max()
        return (watched, date)
    }

    /// The record's sources, each once, in reading order.
    static func sources(_ refs: [SourceRef]) -> [RecordSource] {
        var out: [RecordSource] = []
        out.appendUnique(refs.lazy.map { RecordSource(service: $0.service.rawValue, file: $0.file, row: $0.line ?? $0.row, uri: $0.uri) })
        return out
    }

    /// Every date the items carry (watched, logged, rated, marked, reviewed, added to a list).
    static func dates(_ items: [ForeignItem]) -> [ForeignDate] {
        var out: [ForeignDate] = []
        for i in items {
            for w in i.watches { out += [w.date, w.loggedDate].compactMap { $0 } }
            out += i.ratings.compactMap(\.date) + i.marks.compactMap(\.date) + i.reviews.compactMap(\.date)
            out += i.reviews.compactMap(\.watchedDate) + i.lists.compactMap(\.addedAt) + i.emotions.compactMap(\.date)
            if let added = i.addedAt { out.append(added) }
        }
        return out
    }

    /// Sorted by `date` (nil last), ties in the given order.
    static func stableSorted<T>(_ xs: [T], by date: (T) -> Date?) -> [T] {
        xs.enumerated().sorted { a, b in
            switch (date(a.element), date(b.element)) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
