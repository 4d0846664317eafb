import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// `--to yamtrack | watcharr | trakt | trakt-json`: each writer's output imported back through
/// our reader of that service (offline: every title carries its TMDb id and kind) gives the same
/// library for what the service holds, and what it cannot hold is reported with a count.
@Suite(.serialized) struct ServiceWriterRoundTripTests {
    /// A library with what the four services hold and what some of them do not: two plays and a
    /// tag on a film, a film on the watchlist, a watched show with rated episodes, a private note
    /// and one written in `service` (which public fields may carry back).
    static func library(notesFrom service: String) -> Library {
        var heat = Lib.movie(1, "Heat", year: 1995, imdb: "tt0113277")
        heat.viewings = [Lib.viewing("2024-01-02"), Lib.viewing("2024-06-01", rewatch: true)]
        heat.watched = true
        heat.watchedDate = Lib.day("2024-06-01")
        heat.ratings = [Lib.rating("letterboxd", 4.5, of: 5, on: "2024-01-02")]
        heat.tags = ["noir"]
        var show = Lib.show(2, "Breaking Bad", year: 2008)
        show.watched = true
        show.watchedDate = Lib.instant("2024-02-02T21:00:00Z")
        show.ratings = [OriginalRating(source: "trakt", value: 8, scale: 10, date: Lib.instant("2024-02-03T08:00:00Z"), datePrecision: .instant)]
        var e1 = Episode(id: "E1", showId: show.id, seasonNumber: 1, episodeNumber: 1, metadata: nil, watched: true)
        e1.viewings = [Viewing(date: Lib.instant("2024-02-01T21:00:00Z"), precision: .instant, rewatch: false, source: "trakt")]
        e1.ratings = [OriginalRating(source: "trakt", value: 9, scale: 10, date: Lib.instant("2024-02-01T22:00:00Z"), datePrecision: .instant)]
        var e2 = Episode(id: "E2", showId: show.id, seasonNumber: 1, episodeNumber: 2, metadata: nil, watched: true)
        e2.viewings = [Viewing(date: Lib.instant("2024-02-02T21:00:00Z"), precision: .instant, rewatch: false, source: "trakt")]
        let dune = Lib.movie(3, "Dune", year: 2021)
        let watchlist = MediaList(id: ImportIDs.list("watchlist"), name: "Watchlist", items: [ListItem(titleId: dune.id, orderIndex: 0, dateAdded: Lib.instant("2024-03-01T10:00:00Z"))])
        var own = Note(id: "N1", parentId: heat.id, parentType: .title, text: "Tense from the first scene.", ownerOnly: true, dateCreated: Lib.day("2024-01-02"))
        own.sources = [RecordSource(service: service, file: "export", row: 1)]
        let mine = Note(id: "N2", parentId: show.id, parentType: .title, text: "PRIVATE-NOTE-7f3a", ownerOnly: true, dateCreated: Lib.day("2024-02-03"))
        return Library(lists: [watchlist], titles: [heat, show, dune], episodes: [e1, e2], notes: [own, mine])
    }

    /// The output of `format` imported back, offline.
    static func reimport(_ out: URL, fx: Fixture) async throws -> Library {
        try await WatchStatusTests.importLibrary([out], fx: fx)
    }

    static func day(_ d: Date?) -> String? { d.map { String(DateCoding.formatRFC3339($0).prefix(10)) } }
    static func points(_ r: [OriginalRating]) -> Double? {
        r.filter { !$0.source.contains(":season:") }.max { ($0.date ?? .distantPast) < ($1.date ?? .distantPast) }.map { ($0.value * 10 / $0.scale * 2).rounded() / 2 }
    }
    static func watchlisted(_ l: Library) -> Set<Int64> {
        let ids = Dictionary(uniqueKeysWithValues: l.titles.map { ($0.id, $0.tmdbId) })
        return Set(l.lists.filter(Watchlist.contains).flatMap(\.items).compactMap { ids[$0.titleId] })
    }
    static func episodeDays(_ l: Library) -> [String: [String]] {
        let ids = Dictionary(uniqueKeysWithValues: l.titles.map { ($0.id, $0.tmdbId) })
        return Dictionary(uniqueKeysWithValues: l.episodes.map { e in ("\(ids[e.showId] ?? 0):\(e.episodeCode)", e.viewings.compactMap { day($0.date) }.sorted()) })
    }

