import Foundation
import MWCore
import MWFoundation
import MWImport
import MWJobs
import MWTestSupport
import Testing

/// Simkl's CSV backup and `SimklBackup.json`. No sample file exists: these fixtures are our own,
/// written from the second-hand format facts (docs/IMPORT.md "Simkl").
@Suite(.serialized) struct SimklTests {
    static let csv = """
    SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB
    53536,Heat,movie,1995,completed,,2024-01-02,9,"Mine, only.",,949,tt0113277
    17465,Breaking Bad,tv,2008,watching,S03E07,,8,,81189,1396,tt0903747
    900,Dune,movie,2021,Plan to Watch,,,11,,,438631,
    38293,Monster,anime,2004,On Hold,S01E10,,,,79180,,tt0434706
    ,,movie,,completed,,,,,,,

    """

    static let json = """
    {"movies": [
       {"added_to_watchlist_at": "2023-12-01T10:00:00Z", "last_watched_at": "2024-01-02T21:00:00Z", "user_rated_at": "2024-01-03T09:00:00Z",
        "user_rating": 9, "status": "completed", "movie": {"title": "Heat", "year": 1995, "ids": {"simkl": 53536, "slug": "heat", "imdb": "tt0113277", "tmdb": "949"}}},
       {"added_to_watchlist_at": "2024-03-01T10:00:00Z", "status": "plantowatch", "movie": {"title": "Dune", "year": 2021, "ids": {"simkl": 900, "tmdb": 438631}}}],
     "shows": [
       {"last_watched_at": "2024-02-02T21:00:00Z", "status": "watching", "user_rating": 8, "last_watched": "S01E02", "next_to_watch": "S01E03",
        "watched_episodes_count": 2, "show": {"title": "Breaking Bad", "year": 2008, "ids": {"simkl": 17465, "tvdb": "81189", "tmdb": "1396", "imdb": "tt0903747"}},
        "seasons": [{"number": 1, "episodes": [{"number": 1, "watched_at": "2024-02-01T21:00:00Z"}, {"number": 2, "watched_at": "2024-02-02T21:00:00Z"}]}]}],
     "anime": [
       {"status": "dropped", "anime_type": "tv", "show": {"title": "Monster", "year": 2004, "ids": {"simkl": 38293, "tvdb": 79180, "imdb": "tt0434706"}}},
       {"status": "notinteresting", "anime_type": "ova", "show": {"title": "Some OVA", "ids": {"simkl": 5, "mal": "9"}}},
       "not an entry"]}
    """

