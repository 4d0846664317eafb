import Foundation
import MWFoundation

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
        /// Made an episode by the file's structure only (``NetflixShows``), not by a marker.
        var byStructure = false
    }

    typealias Rank = NetflixMarkers.Rank

    /// The marker a title component is, with its rank and season; nil when it is none
    /// (``NetflixMarkers``).
    static func marker(_ component: String) -> (rank: Rank, season: Int?)? { NetflixMarkers.marker(component) }

    /// Splits `raw`: at the rightmost season marker that has an episode title after it, else
    /// the rightmost part marker, else the rightmost chapter marker; without one the whole
    /// title is a film or show title.
    static func parse(_ raw: String) -> Parsed {
        var memo = Memo()
        return parse(raw, memo: &memo)
    }

    /// What the component readings (pure functions of their text) gave, kept across the titles
    /// of one file: its titles repeat `Season 2`, `Episode 3`, `… (Episode 9)`.
    /// A hit counts only for the same bytes: String keys also match another Unicode
    /// normalization, whose episode text must stay as that title writes it.
    struct Memo {
        var markers: [String: (key: String, value: (rank: Rank, season: Int?)?)] = [:]
        var numbers: [String: (key: String, value: (String, Int)?)] = [:]

        mutating func marker(_ component: String) -> (rank: Rank, season: Int?)? {
            if let hit = markers[component], hit.key.utf8.elementsEqual(component.utf8) { return hit.value }
            let m = NetflixTitles.marker(component)
            if markers[component] == nil { markers[component] = (component, m) }
            return m
        }

        mutating func numbered(_ episode: String) -> (String, Int)? {
            if let hit = numbers[episode], hit.key.utf8.elementsEqual(episode.utf8) { return hit.value }
            let n = NetflixTitles.numbered(episode)
            if numbers[episode] == nil { numbers[episode] = (episode, n) }
            return n
        }
    }

    /// ``parse(_:)`` with the component readings kept in `memo`.
    static func parse(_ raw: String, memo: inout Memo) -> Parsed {
        let title = NetflixText.title(raw)
        var out = Parsed(title: title)
        let parts = NetflixText.parts(title)
        guard parts.count >= 3 else { return unmarked(out, parts, memo: &memo) }
        var best: (index: Int, rank: Rank, season: Int?)?
        for i in stride(from: parts.count - 2, through: 1, by: -1) {
            let show = parts[..<i].joined(separator: ": ").trimmedBlanks(newlines: false)
            guard let m = memo.marker(parts[i]) ?? namedSeason(parts[i], of: show) else { continue }
            let episode = parts[(i + 1)...].joined(separator: ": ").trimmedBlanks(newlines: false)
            guard !show.isEmpty, !episode.isEmpty else { continue }
            if best == nil || m.rank.rawValue < best!.rank.rawValue { best = (i, m.rank, m.season) }
        }
        guard let best else { return unmarked(out, parts, memo: &memo) }
        out.show = parts[..<best.index].joined(separator: ": ").trimmedBlanks(newlines: false)
        out.marker = parts[best.index].trimmedBlanks(newlines: false)
        out.season = best.season
        var episode = parts[(best.index + 1)...].joined(separator: ": ").trimmedBlanks(newlines: false)
        if let (text, n) = memo.numbered(episode) { episode = text; out.number = n } else { out.number = leadingNumber(episode) }
        out.episode = episode
        return out
    }

    /// A season named by its show and a number (`Stranger Things: Stranger Things 4: …`,
    /// `진격의 거인: 진격의 거인 2기: …`): season N; nil otherwise.
    static func namedSeason(_ component: String, of show: String) -> (rank: Rank, season: Int?)? {
        let c = NetflixMarkers.normalized(component, dropParenthesis: true), s = NetflixMarkers.normalized(show, dropParenthesis: false)
        guard !s.isEmpty, c.hasPrefix(s + " ") else { return nil }
        let rest = String(c.dropFirst(s.count + 1))
        if let n = Int(rest), n > 0, n < 100 { return (.season, n) }
        if let n = NetflixMarkers.numbered(rest), n.number < 100, NetflixMarkers.seasonWords.contains(n.word) { return (.season, n.number) }
        return nil
    }

    /// A title without a marker: an episode only when it says so by a trailing `(Episode 24)`
    /// (`DEATH NOTE: Death Note: Revival (Episode 24)`, whose season has a name) — under
    /// everything before its last colon, with no season; else a whole title.
    static func unmarked(_ whole: Parsed, _ parts: [String], memo: inout Memo) -> Parsed {
        // `Show: Episode 6`, `Show: 1화`: a show's episode with a number and no season.
        if parts.count >= 2, let n = NetflixMarkers.episodeNumber(parts.last!) {
            let show = parts.dropLast().joined(separator: ": ").trimmedBlanks(newlines: false)
            guard !show.isEmpty else { return whole }
            var out = whole
            out.show = show
            out.episode = parts.last!.trimmedBlanks(newlines: false)
            out.number = n
            return out
        }
        guard parts.count >= 2, let (text, n) = memo.numbered(parts.last!) else { return whole }
        let show = parts.dropLast().joined(separator: ": ").trimmedBlanks(newlines: false)
        guard !show.isEmpty else { return whole }
        var out = whole
        out.show = show
        out.episode = text
        out.number = n
        return out
    }

    /// `Episode 1: Hot Pot/Tart` → 1, `Episode 3` → 3; nil when the episode title does not start so.
    static func leadingNumber(_ episode: String) -> Int? {
        NetflixMarkers.episodeNumber(NetflixText.parts(episode)[0])
    }

    /// `Blood Money (Episode 9)` → (`Blood Money`, 9), `(Episode 1,124)` → 1124; nil without
    /// such a suffix.
    static func numbered(_ episode: String) -> (String, Int)? {
        guard episode.hasSuffix(")"), let open = episode.lastIndex(of: "(") else { return nil }
        let inner = String(episode[episode.index(after: open)..<episode.index(before: episode.endIndex)])
        guard let n = NetflixMarkers.episodeNumber(inner) else { return nil }
        let text = episode[..<open].trimmedBlanks(newlines: false)
        return (text.isEmpty ? episode : text, n)
    }

    /// Parts of a Netflix asset id that make it a promotional video, lower case.
    static let promoParts: Set<String> = ["clip", "hook", "trailer", "teaser", "promo", "recap"]

    /// Whether `title` names a promotional video rather than something the user watched:
    /// Netflix's asset id, a name joined by `_` to a clip, hook, trailer or teaser part and its
    /// technical tags (`FIREFLYLANE_S1_CLIP_PLOT`, `Case 39_hook_primary_16x9`,
    /// `Show: Season 1_CLIP_MUSIC_NON1`). The activity export marks most such rows with a
    /// `Supplemental Video Type`; some it leaves blank, and the history lists a few: the same
    /// autoplayed preview either way (docs/IMPORT.md "Netflix").
    static func isPromoAsset(_ title: String) -> Bool {
        guard title.utf8.contains(UInt8(ascii: "_")) else { return false }
        let parts = title.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        for k in 1..<parts.count where promoParts.contains(parts[k].lowercased()) {
            // Joined to a name (no blank before the `_`), followed only by tags of letters and digits.
            guard let last = parts[k - 1].last, last.isLetter || last.isNumber else { return false }
            return parts[(k + 1)...].allSatisfy { tag in !tag.isEmpty && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        }
        return false
    }
}