    /// Writes `lib` as `format` to `out`, reads it back, and checks what the service holds.
    /// `allPlays`: it holds every play (else the latest finish as the watched date); `tags`:
    /// it holds tags; `notes`: it holds notes at all; `showWatched`: a show's own watched state.
    static func check(_ name: String, file: String, allPlays: Bool, tags: Bool, notes: Bool = true, showWatched: Bool = true) async throws {
        let fx = try Fixture()
        let lib = library(notesFrom: name == "trakt-json" ? "trakt" : name)
        let format = try #require(FormatRegistry.standard.format(named: name))
        let out = fx.url(file)
        let done = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: out)
        // Deterministic: the same library gives the same bytes.
        let again = fx.url("again-" + file)
        _ = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: again)
        #expect(try contents(out) == contents(again), "\(name): not deterministic")
        // The private note never reaches a file another service may show.
        if name != "yamtrack" {
            let written = try contents(out)
            #expect(!written.values.contains { String(decoding: $0, as: UTF8.self).contains("PRIVATE-NOTE-7f3a") }, "\(name) leaked a private note")
            #expect(done.diagnostics.contains { $0.code == DiagnosticCode.fieldDropped.rawValue && $0.message.contains("notes") }, "\(name): \(done.diagnostics.map(\.message))")
        }
        let back = try await reimport(out, fx: fx)
        #expect(Set(back.titles.map(\.tmdbId)) == Set(lib.titles.map(\.tmdbId)), "\(name)")
        for t in lib.titles {
            let b = try #require(back.titles.first { $0.tmdbId == t.tmdbId }, "\(name): \(t.tmdbId)")
            #expect(Self.points(b.ratings) == Self.points(t.ratings), "\(name) rating of \(t.tmdbId): \(b.ratings)")
            if showWatched || t.mediaType == .movie { #expect(b.watched == t.watched, "\(name) watched of \(t.tmdbId)") }
            if t.mediaType == .movie {
                let days = t.viewings.compactMap { day($0.date) }.sorted()
                let got = b.viewings.compactMap { day($0.date) }.sorted()
                if allPlays { #expect(got == days, "\(name) plays of \(t.tmdbId): \(got) for \(days)") }
                else { #expect(day(b.watchedDate) == days.last, "\(name) finish of \(t.tmdbId): \(String(describing: b.watchedDate)) for \(days)") }
            }
            #expect(tags ? b.tags == t.tags : b.tags.isEmpty, "\(name) tags of \(t.tmdbId)")
        }
        #expect(watchlisted(back) == watchlisted(lib), "\(name) watchlist")
        let eps = episodeDays(lib), gotEps = episodeDays(back)
        #expect(gotEps == eps, "\(name) episodes: \(gotEps) for \(eps)")
        let e1 = try #require(back.episodes.first { $0.episodeNumber == 1 })
        #expect(Self.points(e1.ratings) == 9, "\(name) episode rating")
        // Notes: Yamtrack keeps every note; the others only the one their own service wrote.
        let kept = Set(back.notes.map(\.text)), written = Set(lib.notes.map(\.text))
        #expect(!notes ? kept.isEmpty : name == "yamtrack" ? kept == written : kept == ["Tense from the first scene."], "\(name) notes: \(kept)")
        if !tags { #expect(done.diagnostics.contains { $0.code == DiagnosticCode.fieldDropped.rawValue && $0.message.contains("tags: dropped from 1") }, "\(name)") }
        if !allPlays { #expect(done.diagnostics.contains { $0.message.contains("plays before the latest") && $0.message.contains("dropped from 1") }, "\(name)") }
    }

    /// Every file of an output (one file, or a folder's files by name).
    static func contents(_ url: URL) throws -> [String: [UInt8]] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue else { return ["": try bytes(url)] }
        return Dictionary(uniqueKeysWithValues: try FileManager.default.contentsOfDirectory(atPath: url.path).map { ($0, try bytes(url.appendingPathComponent($0))) })
    }

    /// A rating a format's scale cannot hold is a `write-rating-off-scale` warning at its place
    /// (a title's or an episode's), never dropped in silence; a season's ratings go where the
    /// format has a place (Yamtrack's season row, Trakt's ratings-seasons) or are counted.
    @Test func ratingsOffTheScaleAndSeasonRatings() throws {
        var lib = Self.library(notesFrom: "letterboxd")
        let third = OriginalRating(source: "tvtime", value: 1, scale: 3)  // 3.33… of 10: no tenth, rounds to 3 points
        lib.episodes[1].ratings = [third]
        lib.titles[1].ratings.append(OriginalRating(source: "trakt:season:1", value: 7, scale: 10))
        lib.titles[0].ratings.append(OriginalRating(source: "imdb", value: 11, scale: 10))  // on no one's scale
        let fx = try Fixture()
        for (name, file) in [("yamtrack", "y.csv"), ("watcharr", "w.json"), ("trakt-json", "t")] {
            let format = try #require(FormatRegistry.standard.format(named: name))
            let d = try write(lib, as: format, to: fx.url(file))
            let offScale = d.with(.writeRatingOffScale).map(\.pointer).sorted()
            // Tenths: 1 of 3 has none; whole points: it rounds to 3, which Trakt's scale holds.
            #expect(offScale == (name == "trakt-json" ? ["/titles/0/ratings/1"] : ["/episodes/1/ratings/0", "/titles/0/ratings/1"]), "\(name): \(offScale)")
            let text = try Self.contents(fx.url(file)).values.map { String(decoding: $0, as: UTF8.self) }.joined()
            switch name {
            case "yamtrack": #expect(text.contains("\"5002\",\"tmdb\",\"season\",\"Breaking Bad\",\"\",\"1\",\"\",\"7.0\""))
            case "watcharr": #expect(d.contains { $0.message.contains("season ratings: dropped from 1") })
            default:
                let seasons = try #require(try JSONSerialization.jsonObject(with: Data(bytes(fx.url("t/ratings-seasons.json")))) as? [[String: Any]])
                #expect(seasons.count == 1 && seasons[0]["rating"] as? Int == 7 && (seasons[0]["season"] as? [String: Any])?["number"] as? Int == 1)
                let episodes = try #require(try JSONSerialization.jsonObject(with: Data(bytes(fx.url("t/ratings-episodes.json")))) as? [[String: Any]])
                #expect(episodes.compactMap { $0["rating"] as? Int }.sorted() == [3, 9])
            }
        }
    }

    /// A stripped record (no title until `hydrate`) is written by its id everywhere; Watcharr's
    /// importer needs a title, so there one warning counts such records.
    @Test func aStrippedRecord() throws {
        var lib = Self.library(notesFrom: "letterboxd")
        var stripped = Lib.movie(9, nil)
        stripped.viewings = [Lib.viewing("2024-04-04")]
        stripped.watched = true
        lib.titles.append(stripped)
        let fx = try Fixture()
        for (name, file) in [("yamtrack", "y.csv"), ("watcharr", "w.json"), ("trakt-json", "t")] {
            let d = try write(lib, as: try #require(FormatRegistry.standard.format(named: name)), to: fx.url(file))
            let text = try Self.contents(fx.url(file)).values.map { String(decoding: $0, as: UTF8.self) }.joined()
            let untitled = d.with(.writeUnidentifiedTitle).map(\.message)
            #expect(name == "watcharr" ? untitled.count == 1 && untitled[0].hasPrefix("1 stripped record(s)") : untitled.isEmpty, "\(name): \(untitled)")
            #expect(text.contains("1009"), "\(name)")
        }
    }

    /// trakt-json replaces only a folder it wrote; another folder is refused and left as it was.
    @Test func traktJSONReplacesOnlyItsOwnFolder() throws {
        let fx = try Fixture()
        let lib = Self.library(notesFrom: "trakt")
        let out = fx.url("t")
        try write(lib, as: .traktJSON, to: out)
        let first = try Self.contents(out)
        #expect(Set(first.keys) == Set(TraktJSONWriter.fixedNames))
        try write(lib, as: .traktJSON, to: out)  // an earlier output: replaced
        #expect(try Self.contents(out) == first)
        let mine = try fx.write("mine/notes.txt", "keep me")
        #expect(throws: (any Error).self) { try write(lib, as: .traktJSON, to: mine.deletingLastPathComponent()) }
        #expect(try String(contentsOf: mine, encoding: .utf8) == "keep me")
        #expect(usageMessage { _ = try write(lib, as: .traktJSON, to: nil) }?.contains("give -o FOLDER") == true)
    }

    @Test func yamtrack() async throws { try await Self.check("yamtrack", file: "yamtrack.csv", allPlays: true, tags: false) }
    @Test func watcharr() async throws { try await Self.check("watcharr", file: "watcharr.json", allPlays: false, tags: true) }
    @Test func traktCSV() async throws { try await Self.check("trakt", file: "trakt.csv", allPlays: true, tags: false, notes: false, showWatched: false) }
    @Test func traktJSON() async throws { try await Self.check("trakt-json", file: "trakt", allPlays: true, tags: false) }
}
