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
    /// placed them. Items in review or ignored are left out and counted. Three steps: each
    /// matched item placed on its title or episode (``Placement``), the library assembled from
    /// them, and its counts.
    public static func build(_ export: ForeignExport, matches: MatchResult, options: ImportBuildOptions = ImportBuildOptions()) -> ImportBuild {
        var p = Placement()
        for m in matches.items { p.place(export.items[m.index], m.outcome) }
        var (lib, diagnostics) = assemble(&p, export, options)
        // Never before the user's own latest date (a fixed SOURCE_DATE_EPOCH must not make
        // their dates look later than the export), and from `now`, so builds are reproducible.
        lib.exportDate = max(options.now, lib.latestUserDate ?? options.now)
        if p.episodeEmotions > 0 {
            diagnostics.append(.warning(.importNotKept, "\(p.episodeEmotions) TV Time emotion vote(s) on episodes were not kept: the model has no liked status for episodes"))
        }
        // The values readers keep as extras (a service's own id, a progress, a column no field
        // holds) have no field in the library yet: counted by name, never dropped in silence
        // (issue 30 §1).
        var extras: [String: Int] = [:]
        for m in matches.items {
            guard case .matched = m.outcome else { continue }
            for e in export.items[m.index].extras { extras[e.field, default: 0] += 1 }
        }
        if !extras.isEmpty {
            let named = extras.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) ×\($0.value)" }
            diagnostics.append(.warning(.importNotKept, "\(extras.values.reduce(0, +)) value(s) the library has no field for were not kept: \(named.joined(separator: ", "))"))
        }
        if let said = episodeCountsNotKept(lib, export, matches) { diagnostics.append(said) }
        var built = ImportBuild(library: lib, rows: p.rows, counts: counts(lib), diagnostics: diagnostics)
        if options.fillMetadata {
            built.filledMetadata = filled(p.drafts, lib, options)
            for (d, t) in zip(p.drafts, lib.titles) where built.filledMetadata.contains(t.id) {
                let (title, year) = d.fileName
                built.exportNames[t.id] = ImportBuild.ExportName(title: title, year: year)
            }
        }
        return built
    }

    /// The ids of the records whose metadata `options.fillMetadata` gave them from the export:
    /// titles TMDb told nothing of, and every episode.
    static func filled(_ drafts: [TitleDraft], _ lib: Library, _ options: ImportBuildOptions) -> Set<String> {
        var ids = Set(lib.episodes.filter { $0.metadata != nil }.map(\.id))
        // `metadata` without fillMetadata is nil exactly when no match says TMDb's metadata.
        for (d, t) in zip(drafts, lib.titles) where t.metadata != nil && !d.saidByTMDb { ids.insert(t.id) }
        return ids
    }

    /// The titles, episodes (in show, season, number order), notes and lists of the placed items.
    static func assemble(_ p: inout Placement, _ export: ForeignExport, _ options: ImportBuildOptions) -> (Library, [Diagnostic]) {
        var lib = Library()
        lib.titles = p.drafts.map { $0.title(options) }
        let showOrder = Dictionary(uniqueKeysWithValues: p.drafts.enumerated().map { ($1.id, $0) })
        p.episodes.sort { (showOrder[$0.showId]!, $0.season, $0.number) < (showOrder[$1.showId]!, $1.season, $1.number) }
        lib.episodes = p.episodes.map { $0.episode(options) }

        var notes = ReviewNotes()
        let dateAdded = Dictionary(uniqueKeysWithValues: lib.titles.map { ($0.id, $0.dateAdded) })
        for (d, t) in zip(p.drafts, lib.titles) { notes.add(d.own, parentId: t.id, parentType: .title, dateAdded: t.dateAdded) }
        for e in p.episodes { notes.add(e.items, parentId: e.id, parentType: .episode, dateAdded: dateAdded[e.showId] ?? options.now) }
        lib.notes = notes.notes

        var diagnostics: [Diagnostic] = []
        (lib.lists, diagnostics) = p.lists.lists(export.lists, titles: lib.titles, options: options)
        return (lib, diagnostics)
    }

    /// What the summary counts of a built library (and of one changed after the build).
    public static func counts(_ lib: Library) -> ImportCounts {
        var counts = ImportCounts()
        counts.titles = lib.titles.count
        // Episodes named only by title are episodes of their show too (docs/IMPORT.md "Netflix").
        counts.episodes = lib.episodes.count + lib.titles.reduce(0) { $0 + $1.unnumberedEpisodes.count }
        counts.lists = lib.lists.count
        counts.listItems = lib.lists.reduce(0) { $0 + $1.items.count }
        counts.notes = lib.notes.count
        counts.viewings = lib.titles.reduce(0) { $0 + $1.viewings.count } + lib.episodes.reduce(0) { $0 + $1.viewings.count }
        counts.ratings = lib.titles.reduce(0) { $0 + $1.ratings.count } + lib.episodes.reduce(0) { $0 + $1.ratings.count }
        counts.tags = lib.titles.reduce(0) { $0 + $1.tags.count }
        counts.statuses = lib.titles.filter { $0.watchStatus != nil }.count
        counts.stripped = lib.titles.filter(\.isStripped).count
        return counts
    }
}

