import Foundation
import MWCore

/// Maps TMDb responses onto the model's TMDb-derived metadata. Pure functions, so strip then
/// hydrate against the same TMDb data reproduces the same values.
public enum TMDbMapper {
    /// Parses TMDb's `YYYY-MM-DD` as UTC midnight; `""`, nil or malformed → nil.
    public static func date(_ s: String?) -> Date? {
        guard let s else { return nil }
        let u = s.utf8
        return u.withContiguousStorageIfAvailable { civilDate($0) } ?? {
            let copy = Array(u)
            return copy.withUnsafeBufferPointer { civilDate($0) }
        }()
    }

    /// `YYYY-MM-DD` bytes → UTC midnight, nil when malformed (read in place: hot in warm runs).
    private static func civilDate(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for k in r {
                let c = b[k]
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                v = v * 10 + Int(c - UInt8(ascii: "0"))
            }
            return v
        }
        guard let y = num(0..<4), let m = num(5..<7), let d = num(8..<10), (1...12).contains(m), (1...31).contains(d) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(DateCoding.daysFromCivil(y, m, d)) * 86400)
    }

    /// The year of a TMDb date string, 0 when unknown.
    static func year(_ s: String?) -> Int {
        guard let s, date(s) != nil, let y = Int(s.prefix(4)) else { return 0 }
        return y
    }

    /// Empty strings mean "none" for TMDb ids and paths.
    static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }

    /// A movie's metadata (details with `external_ids` appended, or plain details).
    public static func metadata(movie m: TMDbMovie) -> TitleMetadata {
        var md = metadata(m.details, title: m.title, originalTitle: m.originalTitle,
                          imdbId: nonEmpty(m.imdbID) ?? nonEmpty(m.details.externalIDs?.imdbID),
                          year: year(m.releaseDate), runtime: m.runtime ?? 0)
        md.releaseDate = date(m.releaseDate)
        return md
    }

    /// A show's metadata. Runtime: see ``runtime(show:)``.
    public static func metadata(show s: TMDbShow) -> TitleMetadata {
        var md = metadata(s.details, title: s.name, originalTitle: s.originalName, imdbId: nonEmpty(s.details.externalIDs?.imdbID),
                          year: year(s.firstAirDate), runtime: runtime(show: s))
        md.firstAirDate = date(s.firstAirDate)
        md.lastAirDate = date(s.lastAirDate)
        md.numberOfSeasons = s.numberOfSeasons
        md.numberOfEpisodes = s.numberOfEpisodes
        return md
    }

    /// The metadata a movie's and a show's details give alike (decoded into it:
    /// ``TMDbTitleDetails/metadata``), with what each names its own way.
    private static func metadata(_ d: TMDbTitleDetails, title: String?, originalTitle: String?, imdbId: String?,
                                 year: Int, runtime: Int) -> TitleMetadata {
        var md = d.metadata
        (md.title, md.originalTitle, md.imdbId, md.year, md.runtime) = (title ?? "", originalTitle, imdbId, year, runtime)
        md.genres = (d.genres ?? []).compactMap(\.name)
        return md
    }

    /// A show's typical episode length in minutes. TMDb's `episode_run_time` is empty for most
    /// shows today, so: its first entry when positive; else the latest aired episode's runtime
    /// (part of every show response, so the value does not depend on which seasons a library
    /// asked for); else the median runtime of the appended seasons' episodes (the lower middle
    /// value for an even count); else 0.
    public static func runtime(show s: TMDbShow) -> Int {
        if let r = s.episodeRunTime?.first, r > 0 { return r }
        if let r = s.lastEpisodeToAir?.runtime, r > 0 { return r }
        let episodes = s.appendedSeasons.values.flatMap { $0.episodes ?? [] }.compactMap(\.runtime).filter { $0 > 0 }.sorted()
        return episodes.isEmpty ? 0 : episodes[(episodes.count - 1) / 2]
    }

    /// An episode's metadata from a season's `episodes` entry.
    public static func metadata(episode e: TMDbEpisode) -> EpisodeMetadata {
        EpisodeMetadata(name: e.name ?? "", overview: e.overview, airDate: date(e.airDate),
                        runtime: e.runtime, stillPath: nonEmpty(e.stillPath))
    }
}
