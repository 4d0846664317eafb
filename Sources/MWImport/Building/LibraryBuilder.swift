import Foundation
import MWCore
import MWFoundation

/// Turns matched items into a MediaWatch library (issue 11 §3, docs/IMPORT.md "Into the
/// library"): one title per TMDb ID and kind, however many rows, files, exports and services
/// name it; episodes under their show by season and number; every watch, rating, tag, review
/// and row reference kept; lists in their order; ids derived from what records stand for
/// (``ImportIDs``), so the same export always gives the same library.
public enum LibraryBuilder {
    /// Builds the library of `export`'s items as `matches` (computed over `export.items`)
    /// placed them. Items in review or ignored are left out and counted.
    public static func build(_ export: ForeignExport, matches: MatchResult, options: ImportBuildOptions = ImportBuildOptions()) -> ImportBuild {
        var drafts: [TitleDraft] = []
        var draftAt: [String: Int] = [:]
        var episodes: [EpisodeDraft] = []
        var episodeAt: [String: Int] = [:]
        var rows: [String: RowOutcomes] = [:]
        var lists = ListAssembly()
        var episodeEmotions = 0

        func book(_ item: ForeignItem, _ field: WritableKeyPath<RowOutcomes, Int>) {
            for s in item.sources { rows[ImportBuild.rowKey(s), default: RowOutcomes()][keyPath: field] += 1 }
        }

        for m in matches.items {
            let item = export.items[m.index]
            let first = ImportBuild.rowKey(item.source)
            switch m.outcome {
            case .review(let r):
                book(item, \.reviewRows)
                rows[first, default: RowOutcomes()].reviewItems += 1
                if r.candidates.isEmpty || r.incomplete { rows[first, default: RowOutcomes()].unmatchedItems += 1 }
            case .ignored:
                book(item, \.ignoredRows)
            case .matched(let match):
                let by: WritableKeyPath<RowOutcomes, Int> = match.method.isByID ? \.matchedByID : match.method == .search ? \.matchedBySearch : \.matchedByOverride
                rows[first, default: RowOutcomes()][keyPath: by] += 1
            }
            guard case .matched(let match) = m.outcome else { continue }
            book(item, \.importedRows)
            let key = "\(match.mediaType.rawValue):\(match.tmdbId)"
            let d: Int
            if let k = draftAt[key] { d = k } else {
                d = drafts.count
                draftAt[key] = d
                drafts.append(TitleDraft(tmdbId: match.tmdbId, mediaType: match.mediaType))
            }
            drafts[d].matches.append(match)
            if item.kind == .episode, match.mediaType == .tv, let season = item.episode?.season, let number = item.episode?.number,
               season >= 0, number >= 1 {
                drafts[d].episodeItems.append(item)
                let ek = "\(key):\(season):\(number)"
                if let e = episodeAt[ek] { episodes[e].items.append(item) } else {
                    episodeAt[ek] = episodes.count
                    var e = EpisodeDraft(showTmdbId: match.tmdbId, showId: drafts[d].id, season: season, number: number)
                    e.items = [item]
                    episodes.append(e)
                }
                episodeEmotions += item.emotions.count
            } else if item.kind == .episode {
                // No season or number (or a show decided to be a movie): kept on the title.
                drafts[d].looseEpisodes.append(item)
            } else {
                if !drafts[d].items.isEmpty { rows[ImportBuild.rowKey(item.source), default: RowOutcomes()].folded += 1 }
                drafts[d].items.append(item)
            }
            lists.add(item, titleId: drafts[d].id)
        }

        var lib = Library()
        lib.titles = drafts.map { $0.title(options) }
        let showOrder = Dictionary(uniqueKeysWithValues: drafts.enumerated().map { ($1.id, $0) })
        episodes.sort { (showOrder[$0.showId]!, $0.season, $0.number) < (showOrder[$1.showId]!, $1.season, $1.number) }
        lib.episodes = episodes.map { $0.episode(options) }

        var notes = ReviewNotes()
        let dateAdded = Dictionary(uniqueKeysWithValues: lib.titles.map { ($0.id, $0.dateAdded) })
        for (d, t) in zip(drafts, lib.titles) { notes.add(d.own, parentId: t.id, parentType: .title, dateAdded: t.dateAdded) }
        for e in episodes { notes.add(e.items, parentId: e.id, parentType: .episode, dateAdded: dateAdded[e.showId] ?? options.now) }
        lib.notes = notes.notes

        var diagnostics: [Diagnostic] = []
        (lib.lists, diagnostics) = lists.lists(export.lists, titles: lib.titles, options: options)
        if episodeEmotions > 0 {
            diagnostics.append(.warning(.importNotKept, "\(episodeEmotions) TV Time emotion vote(s) on episodes were not kept: the model has no liked status for episodes"))
        }
        // Never before the user's own latest date (a fixed SOURCE_DATE_EPOCH must not make
        // their dates look later than the export), and from `now`, so builds are reproducible.
        lib.exportDate = max(options.now, lib.latestUserDate ?? options.now)

        var counts = ImportCounts()
        counts.titles = lib.titles.count
        counts.episodes = lib.episodes.count
        counts.lists = lib.lists.count
        counts.listItems = lib.lists.reduce(0) { $0 + $1.items.count }
        counts.notes = lib.notes.count
        counts.viewings = lib.titles.reduce(0) { $0 + $1.viewings.count } + lib.episodes.reduce(0) { $0 + $1.viewings.count }
        counts.ratings = lib.titles.reduce(0) { $0 + $1.ratings.count } + lib.episodes.reduce(0) { $0 + $1.ratings.count }
        counts.tags = lib.titles.reduce(0) { $0 + $1.tags.count }
        counts.stripped = lib.titles.filter(\.isStripped).count
        return ImportBuild(library: lib, rows: rows, counts: counts, diagnostics: diagnostics)
    }
}
