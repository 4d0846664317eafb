import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import Testing

/// The real import builder with every film matched as if by an ID in the file (TMDb id
/// 900000 + its index, title and year as exported): the round trip then tests the builder and
/// the writer together, as `mwkit import` followed by `convert --to letterboxd-csv` runs them.
enum RoundTripBuild {
    static func tmdbId(_ n: Int) -> Int64 { 900_000 + Int64(n) }

    static func library(_ export: ForeignExport) -> Library {
        let items = export.items.enumerated().map { n, item in
            ItemMatch(index: n, key: "k\(n)", outcome: item.kind == .movie
                      ? .matched(TMDbMatch(tmdbId: tmdbId(n), mediaType: .movie, method: .override, title: item.title, year: item.year))
                      : .ignored, candidates: [])
        }
        let matches = MatchResult(items: items, stats: MatchStats(), statsByFile: [:], diagnostics: [])
        return LibraryBuilder.build(export, matches: matches, options: ImportBuildOptions(now: Date(timeIntervalSince1970: 1_750_000_000))).library
    }
}

/// The newest rating (undated ones oldest; on a tie the later one).
func newest(_ ratings: [ForeignRating]) -> ForeignRating? {
    ratings.reduce(nil) { best, r in
        guard let b = best else { return r }
        return (r.date?.date ?? .distantPast) >= (b.date?.date ?? .distantPast) ? r : b
    }
}

/// What the round trip compares of one film.
struct FilmSummary: Equatable, CustomStringConvertible {
    var title: String
    var year: Int?
    /// Watch day → rewatch.
    var watches: [String: Bool]
    /// Every rating value given.
    var ratings: Set<Double>
    /// Watch day → the rating given that day (a diary entry's own).
    var entryRatings: [String: Double]
    var tags: [String]
    var reviews: [String]
    var watched: Bool

    init(_ item: ForeignItem) {
        title = item.title
        year = item.year
        watches = Dictionary(item.watches.compactMap { w in w.date.map { ($0.day, w.rewatch) } }, uniquingKeysWith: { $0 || $1 })
        ratings = Set(item.ratings.map(\.value))
        entryRatings = Dictionary(item.ratings.compactMap { r in r.date.flatMap { d in item.watches.contains { $0.date?.day == d.day } ? (d.day, r.value) : nil } },
                                  uniquingKeysWith: { _, b in b })
        tags = item.tags
        reviews = item.reviews.map(\.text)
        watched = item.isWatched
    }

    /// What the import file says of this film: when the most recent watch has no rating of its
    /// own, the film's current rating (`current`) goes on it (docs/IMPORT.md, letterboxd-csv
    /// "Rating"), so Letterboxd reads it as that entry's.
    func asWritten(current: Double?) -> FilmSummary {
        var s = self
        if let last = watches.keys.max(), entryRatings[last] == nil, let current { s.entryRatings[last] = current }
        return s
    }

    var description: String { "\(title) (\(year.map(String.init) ?? "-")) watches \(watches) ratings \(ratings) entries \(entryRatings) tags \(tags) reviews \(reviews.count)" }
}

@Suite("Letterboxd round trip")
struct LetterboxdRoundTripTests {
    @Test func exportToLibraryToImportFileReadsBackTheSameFilmsDatesRatingsRewatchesTagsAndReviews() throws {
        let fx = try Fixture()
        let export = MWImport.read(sources: [try LetterboxdFixture.folder(fx)])
        let lib = RoundTripBuild.library(export)
        let out = fx.url("to-letterboxd.csv")
        try write(lib, as: .letterboxd, to: out)

        let back = MWImport.read(sources: [out])
        back.expectBalanced()
        #expect(back.files.map(\.kind) == [.letterboxdImport])
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")

        // Every film watched or rated in the export, and nothing else (the watchlist stays behind).
        let sent = export.items.filter { $0.isWatched || !$0.ratings.isEmpty }
        #expect(Set(sent.map(\.title)) == ["On the Line", "Past Lives", "Nameless Short"])
        #expect(back.items.count == sent.count)
        for item in sent {
            // By the TMDb ID the library gave it; a film without a year (a stripped record) keeps
            // the name its export gave (exportTitle).
            let n = try #require(export.items.firstIndex(of: item))
            let returned = try #require(back.items.first { $0.ids.tmdb.map(Int64.init) == RoundTripBuild.tmdbId(n) }, "\(item.title) came back")
            #expect(FilmSummary(returned) == FilmSummary(item))
            // The same film by ID: the TMDb ID the library gave it is in the file.
            #expect(lib.titles.contains { $0.tmdbId == RoundTripBuild.tmdbId(n) })
            // Letterboxd applies rows in order: the last rating read is the film's current one,
            // the newest the export has (Past Lives: 5 on the rewatch, then changed back to 4.5).
            #expect(returned.ratings.last?.value == newest(item.ratings)?.value)
        }
        let pastLives = try #require(back.items.first { $0.title == "Past Lives" })
        #expect(pastLives.ratings.map(\.value) == [4.5, 5, 4.5])
        #expect(pastLives.watches.map(\.rewatch) == [false, true])
        #expect(pastLives.tags == ["cinema", "with mum"])
        let onTheLine = try #require(back.items.first { $0.title == "On the Line" })
        #expect(onTheLine.reviews.first?.text == "<blockquote>What kind of movie is this?</blockquote>\n\nI <i>liked</i> the \"bus\" scene.")
        #expect(onTheLine.reviews.first?.watchedDate?.day == "2023-09-01")
    }
}

