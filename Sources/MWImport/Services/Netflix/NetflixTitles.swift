import Foundation

/// Netflix's titles: `Show: Season N: Episode` in the account's language, where show names
/// hold colons themselves (`Star Trek: Discovery: Season 1: The Vulcan Hello`) and some
/// episode titles carry a chapter word (`Riverdale: Kausi 5: Luku 95: Riverdale: RIP(?)`).
/// A title is split at its season marker, searched from the right (docs/IMPORT.md "Netflix").
enum NetflixTitles {
    /// A title as read: a show's episode, or a whole title (a film or a show) for the matcher.
    struct Parsed: Equatable {
        /// The whole title (TABs and runs of blanks made one space).
        var title: String
        /// For an episode: the show's name.
        var show: String?
        /// The season marker as written (`Season 2`, `Kausi 1`, `Limited Series`, `Part 2`).
        var marker: String?
        /// The season, when the marker numbers one (`Season 2`, `Staffel 3`); 1 for a limited
        /// series. Nil for `Part`, `Volume` and chapter markers, which are Netflix's own parts
        /// and not the show's seasons.
        var season: Int?
        /// The episode's title, without a trailing `(Episode 9)`.
        var episode: String?
        /// The episode's number, from a trailing `(Episode 9)` / `(Episódio 18)` (the
        /// data-request export writes it).
        var number: Int?
    }

    /// Words that name a numbered season, lower case (`Season 2`, `Kausi 2`, `Temporada 2`).
    static let seasonWords: Set<String> = [
        "season", "series", "kausi", "seizoen", "temporada", "staffel", "saison", "stagione", "sezon", "säsong",
        "sæson", "sesong", "sezóna", "séria", "évad", "sezonul", "сезон", "sezona",
    ]
    /// Markers of a one-season series (season 1 on TMDb), lower case.
    static let limitedSeries: Set<String> = [
        "limited series", "miniseries", "mini-series", "minisarja", "miniserie", "minissérie", "minisérie",
        "minisserie", "minisería", "miniserien", "begrænset serie", "serie limitada", "série limitée",
    ]
    /// Words of a numbered part of a show that is not a season (`Part 2`, `Volume 1`, `Osa 2`).
    static let partWords: Set<String> = ["part", "parte", "teil", "partie", "osa", "deel", "del", "część", "volume", "vol.", "collection"]
    /// Words of a numbered chapter, used only when no season or part marker is found (in
    /// `Riverdale: Season 1: Chapter One` the chapter belongs to the episode's title).
    static let chapterWords: Set<String> = ["chapter", "luku", "capítulo", "kapitel", "chapitre", "hoofdstuk", "capitolo", "rozdział"]
    /// Words in a trailing `(Episode 9)`, lower case.
    static let episodeWords: Set<String> = [
        "episode", "episódio", "episodio", "épisode", "folge", "aflevering", "afl.", "jakso", "odcinek", "epizod",
        "avsnitt", "episodi", "bölüm", "capítulo",
    ]

    enum Rank: Int { case season = 0, part = 1, chapter = 2 }

    /// The marker a title component is, with its rank and season; nil when it is none.
    static func marker(_ component: String) -> (rank: Rank, season: Int?)? {
        let s = component.trimmingCharacters(in: .whitespaces).lowercased()
        if limitedSeries.contains(s) { return (.season, 1) }
        var words = s.split(separator: " ").map(String.init)
        // `Season 1 (Part 2)`: the season is what counts.
        if words.count == 4, words[2].hasPrefix("("), words[3].hasSuffix(")") { words = Array(words.prefix(2)) }
        guard words.count == 2, let n = Int(words[1]), n >= 0, n < 1000 else { return nil }
        if seasonWords.contains(words[0]) { return (.season, n) }
        if partWords.contains(words[0]) { return (.part, nil) }
        if chapterWords.contains(words[0]) { return (.chapter, nil) }
        return nil
    }

    /// Splits `raw`: at the rightmost season marker that has an episode title after it, else
    /// the rightmost part marker, else the rightmost chapter marker; without one the whole
    /// title is a film or show title.
    static func parse(_ raw: String) -> Parsed {
        let title = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var out = Parsed(title: title)
        let parts = title.components(separatedBy: ": ")
        guard parts.count >= 3 else { return unmarked(out, parts) }
        var best: (index: Int, rank: Rank, season: Int?)?
        for i in stride(from: parts.count - 2, through: 1, by: -1) {
            guard let m = marker(parts[i]) else { continue }
            let show = parts[..<i].joined(separator: ": ").trimmingCharacters(in: .whitespaces)
            let episode = parts[(i + 1)...].joined(separator: ": ").trimmingCharacters(in: .whitespaces)
            guard !show.isEmpty, !episode.isEmpty else { continue }
            if best == nil || m.rank.rawValue < best!.rank.rawValue { best = (i, m.rank, m.season) }
        }
        guard let best else { return unmarked(out, parts) }
        out.show = parts[..<best.index].joined(separator: ": ").trimmingCharacters(in: .whitespaces)
        out.marker = parts[best.index].trimmingCharacters(in: .whitespaces)
        out.season = best.season
        var episode = parts[(best.index + 1)...].joined(separator: ": ").trimmingCharacters(in: .whitespaces)
        if let (text, n) = numbered(episode) { episode = text; out.number = n } else { out.number = leadingNumber(episode) }
        out.episode = episode
        return out
    }

    /// A title without a marker: an episode only when it says so by a trailing `(Episode 24)`
    /// (`DEATH NOTE: Death Note: Revival (Episode 24)`, whose season has a name) — under
    /// everything before its last colon, with no season; else a whole title.
    static func unmarked(_ whole: Parsed, _ parts: [String]) -> Parsed {
        guard parts.count >= 2, let (text, n) = numbered(parts.last!) else { return whole }
        let show = parts.dropLast().joined(separator: ": ").trimmingCharacters(in: .whitespaces)
        guard !show.isEmpty else { return whole }
        var out = whole
        out.show = show
        out.episode = text
        out.number = n
        return out
    }

    /// `Episode 1: Hot Pot/Tart` → 1; nil when the episode title does not start so.
    static func leadingNumber(_ episode: String) -> Int? {
        let words = episode.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, episodeWords.contains(words[0].lowercased()) else { return nil }
        let digits = words[1].hasSuffix(":") ? words[1].dropLast() : words[1]
        guard words.count == 2 || words[1].hasSuffix(":") else { return nil }
        return Int(digits)
    }

    /// `Blood Money (Episode 9)` → (`Blood Money`, 9); nil without such a suffix.
    static func numbered(_ episode: String) -> (String, Int)? {
        guard episode.hasSuffix(")"), let open = episode.lastIndex(of: "(") else { return nil }
        let inner = episode[episode.index(after: open)..<episode.index(before: episode.endIndex)]
        let words = inner.split(separator: " ")
        guard words.count == 2, episodeWords.contains(words[0].lowercased()), let n = Int(words[1]), n >= 0 else { return nil }
        let text = episode[..<open].trimmingCharacters(in: .whitespaces)
        return (text.isEmpty ? episode : text, n)
    }
}
