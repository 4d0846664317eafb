import Foundation
import MWCore
import MWFoundation

extension WriteSwitch {
    /// letterboxd-csv and imdb-csv: a title with no rating kept from another service gets one
    /// from its liked status (`convert --rating-from-liked`).
    public static let ratingFromLiked: WriteSwitch = "rating-from-liked"
}


/// Writes a library as Letterboxd's import CSV (https://letterboxd.com/about/importing-data/):
/// one row per watch event, so Letterboxd makes one diary entry per viewing. The rules — which
/// titles, which rating goes on which row, where a review goes — are in docs/IMPORT.md
/// "Writing other services' formats"; each is stated again where it is applied below.
public enum LetterboxdCSVWriter {
    /// The columns written, in order (a subset of what Letterboxd's importer reads).
    public static let columns = ["tmdbID", "imdbID", "Title", "Year", "Rating", "WatchedDate", "Rewatch", "Tags", "Review"]
    /// Letterboxd's importer takes at most this many rows a file; a larger output is a folder.
    public static let rowsPerFile = 1_000
    /// Half stars for `--rating-from-liked`: liked ★★★★, disliked ★★, neutral none — the
    /// import profile's thresholds (≥ 4 liked, ≤ 2 disliked), so the liked status reads back the same.
    static let likedStars: [Int: Double] = [1: 4, -1: 2]