    func read(_ name: String, _ text: String) throws -> ForeignExport {
        let fx = try Fixture()
        return MWImport.read(sources: [try fx.write(name, text)], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
    }

    @Test func theCSVBackupStatusesRatingsMemosAndIDs() throws {
        let r = try read("simkl-backup.csv", Self.csv)
        #expect(r.files.map(\.kind) == ["simklCSV"] && r.files.first?.isBalanced == true)
        let heat = try #require(r.items.first { $0.ids.tmdb == 949 })
        #expect(heat.kind == .movie && heat.watches.map { $0.date?.day } == ["2024-01-02"] && heat.ratings.map(\.value) == [9])
        #expect(heat.reviews.map(\.text) == ["Mine, only."] && heat.ids.imdb == "tt0113277")
        let bb = try #require(r.items.first { $0.ids.tmdb == 1396 })
        // LastEpWatched is the last episode, not a list of episodes: kept as written, no episode invented.
        #expect(bb.kind == .tvShow && bb.has(.followed) && bb.extras.contains { $0.field == "LastEpWatched" && $0.value == "S03E07" })
        #expect(!r.items.contains { $0.kind == .episode })
        let dune = try #require(r.items.first { $0.ids.tmdb == 438631 })
        #expect(dune.has(.watchlist) && dune.ratings.isEmpty && dune.extras.contains { $0.field == "Rating" && $0.value == "11" })
        #expect(r.diagnostics.contains { $0.code == "import-bad-value" && $0.line == 4 && $0.field == "Rating" })
        // Anime says no kind: its TMDb id would be a guess, its IMDb and TVDB ids are not.
        let monster = try #require(r.items.first { $0.title == "Monster" })
        #expect(monster.kind == .unknown && monster.ids.tvdb == 79180 && monster.ids.imdb == "tt0434706" && monster.has(.followed))
        #expect(r.files.first?.malformed.count == 1 && r.files.first?.malformed.first?.position.hasSuffix(":6") == true)
    }

    @Test func simklsImportLayoutReadsAlike() throws {
        let r = try read("simkl_import.csv", "simkl_id,TVDB_ID,TMDB,IMDB_ID,MAL_ID,Type,Title,Year,LastEpWatched,Watchlist,WatchedDate,Rating,Memo\n"
                         + ",81189,,tt0903747,,tv,Breaking Bad,2008,s1e12,completed,,,\n")
        let bb = try #require(r.items.first)
        #expect(r.files.map(\.kind) == ["simklCSV"] && bb.ids.tvdb == 81189 && bb.ids.imdb == "tt0903747" && bb.has(.watched))
    }

    @Test func theJSONBackupWithEpisodesUnderTheirShow() throws {
        let r = try read("SimklBackup.json", Self.json)
        #expect(r.files.map(\.kind) == ["simklJSON"] && r.files.first?.isBalanced == true)
        let heat = try #require(r.items.first { $0.ids.tmdb == 949 })
        #expect(heat.watches.map { $0.date?.raw } == ["2024-01-02T21:00:00Z"] && heat.ratings.first?.date?.raw == "2024-01-03T09:00:00Z")
        #expect(r.items.first { $0.ids.tmdb == 438631 }?.marks.first.map { $0.kind == .watchlist && $0.date?.day == "2024-03-01" } == true)
        let episodes = r.items.filter { $0.kind == .episode }.sorted { ($0.episode?.number ?? 0) < ($1.episode?.number ?? 0) }
        #expect(episodes.map { $0.episode?.number } == [1, 2] && episodes.allSatisfy { $0.episode?.showIDs.tmdb == 1396 && $0.episode?.season == 1 })
        #expect(episodes.map { $0.watches.first?.date?.day } == ["2024-02-01", "2024-02-02"])
        let bb = try #require(r.items.first { $0.ids.tmdb == 1396 && $0.kind == .tvShow })
        #expect(bb.has(.followed) && bb.ratings.map(\.value) == [8])
        let monster = try #require(r.items.first { $0.title == "Monster" })
        #expect(monster.kind == .tvShow && monster.has(.archived))  // anime_type tv
        #expect(r.files.first?.ignored["not interesting (Simkl status)"] == 1 && r.files.first?.malformed.count == 1)
    }

    @Test func detectionIsSimklsOwnAndALargeBackupIsKnownFromItsStart() throws {
        let fx = try Fixture()
        // A backup much larger than the 64 KiB detection reads: recognised from its first key and Simkl's id key.
        var movies: [String] = []
        for n in 0..<1500 {
            movies.append("{\"status\": \"completed\", \"last_watched_at\": \"2024-01-02T21:00:00Z\", \"movie\": {\"title\": \"Film \(n)\", \"year\": 2000, \"ids\": {\"simkl\": \(n + 1), \"tmdb\": \(n + 10)}}}")
        }
        let big = try fx.write("SimklBackup.json", "{\"movies\": [\n" + movies.joined(separator: ",\n") + "\n], \"shows\": [], \"anime\": []}\n")
        #expect(try Data(contentsOf: big).count > 1 << 17)
        for (file, variant) in [(big, "simklJSON"), (try fx.write("backup.csv", Self.csv), "simklCSV"), (try fx.write("small.json", Self.json), "simklJSON")] {
            let loaded = try BackupLoader().load(file.path, options: ReadOptions())
            #expect(loaded.result.format?.rawValue == "simkl" && loaded.result.variant == variant, "\(file.lastPathComponent): \(String(describing: loaded.result.format))")
        }
        #expect(MWImport.read(sources: [big], options: ImportOptions(readers: FormatRegistry.standard.filmReaders)).items.count == 1500)
        let empty = try fx.write("empty.json", "{\"movies\": [], \"shows\": [], \"anime\": []}")
        #expect(try BackupLoader().load(empty.path, options: ReadOptions()).result.format?.rawValue == "simkl")
        // Letterboxd's import file, Trakt's and Watcharr's exports are not Simkl's.
        let lb = try fx.write("import.csv", "tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review\n949,tt0113277,Heat,1995,4,2024-01-02,,,\n")
        #expect(try BackupLoader().load(lb.path, options: ReadOptions()).result.format?.rawValue == "letterboxd")
        let watcharr = try fx.write("watcharr.json", WatcharrTests.export)
        #expect(try BackupLoader().load(watcharr.path, options: ReadOptions()).result.format?.rawValue == "watcharr")
    }

    @Test func throughTheBinaryIDsGoThroughTheMatcherNeverAGuess() async throws {
        let fx = try Fixture()
        // No TMDb id: Heat by its IMDb id, the anime by its TVDB id (/find); a title alone waits for review.
        let csv = try fx.write("simkl.csv", """
        SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB
        53536,Heat,movie,1995,completed,,2024-01-02,9,,,,tt0113277
        38293,Monster,anime,2004,completed,S01E74,2024-03-01,10,,79180,,
        71,Unknown Film,movie,1999,completed,,,,,,,

        """)
        let catalogue = [CatalogueTitle(id: 949, type: "movie", title: "Heat", date: "1995-12-15", imdb: "tt0113277"),
                         CatalogueTitle(id: 30981, type: "tv", title: "Monster", date: "2004-04-07", tvdb: 79180),
                         CatalogueTitle(id: 1, type: "movie", title: "Unknown Film", date: "1999-01-01"),
                         CatalogueTitle(id: 2, type: "movie", title: "Unknown Film", date: "1999-06-01")]
        try await withMatchingServer(catalogue) { server in
            let base = await server.baseURL.absoluteString
            let r = try await ImportCLITests.mwkit(["import", csv.path, "-o", fx.url("out.json").path, "--review", fx.url("review.csv").path,
                                                    "--to", "mediawatch-v2", "--tmdb-base-url", base, "--rate", "1000"], fx: fx, env: ImportCLITests.key)
            #expect(r.status == 0, "\(r.stderr)\n\(r.stdout)")
            let imdbFinds = await server.count("/find/tt0113277"), tvdbFinds = await server.count("/find/79180")
            #expect(imdbFinds == 1 && tvdbFinds == 1)
            let lib = try #require(try BackupIO.read(url: fx.url("out.json")).library)
            #expect(Set(lib.titles.map(\.tmdbId)) == [949, 30981])
            #expect(lib.titles.first { $0.tmdbId == 949 }?.ratings.map(\.value) == [9])
            let review = try String(contentsOf: fx.url("review.csv"), encoding: .utf8)
            #expect(review.contains("Unknown Film"))  // two of that title and year: the user decides
        }
    }
}
