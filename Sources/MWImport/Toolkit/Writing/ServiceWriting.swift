import Foundation
import MWCore
import MWFoundation

/// What the writers of other services' formats share beyond CSV (``ServiceCSV``): JSON bytes,
/// the plays a record holds, the current rating, notes that may go into a service's field, and
/// the `field-dropped` report of what a format cannot hold.
enum ServiceWriting {
    /// Pretty JSON with sorted keys, LF and no escaped slashes, empty arrays and objects as
    /// `[]` and `{}` (as JavaScript's `JSON.stringify` writes them): the same library gives the
    /// same bytes.
    static func json(_ value: Any) throws -> [UInt8] {
        let pretty = [UInt8](try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
        // Foundation writes an empty container over lines; a line break is never inside a JSON
        // string, so an opening bracket, blanks holding one and its closing bracket are one.
        var out: [UInt8] = []
        out.reserveCapacity(pretty.count + 1)
        var i = 0
        while i < pretty.count {
            let b = pretty[i]
            out.append(b)
            i += 1
            guard b == UInt8(ascii: "[") || b == UInt8(ascii: "{") else { continue }
            var j = i, newline = false
            while j < pretty.count, [0x20, 0x0A, 0x0D, 0x09].contains(pretty[j]) { newline = newline || pretty[j] == 0x0A; j += 1 }
            if newline, j < pretty.count, pretty[j] == (b == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                out.append(pretty[j])
                i = j + 1
            }
        }
        return out + [0x0A]
    }

    /// A record's plays: its viewings; a record watched without any gets one play, dated by
    /// `watchedDate` only when it was watched in MediaWatch (no record sources). An imported
    /// record's `watchedDate` without a viewing is the day another service was told "watched"
    /// (Letterboxd `watched.csv`, an undated IMDb or Trakt mark), not a viewing: its play is
    /// undated, as every writer writes an undated play (docs/IMPORT.md "Undated viewings").
    static func plays(_ viewings: [Viewing], watched: Bool, watchedDate: Date?, sources: [RecordSource], precision: DatePrecision = .instant) -> [Viewing] {
        viewings.isEmpty && watched ? [Viewing(date: playDate(watchedDate, sources: sources), precision: precision, rewatch: false)] : viewings
    }

    /// `watchedDate` as the date of a play of a record without viewings: nil for an imported record.
    static func playDate(_ watchedDate: Date?, sources: [RecordSource]) -> Date? { sources.isEmpty ? watchedDate : nil }

    /// The index of the rating a service holding one rating per record gets: the newest of those
    /// `fits`, the service's own preferred (``ServiceCSV/current(_:isCandidate:isPreferred:)``).
    /// Season ratings (`trakt:season:N`) are not the record's own.
    static func current(_ ratings: [OriginalRating], service: ForeignService, fits: (OriginalRating) -> Bool) -> Int? {
        ServiceCSV.current(ratings, isCandidate: { !isSeasonRating($0) && fits($0) }, isPreferred: { $0.source == service.rawValue })
    }

    /// A season's rating kept on its show (`trakt:season:2`): the season number.
    static func seasonOf(_ r: OriginalRating) -> Int? {
        guard let range = r.source.range(of: ":season:") else { return nil }
        return Int(r.source[range.upperBound...])
    }

    static func isSeasonRating(_ r: OriginalRating) -> Bool { seasonOf(r) != nil }

    /// The rating on a 0–10 scale with one decimal, when the value is exactly that.
    static func tenths(_ r: OriginalRating) -> Double? {
        guard r.scale > 0, r.value.isFinite else { return nil }
        let v = r.value * 10 / r.scale
        let t = (v * 10).rounded() / 10
        return abs(t - v) < 1e-9 && (0...10).contains(t) ? t : nil
    }

    /// A number of tenths as JSON wants it: whole numbers as integers.
    static func jsonNumber(_ v: Double) -> Any { v == v.rounded() ? Int(v) as Any : v as Any }

    /// Whether a note may go into `service`'s field for it: that field can be seen by others,
    /// so only a note that came from that service (where it was already written) goes there;
    /// every other imported note is the user's private one.
    static func isOwn(_ note: Note, of service: ForeignService) -> Bool {
        note.sources.contains { $0.service == service.rawValue }
    }

    /// The favourites: the list an import made for them, or one the user named so.
    static func isFavorites(_ l: MediaList) -> Bool {
        l.id == ImportIDs.list("favorites") || ["favorites", "favourites"].contains(l.name.lowercased())
    }

    /// A JSON value or `null`.
    static func orNull(_ v: Any?) -> Any { v ?? NSNull() }

    /// An instant as RFC 3339 in UTC.
    static func instant(_ d: Date) -> String { DateCoding.formatRFC3339(d) }

    /// An instant as Trakt writes it: UTC with milliseconds (`2024-01-02T20:00:00.000Z`).
    static func milliseconds(_ d: Date) -> String {
        let t = d.timeIntervalSince1970, whole = t.rounded(.down)
        let ms = min(999, Int(((t - whole) * 1000).rounded()))
        return String(DateCoding.formatRFC3339(Date(timeIntervalSince1970: whole)).dropLast()) + String(format: ".%03dZ", ms)
    }

    /// An instant to the second as Python's `str(datetime)` writes it (`2024-01-02 20:00:00+00:00`).
    static func pythonSeconds(_ d: Date) -> String {
        let s = DateCoding.formatRFC3339(Date(timeIntervalSince1970: d.timeIntervalSince1970.rounded(.down)))
        return s.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "+00:00")
    }

