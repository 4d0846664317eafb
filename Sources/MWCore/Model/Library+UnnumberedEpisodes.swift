import Foundation
import MWFoundation

extension Library {
    /// Turns the episodes show `titleIndex` names only by title (``Title/unnumberedEpisodes``)
    /// into numbered episodes where TMDb's season lists exactly one episode of that name
    /// (``TitleNormalizer/normalize(_:)`` equal: case, diacritics, punctuation aside). Anything
    /// less stays title-only: a number is never guessed (docs/FORMAT.md#formatversion-5).
    ///
    /// An episode the library already holds (same show, season and number) takes the days'
    /// viewings; otherwise a new, stripped episode record does, its id made from the show's
    /// TMDb id, season and number as an import makes it. Each day's viewing moves from the show
    /// (the first show viewing of that UTC day, with its time and source), or is a new day
    /// viewing when the show has none that day. `seasons` maps a season number to TMDb's
    /// episodes (number, name). Returns the indexes into ``episodes`` of the episodes given
    /// viewings, each once.
    public mutating func numberUnnumberedEpisodes(ofTitle titleIndex: Int, seasons: [Int: [(number: Int, name: String)]]) -> [Int] {
        var show = titles[titleIndex]
        var kept: [String] = []
        var touched: [Int] = []
        for value in show.unnumberedEpisodes {
            guard let u = UnnumberedEpisode(value), let season = u.season,
                  let number = Self.number(of: u.title, in: seasons[season] ?? []) else { kept.append(value); continue }
            var moved: [Viewing] = []
            for day in u.days.compactMap(DayDate.parse) {
                if let k = show.viewings.firstIndex(where: { $0.date.map(DayDate.day(of:)) == day }) {
                    moved.append(show.viewings.remove(at: k))
                } else {
                    moved.append(Viewing(date: day, precision: .day))
                }
            }
            let e: Int
            if let found = episodes.firstIndex(where: { $0.showId == show.id && $0.seasonNumber == season && $0.episodeNumber == number }) {
                e = found
            } else {
                e = episodes.count
                let id = StableID.uuid("episode/tv/\(show.tmdbId)/\(season)/\(number)")
                episodes.append(Episode(id: id, showId: show.id, seasonNumber: season, episodeNumber: number, metadata: nil))
            }
            episodes[e].viewings = (episodes[e].viewings + moved).sorted { ($0.date ?? .distantPast) < ($1.date ?? .distantPast) }
            let latest = episodes[e].viewings.compactMap { v in v.date.map { v.precision == .day ? DayDate.instant(ofDay: $0) : $0 } }.max()
            episodes[e].watched = true
            if let latest, latest > (episodes[e].watchedDate ?? .distantPast) { episodes[e].watchedDate = latest }
            if !touched.contains(e) { touched.append(e) }
        }
        show.unnumberedEpisodes = kept
        titles[titleIndex] = show
        return touched
    }

    /// The number of the one episode of `episodes` named `title`; nil for none or several.
    static func number(of title: String, in episodes: [(number: Int, name: String)]) -> Int? {
        let key = TitleNormalizer.normalize(title)
        guard !key.isEmpty else { return nil }
        let found = episodes.filter { TitleNormalizer.normalize($0.name) == key }
        return found.count == 1 ? found[0].number : nil
    }
}
