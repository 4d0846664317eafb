import Foundation
import MWFoundation

/// Shows told by a file's structure rather than by a marker word: titles without a season,
/// part or chapter marker (``NetflixTitles``) whose part before the first `": "` is shared by
/// several different titles watched on different days (or many titles on one) (`귀멸의 칼날: 카마도 탄지로 입지편: 잔혹`,
/// `Häkkilinnut: Oranssit päälle`), or names a show the file marks elsewhere, are episodes of
/// that show — whatever the language (docs/IMPORT.md "Netflix"). Such an episode keeps its
/// title and any middle part as written; it has no season or number to place it by, so it
/// waits with its show (in review when offline) as one show, not as one title per episode.
struct NetflixShows {
    /// Distinct titles, and distinct days, a prefix needs to be taken for a show on its own.
    static let minimumTitles = 3
    static let minimumDays = 2
    /// Distinct titles that make a prefix a show whatever the days (a miniseries seen in one go).
    static let bingeTitles = 5

    /// The keys (``Values/key(_:)``) of the prefixes that are shows.
    private(set) var prefixes: Set<String> = []
    /// Each distinct raw title parsed once: a ViewingActivity file repeats a title for every
    /// session, and the rows are read twice (here, then as items).
    private var parsed: [String: NetflixTitles.Parsed] = [:]

    /// `raw` parsed (``NetflixTitles/parse(_:)``), from the titles this was made from when it is one.
    func parse(_ raw: String) -> NetflixTitles.Parsed { parsed[raw] ?? NetflixTitles.parse(raw) }

    /// Decides from every row of a file: `titles` are the rows' raw titles with the day each
    /// was watched (nil when unknown).
    init(_ titles: [(title: String, day: String?)]) {
        var marked: Set<String> = []
        var groups: [String: (titles: Set<String>, days: Set<String>)] = [:]
        var memo = NetflixTitles.Memo()
        for (raw, day) in titles {
            let p: NetflixTitles.Parsed
            if let known = parsed[raw] { p = known } else { p = NetflixTitles.parse(raw, memo: &memo); parsed[raw] = p }
            if let show = p.show {
                marked.insert(Values.key(show))
                continue
            }
            guard let prefix = Self.prefix(p.title) else { continue }
            let k = Values.key(prefix)
            groups[k, default: ([], [])].titles.insert(Values.key(p.title))
            if let day { groups[k, default: ([], [])].days.insert(day) }
        }
        for (k, g) in groups where marked.contains(k) || g.titles.count >= Self.bingeTitles
            || (g.titles.count >= Self.minimumTitles && g.days.count >= Self.minimumDays) {
            prefixes.insert(k)
        }
    }

    /// The part of `title` before its first `": "`, when there is a non-empty one with more after it.
    static func prefix(_ title: String) -> String? {
        let parts = NetflixText.parts(title)
        guard parts.count >= 2 else { return nil }
        let head = parts[0].trimmedBlanks(newlines: false)
        let rest = parts.dropFirst().joined(separator: ": ").trimmedBlanks(newlines: false)
        return head.isEmpty || rest.isEmpty ? nil : head
    }

    /// `parsed` as an episode of its prefix's show when the prefix is one; else unchanged.
    func apply(_ parsed: NetflixTitles.Parsed) -> NetflixTitles.Parsed {
        guard parsed.show == nil, let head = Self.prefix(parsed.title), prefixes.contains(Values.key(head)) else { return parsed }
        var parts = NetflixText.parts(parsed.title).map { $0.trimmedBlanks(newlines: false) }
        parts.removeFirst()
        var out = parsed
        out.show = head
        // A middle part (an arc's name, `진격의 거인 2기`) is kept as the season's name.
        if parts.count >= 2 { out.marker = parts.dropLast().joined(separator: ": ") }
        out.episode = parts.last!
        out.byStructure = true
        return out
    }
}