    /// The rows (fields in ``columns`` order) for `library`, and warnings about what was left out.
    public static func rows(_ library: Library, ratingFromLiked: Bool = false) -> (rows: [[String]], diagnostics: [Diagnostic]) {
        var notesByTitle: [String: [Note]] = [:]
        for n in library.notes where n.parentType == .title && !n.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            notesByTitle[n.parentId, default: []].append(n)
        }
        var rows: [[String]] = []
        var diagnostics: [Diagnostic] = []
        var notesLeftOut = 0
        for (i, t) in library.titles.enumerated() {
            let stars = t.ratings.map(Self.stars)
            for (j, r) in t.ratings.enumerated() where stars[j] == nil {
                diagnostics.append(ServiceCSV.warning(.writeRatingOffScale, "\(ServiceCSV.label(t)): rating \(ServiceCSV.number(r.value)) of \(ServiceCSV.number(r.scale)) (\(r.source)) is no half star from 0.5 to 5; not written", title: i, "ratings", j))
            }
            let writable = { (r: OriginalRating) in Self.stars(r) != nil }
            let fromLetterboxd = { (r: OriginalRating) in r.source == ForeignService.letterboxd.rawValue }
            // The current rating: the newest Letterboxd rating kept, else the newest other
            // (converted), else — only when asked — one from the liked status.
            let kept = ServiceCSV.current(t.ratings, isCandidate: writable, isPreferred: fromLetterboxd).map { ServiceCSV.number(stars[$0]!) }
            let current = kept ?? (ratingFromLiked ? likedStars[t.likedStatus].map(ServiceCSV.number) : nil)

            // One event per viewing, oldest first; a title never viewed but watched or rated
            // gets one: dated by its watchedDate when watched in MediaWatch, undated when the
            // title was imported (it has record sources): its watchedDate then is the day another
            // service was told "watched" (Letterboxd watched.csv), not a diary entry, and a dated
            // row would make one. A liked status alone adds no row: it says nothing about having
            // watched (new titles may be liked by default).
            var events = t.viewings.enumerated()
                .sorted { ($0.element.date ?? .distantPast, $0.offset) < ($1.element.date ?? .distantPast, $1.offset) }
                .map { Event(date: $0.element.date, rewatch: $0.element.rewatch) }
            if events.isEmpty {
                guard t.watched || kept != nil else { continue }
                events = [Event(date: t.watched && t.sources.isEmpty ? t.watchedDate : nil, rewatch: false)]
            }
            let tmdbID = t.mediaType == .movie ? String(t.tmdbId) : ""   // the column holds TMDb *movie* IDs
            let imdbID = ServiceWriting.imdbID(t) ?? ""
            let name = ServiceWriting.shownName(t)
            guard !tmdbID.isEmpty || !imdbID.isEmpty || !name.isEmpty else {
                diagnostics.append(ServiceCSV.warning(.writeUnidentifiedTitle, "\(ServiceCSV.label(t)) has no TMDb movie ID, IMDb ID or title Letterboxd could match; left out (hydrate it first)", title: i))
                continue
            }

            // A row's rating: the one given on that day (a diary entry's own), Letterboxd's first.
            for k in events.indices {
                guard let d = events[k].date else { continue }
                let day = ServiceCSV.day(d)
                let own = ServiceCSV.current(t.ratings, isCandidate: { writable($0) && $0.date.map(ServiceCSV.day) == day }, isPreferred: fromLetterboxd)
                events[k].rating = own.map { ServiceCSV.number(stars[$0]!) }
            }
            // A second rating of one day (two diary entries rated differently, kept apart as
            // `letterboxd:earlier…`, docs/IMPORT.md "Into the library"): on another entry of that
            // day carrying the same rating as its neighbour, else on one more undated row.
            var sameDay: [String] = []
            for (j, r) in t.ratings.enumerated() where RecordValues.isEarlier(r.source, of: ForeignService.letterboxd.rawValue) {
                guard let st = stars[j], let d = r.date else { continue }
                let v = ServiceCSV.number(st), day = ServiceCSV.day(d)
                let that = events.indices.filter { events[$0].date.map(ServiceCSV.day) == day }
                if that.contains(where: { events[$0].rating == v }) { continue }
                if that.count > 1, let k = that.first(where: { k in that.filter { events[$0].rating == events[k].rating }.count > 1 }) {
                    events[k].rating = v
                } else {
                    sameDay.append(v)
                }
            }
            // The most recent row carries the current rating; when it has another of its own,
            // one more row without a date carries the current one, so neither is lost.
            var extraRating: String?
            if let current {
                if events[events.count - 1].rating == nil { events[events.count - 1].rating = current }
                else if events[events.count - 1].rating != current { extraRating = current }
            }

            // Reviews: owner-only notes imported from a service (they have record sources). Each
            // goes on the row of the latest viewing on or before the day it was written (the
            // diary entry it was written with), else on the first row.
            for n in notesByTitle[t.id] ?? [] {
                guard n.ownerOnly && !n.sources.isEmpty else { notesLeftOut += 1; continue }
                let written = ServiceCSV.day(n.dateCreated)
                let k = events.indices.last { events[$0].date.map { ServiceCSV.day($0) <= written } ?? false } ?? 0
                events[k].reviews.append(n.text)
            }

            let year = ServiceWriting.year(t).map(String.init) ?? ""
            let tags = t.tags.joined(separator: ", ")
            for e in events {
                rows.append([tmdbID, imdbID, name, year, e.rating ?? "", e.date.map(ServiceCSV.day) ?? "",
                             e.rewatch ? "true" : "", tags, e.reviews.joined(separator: "\n\n")])
            }
            if let extraRating { rows.append([tmdbID, imdbID, name, year, extraRating, "", "", tags, ""]) }
            for v in sameDay where v != extraRating { rows.append([tmdbID, imdbID, name, year, v, "", "", tags, ""]) }
        }
        if notesLeftOut > 0 {
            diagnostics.append(.warning(.writeNotesLeftOut, "\(notesLeftOut) note(s) written in MediaWatch were not written as Letterboxd reviews: only reviews imported from another service are (owner-only notes are private)"))
        }
        var dropped: [String: Int] = [:]
        ServiceWriting.countTitles(library, &dropped)
        return (rows, diagnostics + ServiceWriting.dropped(dropped, format: "Letterboxd"))
    }

    /// A kept rating as Letterboxd half stars: a 5-point rating as is, another scale converted
    /// (10 points ÷ 2, exact for whole points) and rounded to the nearest half star; nil when
    /// outside 0.5–5.
    static func stars(_ r: OriginalRating) -> Double? {
        guard r.scale > 0, r.value.isFinite else { return nil }
        let s = ((r.scale == 5 ? r.value : r.value * 5 / r.scale) * 2).rounded() / 2
        return (0.5...5).contains(s) ? s : nil
    }

    /// The files for `rows`: one when they fit in ``rowsPerFile``, else `letterboxd-001.csv`,
    /// `letterboxd-002.csv`, … of ``rowsPerFile`` rows each, every one with the header.
    public static func files(_ rows: [[String]]) throws -> [(name: String, bytes: [UInt8])] {
        guard rows.count > rowsPerFile else { return [(fileName(1), try ServiceCSV.bytes(header: columns, rows: rows))] }
        return try stride(from: 0, to: rows.count, by: rowsPerFile).enumerated().map { n, start in
            (fileName(n + 1), try ServiceCSV.bytes(header: columns, rows: Array(rows[start..<min(start + rowsPerFile, rows.count)])))
        }
    }

    /// The name of the `n`th file of a folder output.
    public static func fileName(_ n: Int) -> String {
        let digits = String(n)
        return "letterboxd-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".csv"
    }

    /// Whether a folder holding `names` is an earlier output of this writer (so it may be replaced).
    static func isOwnFolder(_ names: [String]) -> Bool {
        names.allSatisfy { n in
            n.hasPrefix("letterboxd-") && n.hasSuffix(".csv")
                && n.dropFirst("letterboxd-".count).dropLast(".csv".count).allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        let (rows, diagnostics) = rows(library, ratingFromLiked: output.options.switches.contains(.ratingFromLiked))
        let files = try files(rows)
        guard let url = output.url else {
            guard files.count == 1 else {
                throw MWError.usage("letterboxd-csv: \(rows.count) rows make \(files.count) files (Letterboxd imports at most \(rowsPerFile) rows a file), which cannot go to standard output; give -o FOLDER")
            }
            try AtomicFile.write(files[0].bytes, to: nil)
            return diagnostics
        }
        if files.count == 1 {
            try AtomicDirectory.writeFile(files[0].bytes, replacingFolderAt: url, replaceable: isOwnFolder)
        } else {
            try AtomicDirectory.write(files, to: url, replaceable: isOwnFolder)
        }
        return diagnostics
    }

    /// One row to write: a viewing (or the one row of a title never viewed).
    struct Event {
        var date: Date?
        var rewatch: Bool
        var rating: String?
        var reviews: [String] = []
    }
}