    /// A warning per kind of value `format` cannot hold, with the number of records it was
    /// dropped from (`field-dropped`), in a stable order.
    /// The `dropped` key of a watch status a format cannot hold.
    /// The library's watchlists, in its order; every other list with items is counted in
    /// `dropped` (the service writers hold the watchlist only).
    static func watchlists(_ library: Library, _ dropped: inout [String: Int]) -> [MediaList] {
        library.lists.filter { l in
            if Watchlist.contains(l) { return true }
            if !l.items.isEmpty { dropped["lists other than the watchlist", default: 0] += 1 }
            return false
        }
    }

    /// When each title was first put on a watchlist; the notes of watchlist entries, which
    /// these writers cannot hold, are counted in `dropped`.
    static func watchlistDates(_ library: Library, _ dropped: inout [String: Int]) -> [String: Date?] {
        var listed: [String: Date?] = [:]
        for l in watchlists(library, &dropped) {
            for item in l.items where listed[item.titleId] == nil { listed[item.titleId] = .some(item.dateAdded) }
            dropped["notes of watchlist entries", default: 0] += l.items.filter { Values.text($0.note) != nil }.count
        }
        return listed
    }

    static let watchStatusKey = "watch status"
    /// The `dropped` key of a title named only by a placeholder.
    static let placeholderKey = "a placeholder as a title's name (written by its TMDb id)"

    /// Whether a title's name is the placeholder an import gives a title whose name no source
    /// told (`TitleDraft.metadata`: `movie 603`, `tv 1399`, its media type and TMDb id).
    static func isPlaceholder(_ t: Title) -> Bool {
        t.metadata?.title == "\(t.mediaType.rawValue) \(t.tmdbId)"
    }

    /// The name a writer gives a title: its own, or nothing for a placeholder (a writer must
    /// not present one as the title; the row is named by its id, and counted in `dropped`).
    static func name(_ t: Title, placeholders dropped: inout [String: Int]) -> String {
        guard isPlaceholder(t) else { return t.knownName ?? "" }
        dropped[placeholderKey, default: 0] += 1
        return ""
    }

    /// A title's name for a format that names it beside its ids: a placeholder is no name ("").
    static func shownName(_ t: Title) -> String { isPlaceholder(t) ? "" : t.knownName ?? "" }

    /// A title's year as a writer gives it: TMDb's, else the export's (``Title/knownYear``).
    static func year(_ t: Title) -> Int? { t.knownYear.flatMap { $0 > 0 ? $0 : nil } }

    /// A title's IMDb id: TMDb's, else the one its export gave (``Title/serviceIds``).
    static func imdbID(_ t: Title) -> String? { t.metadata?.imdbId ?? ServiceID.id("imdb", in: t.serviceIds) }

    /// Counts, once per title, what a writer without a status field leaves out: titles named
    /// by a placeholder (written by their ids) and watch statuses.
    static func countTitles(_ lib: Library, status: Bool = true, _ dropped: inout [String: Int]) {
        dropped[placeholderKey, default: 0] += lib.titles.filter(isPlaceholder).count
        if status { dropped[watchStatusKey, default: 0] += lib.titles.filter { $0.watchStatus != nil }.count }
        countUnnumbered(lib, &dropped)
    }

    /// The `dropped` key of a show's episodes named only by title (``Title/unnumberedEpisodes``).
    static let unnumberedKey = "episodes named only by title (no number; their viewings are the show's)"

    /// Counts, one per episode, the show's episodes named only by title: no service format
    /// holds an episode without its number (docs/FORMAT.md#formatversion-5).
    static func countUnnumbered(_ lib: Library, _ dropped: inout [String: Int]) {
        dropped[unnumberedKey, default: 0] += lib.titles.reduce(0) { $0 + $1.unnumberedEpisodes.count }
    }

    /// The `dropped` key of a rating whose value is not a whole point, written rounded.
    static let roundedKey = "rating fractions (rounded to a whole point from 1 to 10)"

    /// Whether a rating written as whole points (``IMDbCSVWriter/points(_:)``) loses a fraction.
    static func isRounded(_ r: OriginalRating) -> Bool {
        guard let p = RatingPoints.of(r) else { return false }
        return abs(r.value * 10 / r.scale - Double(p)) > 1e-9
    }

    /// Counts a title's watch status in `dropped`, for a format that cannot hold it.
    static func countStatus(_ t: Title, _ dropped: inout [String: Int]) {
        if t.watchStatus != nil { dropped[watchStatusKey, default: 0] += 1 }
    }

    static func dropped(_ counts: [String: Int], format: String) -> [Diagnostic] {
        counts.sorted { $0.key < $1.key }.filter { $0.value > 0 }.map {
            Diagnostic.warning(.fieldDropped, "\(format) cannot hold \($0.key): dropped from \($0.value) record(s)")
        }
    }

    /// A warning (`write-rating-off-scale`) for each of a record's ratings that the format's
    /// scale cannot hold (`fits` says which it can): `label` names the record, `path` its place
    /// in the library (`["titles", 3]`, `["episodes", 7]`).
    static func offScale(_ ratings: [OriginalRating], of label: String, at path: [Any], scale: String,
                         fits: (OriginalRating) -> Bool) -> [Diagnostic] {
        ratings.enumerated().filter { !fits($0.element) }.map { j, r in
            .warning(.writeRatingOffScale, "\(label): rating \(ServiceCSV.number(r.value)) of \(ServiceCSV.number(r.scale)) (\(r.source)) is not \(scale); not written",
                     pointer: jsonPointer(path + ["ratings", j]))
        }
    }

    /// An episode's name for messages: its show's and its code.
    static func label(_ e: Episode, of show: Title) -> String { ServiceCSV.label(show) + " " + e.episodeCode }
}
