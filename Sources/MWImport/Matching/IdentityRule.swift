import Foundation
import MWCore
import MWFoundation

/// Issue 30 §1: an id is an identity. Records that carry different ids of one service (a
/// MyAnimeList `series_animedb_id`, a Letterboxd film link, a Trakt or Simkl id) are never one
/// title because their titles look alike (`Gintama` and `Gintama'`, `K-On!` and `K-On!!`): each
/// gets its own lookup and review row, and a search that gives two of them one TMDb title is no
/// answer for either — both wait in review (docs/IMPORT.md "Matching").
public enum IdentityRule {
    /// The service's own id of `item` (not an id TMDb can look up), nil when it has none.
    /// Episodes are looked up by their show: their own ids do not name it.
    public static func identity(_ item: ForeignItem) -> String? {
        guard item.kind != .episode else { return nil }
        if let s = item.ids.serviceID { return s }
        if let t = item.ids.trakt { return "trakt:\(t)" }
        if let s = item.ids.letterboxdSlug { return "letterboxd:\(s)" }
        if let u = item.ids.letterboxdURI { return "letterboxd:\(u)" }
        return nil
    }

    /// Lookup keys made distinct where one title key would join records with different ids of
    /// one service: `keys[i]` gains `|<id>` for such items; other keys are left as they are (so
    /// review decisions written earlier still find their items).
    public static func split(_ keys: [String?], _ items: [ForeignItem]) -> [String?] {
        var ids: [String: Set<String>] = [:]
        for (i, k) in keys.enumerated() {
            guard let k, k.hasPrefix("title:"), let id = identity(items[i]) else { continue }
            ids["\(items[i].source.service.rawValue)|\(k)", default: []].insert(id)
        }
        return keys.enumerated().map { i, k in
            guard let k, k.hasPrefix("title:"), let id = identity(items[i]),
                  (ids["\(items[i].source.service.rawValue)|\(k)"]?.count ?? 0) > 1 else { return k }
            return k + "|" + id
        }
    }

    /// Outcomes where a search gave records with different ids of one service the same TMDb
    /// title: those records are sent to review instead, the search's answer as their candidate.
    public static func unshare(_ outcomes: inout [MatchOutcome?], _ items: [ForeignItem]) {
        var byTitle: [String: [Int]] = [:]
        for (i, o) in outcomes.enumerated() {
            guard case .matched(let m)? = o, m.method == .search, let id = identity(items[i]) else { continue }
            _ = id
            byTitle["\(items[i].source.service.rawValue)|\(m.mediaType.rawValue):\(m.tmdbId)", default: []].append(i)
        }
        for (key, rows) in byTitle {
            let distinct = Set(rows.compactMap { identity(items[$0]) })
            guard distinct.count > 1 else { continue }
            let tmdb = key.split(separator: "|").last.map(String.init) ?? ""
            for i in rows {
                outcomes[i] = .review(ReviewEntry(reason: "\(distinct.count) records with different \(items[i].source.service.rawValue) ids found the same TMDb title (\(tmdb)) by search: decide each"))
            }
        }
    }
}