/// The same round trip over every real Letterboxd export in `../shared/samples/third-party`
/// (read in place; skipped when absent): thousands of diary entries, reviews with HTML and CRLF,
/// films sharing a title, outputs split into folders.
@Suite("Letterboxd round trip, real exports")
struct LetterboxdRealRoundTripTests {
    static let root = ConformanceTests.root.appendingPathComponent("letterboxd")

    @Test(.enabled(if: ConformanceTests.present, "real samples absent at ../shared/samples/third-party; round trip not checked"))
    func everyRealExportComesBackTheSame() throws {
        let exports = try FileManager.default.contentsOfDirectory(atPath: Self.root.path).sorted()
        #expect(exports.count >= 5)
        var folders = 0
        defer { #expect(folders > 0, "no real export was large enough to be split into a folder") }
        for name in exports {
            let fx = try Fixture()
            let export = MWImport.read(sources: [Self.root.appendingPathComponent(name)])
            let lib = RoundTripBuild.library(export)
            let out = fx.url("out")
            try write(lib, as: .letterboxd, to: out)
            if AtomicDirectory.isDirectory(out) { folders += 1 }
            let back = MWImport.read(sources: [out])
            #expect(back.diagnostics.isEmpty, "\(name): \(back.diagnostics.prefix(3))")
            let sent = export.items.enumerated().filter { $0.element.kind == .movie && ($0.element.isWatched || !$0.element.ratings.isEmpty) }
            #expect(back.items.count == sent.count, "\(name)")
            let byTMDb = Dictionary(back.items.map { ($0.ids.tmdb ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
            for (n, item) in sent {
                let tmdb = Int(RoundTripBuild.tmdbId(n))
                guard let returned = byTMDb[tmdb] else { Issue.record("\(name): \(item.title) did not come back"); continue }
                let a = FilmSummary(item).asWritten(current: newest(item.ratings)?.value), b = FilmSummary(returned)
                // A film exported without a year stays a stripped record (no TMDb answer here):
                // its row carries the tmdbID, which is what Letterboxd matches, and no title.
                let sameFilm = (b.title == a.title && b.year == a.year) || (a.year == nil && b.title.isEmpty)
                #expect(sameFilm && b.watches == a.watches && b.ratings == a.ratings
                        && b.entryRatings == a.entryRatings && b.tags == a.tags && b.watched, "\(name):\n\(a)\n\(b)")
                // Every review comes back (two written with one diary entry share its row).
                for r in item.reviews {
                    #expect(returned.reviews.contains { $0.text.contains(r.text) }, "\(name): a review of \(item.title) is lost")
                }
            }
        }
    }
}

@Suite("Letterboxd import files")
struct LetterboxdImportFileTests {
    @Test func theImportHeaderIsRecognisedAndIMDbListsAreNot() {
        let importFile = Array("tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review\r\n".utf8)
        #expect(LetterboxdReader.detect(bytes: importFile, name: "x.txt") == .letterboxdImport)
        #expect(LetterboxdReader.detect(bytes: Array("Title,Year,Rating10,WatchedDate\n".utf8), name: "filmow.csv") == .letterboxdImport)
        let imdb = Array("Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n".utf8)
        #expect(LetterboxdReader.detect(bytes: imdb, name: "ratings.csv") == nil)
        #expect(LetterboxdReader.detect(bytes: Array("Title,Year\n".utf8), name: "titles.csv") == nil)
    }

    @Test func rowsJoinByIDAndKeepWatchesRatingsAndReviews() throws {
        let fx = try Fixture()
        let url = try fx.write("import.csv", """
        LetterboxdURI,tmdbID,imdbID,Title,Year,Directors,Rating,Rating10,WatchedDate,Rewatch,Tags,Review
        ,949,tt0113277,Heat,1995,Michael Mann,4.5,,2020-01-02,,"crime, la",Great.
        ,949,,Heat,1995,,,8,2021-03-04,true,,
        https://letterboxd.com/film/alien/,,,Alien,1979,,,,,,,
        ,x12,,Bad Row,19x5,,6,11,not a date,,,
        ,,,,,,,,,,,

        """)
        let out = MWImport.read(sources: [url])
        out.expectBalanced()
        #expect(out.items.count == 3)
        let heat = try #require(out.item("Heat", year: 1995))
        #expect(heat.ids.tmdb == 949 && heat.ids.imdb == "tt0113277" && heat.directors == ["Michael Mann"])
        #expect(heat.watches.map { [$0.date?.day ?? "", String($0.rewatch)] } == [["2020-01-02", "false"], ["2021-03-04", "true"]])
        #expect(heat.ratings.map { "\($0.value)/\($0.scale.rawValue)@\($0.date?.day ?? "-")" } == ["4.5/halfStars5@2020-01-02", "8.0/tenPoint@2021-03-04"])
        #expect(heat.tags == ["crime", "la"] && heat.reviews.map(\.text) == ["Great."])
        let alien = try #require(out.item("Alien", year: 1979))
        #expect(alien.isWatched && alien.watches.isEmpty && alien.ids.letterboxdSlug == "alien")
        // Unreadable values are reported with their column, and the row is still imported.
        let bad = out.diagnostics(.importBadValue)
        #expect(Set(bad.compactMap(\.field)) == ["tmdbID", "Year", "Rating", "Rating10", "WatchedDate"])
        // The row of empty fields a spreadsheet leaves is a blank row: counted, not malformed.
        #expect(out.diagnostics(.importMalformedRow).isEmpty)
        #expect(out.file("import.csv")?.ignored[ItemCollector.blankRow] == 1)
        #expect(out.item("Bad Row")?.extras.map(\.field).sorted() == ["Rating", "Rating10", "Year"])
    }
}
