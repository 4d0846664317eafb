import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import MWTestSupport
import Testing

/// Issue 24 §3 for films: one real sample file imported the way `mwkit import` does — read by
/// the registry's readers, matched, built, written as the latest MediaWatch backup and read back
/// — so each test checks what the user gets in the written file against the input row.
///
/// Matching is offline: an item whose file names a TMDb id (or a TVDB id, which stands in for
/// it here) is matched to it, as the import does by file id; an item without one gets a stable
/// invented id per (kind, title, year), standing in for the match the search would find. Episodes
/// without a season and number (they need TMDb's `/find`) are left out, as a cold offline import
/// leaves them for review.
struct SampleImport {
    let url: URL
    let export: ForeignExport
    let library: Library

    /// The file's name as provenance records it (the file given alone).
    var file: String { url.lastPathComponent }

    /// `written`: the library as written to a v2 backup and loaded back through the validating
    /// reader (false: as built, for tests that compare two imports and not the writing).
    init(_ url: URL, dateOrder: DateOrder? = nil, written: Bool = true) throws {
        self.url = url
        var o = ImportOptions(includeDeleted: true)
        o.dateOrder = dateOrder
        export = MWImport.read(sources: [url], options: o)
        var c = BuildCase()
        c.export.lists = export.lists
        c.export.files = export.files
        for item in export.items { c.add(item, Self.match(item)) }
        let built = c.build().library
        guard written else {
            library = built
            return
        }
        let fx = try Fixture()
        let out = fx.url("out.json")
        let v2 = try #require(FormatRegistry.standard.format(named: "mediawatch-v2"))
        _ = try LibraryWriter.write(built, version: Migrator.latestVersion, as: v2, to: out)
        library = try BackupLoader().loadValid(out.path, options: ReadOptions()).library(migratedTo: Migrator.latestVersion).library
    }

    /// A stable id for a title known only by name (FNV-1a, above every real TMDb id).
    static func invented(_ key: String) -> Int {
        900_000_000 + Int(key.lowercased().utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 } % 90_000_000)
    }

    static func match(_ item: ForeignItem) -> MatchOutcome {
        if let e = item.episode {
            guard e.season != nil, e.number != nil else { return .ignored }
            let show = e.showIDs.tmdb ?? e.showIDs.tvdb ?? invented("tv|\(e.showTitle ?? "")|\(e.showYear ?? 0)")
            return .matched(TMDbMatch(tmdbId: Int64(show), mediaType: .tv, method: .fileId))
        }
        if item.kind == .tvShow {
            let id = item.ids.tmdb ?? item.ids.tvdb ?? invented("tv|\(item.title)|\(item.year ?? 0)")
            return .matched(TMDbMatch(tmdbId: Int64(id), mediaType: .tv, method: .fileId))
        }
        let id = item.ids.tmdb ?? invented("movie|\(item.ids.imdb ?? item.title)|\(item.year ?? 0)")
        return .matched(TMDbMatch(tmdbId: Int64(id), mediaType: .movie, method: .fileId))
    }

    /// The title a row (its line in a CSV, its element in a JSON array) went into.
    func title(row: Int) -> Title? {
        library.titles.first { $0.sources.contains { $0.file == file && $0.row == row } }
    }

    /// The episode a row went into.
    func episode(row: Int) -> Episode? {
        library.episodes.first { $0.sources.contains { $0.file == file && $0.row == row } }
    }

    /// Every rating of a record, as points out of 10.
    static func points(_ ratings: [OriginalRating]) -> [Double] { ratings.map { $0.value * 10 / $0.scale } }

    /// The UTC days of a record's viewings, with their rewatch flags.
    static func viewings(_ v: [Viewing]) -> [(day: String?, rewatch: Bool)] { v.map { ($0.date.map(SampleFiles.utcDay), $0.rewatch) } }

    /// Whether `title` is on the import's watchlist.
    func onWatchlist(_ title: Title) -> Bool {
        library.lists.contains { $0.id == ImportIDs.list("watchlist") && $0.items.contains { $0.titleId == title.id } }
    }

    /// The notes on `parentId`, their text folded to letters and digits.
    func notes(on parentId: String) -> [String] { library.notes.filter { $0.parentId == parentId }.map { Self.letters($0.text) } }

    /// Letters and digits only, lower case, HTML tags and entities dropped: what a review says,
    /// whatever markup carried it.
    static func letters(_ s: String) -> String {
        var out = "", inTag = false
        for ch in s {
            if ch == "<" { inTag = true; continue }
            if ch == ">" { inTag = false; continue }
            if !inTag, ch.isLetter || ch.isNumber { out += ch.lowercased() }
        }
        return out
    }
}

/// A sampled row's checks: each records an issue naming the file, the row and the seed.
struct RowCheck {
    let at: String

    init(_ url: URL, _ row: Int, seed: UInt64) { at = "\(SampleFiles.relative(url)) row \(row) (seed \(seed))" }

    func expect(_ ok: Bool, _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        if !ok { Issue.record("\(at): \(what())", sourceLocation: sourceLocation) }
    }
}