/// The first step of a build: every item, as its match decided, booked per row and placed on
/// its title draft (one per TMDb ID and kind), its episode draft, or the title's loose episodes.
extension LibraryBuilder {
    /// A show's count of watched episodes (Trakt watched-shows `plays` without `seasons`, TV
    /// Time `nb_episodes_seen`) is kept through the episodes themselves; a show the import
    /// gives no episode of keeps only "watched", so the count is reported, never dropped in
    /// silence (issue 30 §1).
    static func episodeCountsNotKept(_ lib: Library, _ export: ForeignExport, _ matches: MatchResult) -> Diagnostic? {
        let withEpisodes = Set(lib.episodes.map(\.showId)).union(lib.titles.filter { !$0.unnumberedEpisodes.isEmpty }.map(\.id))
        let showIdOf = Dictionary(lib.titles.filter { $0.mediaType == .tv }.map { ($0.tmdbId, $0.id) }, uniquingKeysWith: { a, _ in a })
        var shows = Set<Int64>(), total = 0
        for m in matches.items {
            guard case .matched(let t) = m.outcome, t.mediaType == .tv, let id = showIdOf[t.tmdbId], !withEpisodes.contains(id) else { continue }
            let item = export.items[m.index]
            guard item.episode == nil else { continue }
            for mark in item.marks where mark.kind == .watched && (RecordValues.isEpisodeCount(mark) || RecordValues.isEpisodePlays(mark)) {
                guard let n = mark.count, n > 0 else { continue }
                shows.insert(t.tmdbId)
                total += n
            }
        }
        guard !shows.isEmpty else { return nil }
        return .warning(.importNotKept, "\(shows.count) show(s) came with only a count of watched episodes (\(total) in all) and none of their episodes: kept as watched, the count not kept (the library counts a show's episodes one by one)")
    }
}

struct Placement {
    var drafts: [TitleDraft] = []
    var draftAt: [String: Int] = [:]
    var episodes: [EpisodeDraft] = []
    var episodeAt: [String: Int] = [:]
    var rows: [String: RowOutcomes] = [:]
    var lists = ListAssembly()
    var episodeEmotions = 0

    /// A row by what ``SourceRef/position`` names (file and line, else file and row), kept as
    /// values: a string made per row was a tenth of a Yamtrack warm re-run's build (issue 29).
    struct BookedRow: Hashable {
        var service: String, file: String, line: Int?, row: Int?
        init(_ s: SourceRef) { (service, file, line, row) = (s.service.rawValue, s.file, s.line, s.line == nil ? s.row : nil) }
    }
    /// Rows already booked under an outcome: a row that gives several items (a Trakt show with
    /// its episodes) counts once, so no column of the summary exceeds the rows read.
    /// Per outcome (the key path itself: interpolated into a string, it was described through
    /// `print` for every row: a fifth of a Yamtrack warm re-run's build, issue 29).
    var booked: [WritableKeyPath<RowOutcomes, Int>: Set<BookedRow>] = [:]

    mutating func book(_ item: ForeignItem, _ field: WritableKeyPath<RowOutcomes, Int>) {
        for s in item.sources where (s.line == nil && s.row == nil) || booked[field, default: []].insert(BookedRow(s)).inserted {
            rows[ImportBuild.rowKey(s), default: RowOutcomes()][keyPath: field] += 1
        }
    }

    mutating func place(_ item: ForeignItem, _ outcome: MatchOutcome) {
        let first = ImportBuild.rowKey(item.source)
        switch outcome {
        case .review(let r):
            book(item, \.reviewRows)
            rows[first, default: RowOutcomes()].reviewItems += 1
            if r.candidates.isEmpty || r.incomplete { rows[first, default: RowOutcomes()].unmatchedItems += 1 }
        case .ignored:
            book(item, \.ignoredRows)
        case .matched(let match):
            let by: WritableKeyPath<RowOutcomes, Int> = match.method.isByID ? \.matchedByID : match.method == .search ? \.matchedBySearch : \.matchedByOverride
            rows[first, default: RowOutcomes()][keyPath: by] += 1
            book(item, \.importedRows)
            place(item, match)
        }
    }

    mutating func place(_ item: ForeignItem, _ match: TMDbMatch) {
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
            drafts[d].episodes.add(item)
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
}
