import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// Ryot's `CompleteExport` in both key generations, our own fixtures written from the format
/// facts (docs/IMPORT.md "Ryot"), and `--to ryot` with the round trip through our reader.
@Suite(.serialized) struct RyotTests {
    static func collection(_ name: String, rank: Int, on day: String) -> String {
        "{\"collection_id\": \"c-\(name)\", \"collection_name\": \"\(name)\", \"created_on\": \"\(day)T10:00:00Z\", \"creator_user_id\": \"u1\", \"last_updated_on\": \"\(day)T10:00:00Z\", \"rank\": \"\(rank)\"}"
    }

    /// The current generation (`metadata`, collections as objects, `providers_consumed_on`, `state`).
    static let current = """
    {"metadata": [
      {"lot": "movie", "source": "tmdb", "identifier": "949", "source_id": "Heat",
       "seen_history": [{"progress": "100", "ended_on": "2024-01-02T21:00:00Z", "state": "completed", "providers_consumed_on": ["Netflix"]},
                        {"progress": "100", "ended_on": "2024-06-01T21:00:00Z"}],
       "reviews": [{"rating": "85", "review": {"text": "Tense.", "date": "2024-01-03T09:00:00Z", "spoiler": false, "visibility": "private"}}],
       "collections": [\(collection("Crime", rank: 2, on: "2024-01-05"))]},
      {"lot": "show", "source": "tmdb", "identifier": "1396", "source_id": "Breaking Bad",
       "seen_history": [{"progress": "100", "ended_on": "2024-02-01T21:00:00Z", "show_season_number": 1, "show_episode_number": 1},
                        {"progress": "100", "ended_on": "2024-02-08T21:00:00Z", "show_season_number": 1, "show_episode_number": 1},
                        {"progress": "40", "state": "in_progress", "started_on": "2024-02-09T20:00:00Z", "show_season_number": 1, "show_episode_number": 2}],
       "reviews": [{"rating": "90", "show_season_number": 1}, {"rating": "70.5", "show_season_number": 1, "show_episode_number": 1}, {"rating": "140"}],
       "collections": [\(collection("Watchlist", rank: 1, on: "2024-01-10").dropLast()), "information": {"Where": "Plex"}}]},
      {"lot": "book", "source": "openlibrary", "identifier": "OL1W", "source_id": "Dune", "seen_history": [], "reviews": [], "collections": []},
      {"lot": "anime", "source": "anilist", "identifier": "19", "source_id": "Monster", "seen_history": [], "reviews": [], "collections": []},
      {"lot": "anime", "source": "anilist", "identifier": "20", "source_id": "Naruto", "seen_history": [], "reviews": [], "collections": []},
      {"lot": "movie", "source": "custom", "identifier": "", "source_id": "", "seen_history": [], "reviews": [], "collections": []},
      {"lot": "movie", "source": "tvdb", "identifier": "not used", "source_id": "Some Film", "seen_history": [{"progress": "100", "ended_on": "someday"}], "reviews": [], "collections": []}
     ],
     "metadata_groups": [], "people": [{"name": "Michael Mann", "identifier": "1", "source": "tmdb", "reviews": [], "collections": []}],
     "collections": [{"name": "Crime", "description": "Heists and cops"}], "measurements": [], "workouts": [], "workout_templates": [], "exercises": []}
    """

    /// The generation up to Dec 2024: `media`, collections as names, `provider_watched_on`, dates as days.
    static let old = """
    {"media": [{"lot": "movie", "source": "tmdb", "identifier": "348", "source_id": "Alien",
                "seen_history": [{"progress": 100, "ended_on": "2023-05-06", "provider_watched_on": "Cinema"}],
                "reviews": [{"rating": "60", "review": {"text": "Old gen.", "date": "2023-05-07T00:00:00Z"}}],
                "collections": ["Watchlist", "Sci-fi"]}],
     "media_groups": [], "people": []}
    """

    func read(_ name: String, _ text: String) throws -> ForeignExport {
        let fx = try Fixture()
        return MWImport.read(sources: [try fx.write(name, text)], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
    }

    @Test func theCurrentGenerationSeenHistoryReviewsAndCollections() throws {
        let r = try read("ryot-export-abc.json", Self.current)
        #expect(r.files.map(\.kind) == [RyotReader.ryotExport] && r.files.first?.isBalanced == true)
        let heat = try #require(r.items.first { $0.ids.tmdb == 949 })
        // Two seen entries, two viewings (a rewatch is one more entry); 85 of 100 is 8.5 of 10.
        #expect(heat.watches.map { $0.date?.day } == ["2024-01-02", "2024-06-01"] && heat.watches.first?.detail == "provider: Netflix")
        #expect(heat.ratings.map(\.value) == [8.5] && heat.ratings.first?.scale == .tenPoint && heat.reviews.map(\.text) == ["Tense."])
        #expect(heat.lists.map(\.listName) == ["Crime"] && heat.lists.first?.position == 2)
        #expect(r.lists.first { $0.name == "Crime" }?.description == "Heists and cops")
        let show = try #require(r.items.first { $0.ids.tmdb == 1396 && $0.kind == .tvShow })
        #expect(show.has(.watchlist) && show.has(.followed) && show.ratings.map(\.season) == [1] && show.ratings.first?.value == 9)
        #expect(show.extras.contains { $0.field == "collection Watchlist information" && $0.value == #"{"Where":"Plex"}"# })
        let ep = try #require(r.items.first { $0.kind == .episode })
        #expect(ep.episode?.season == 1 && ep.episode?.number == 1 && ep.watches.count == 2 && ep.ratings.map(\.value) == [7.05])
        #expect(!r.items.contains { $0.kind == .episode && $0.episode?.number == 2 })  // in progress: a status, not a viewing
        #expect(r.diagnostics.contains { $0.code == "import-bad-value" && $0.message.contains("140") })
        // Other lots and what is not media are counted with their kind; an item naming nothing is malformed.
        let stats = try #require(r.files.first)
        #expect(stats.ignored["book (not a film or TV kind)"] == 1 && stats.ignored["anime (not a film or TV kind)"] == 2)
        #expect(stats.ignored["people (not films or TV)"] == 1 && stats.malformed.count == 1)
        // A source other than TMDb or TVDB sends the item to the search by its name.
        #expect(r.items.first { $0.title == "Some Film" }.map { $0.ids.isEmpty && $0.watches.count == 1 } == true)
        // A date that is none is reported at its place; the viewing is kept, undated.
        #expect(r.items.first { $0.title == "Some Film" }?.watches.first?.date == nil)
        #expect(r.diagnostics.contains { $0.code == "import-bad-value" && $0.pointer == "/metadata/6/seen_history/0/ended_on" && $0.message.contains("someday") })
    }

    @Test func theOldGenerationMediaAndCollectionNames() throws {
        let r = try read("ryot.json", Self.old)
        let alien = try #require(r.items.first { $0.ids.tmdb == 348 })
        #expect(alien.watches.map { $0.date?.raw } == ["2023-05-06"] && alien.watches.first?.detail == "provider: Cinema")
        #expect(alien.ratings.map(\.value) == [6] && alien.reviews.map(\.text) == ["Old gen."])
        #expect(alien.has(.watchlist) && alien.lists.map(\.listName) == ["Sci-fi"])
    }

    @Test func detectionIsRyotsOwn() throws {
        let fx = try Fixture()
        var items: [String] = []
        for n in 0..<900 {
            items.append("{\"lot\": \"movie\", \"source_id\": \"Film \(n)\", \"identifier\": \"\(n + 10)\", \"source\": \"tmdb\", \"reviews\": [], \"collections\": [], \"seen_history\": [{\"progress\": \"100\", \"ended_on\": \"2024-01-02T21:00:00Z\"}]}")
        }
        let big = try fx.write("ryot-export-big.json", "{\"metadata\": [\n" + items.joined(separator: ",\n") + "\n], \"people\": []}\n")
        #expect(try Data(contentsOf: big).count > 1 << 17)
        for file in [big, try fx.write("a.json", Self.current), try fx.write("b.json", Self.old)] {
            let loaded = try BackupLoader().load(file.path, options: ReadOptions())
            #expect(loaded.result.format?.rawValue == "ryot", "\(file.lastPathComponent)")
        }
        #expect(MWImport.read(sources: [big], options: ImportOptions(readers: FormatRegistry.standard.filmReaders)).items.count == 900)
        // A top-level key a later Ryot adds does not hide an export; an empty export is known by its keys.
        let later = try fx.write("later.json", Self.current.replacingOccurrences(of: "\"exercises\": []", with: "\"exercises\": [], \"user_settings\": {}"))
        let empty = try fx.write("empty.json", "{\"metadata\": [], \"people\": [], \"collections\": []}")
        for file in [later, empty] { #expect(try BackupLoader().load(file.path, options: ReadOptions()).result.format?.rawValue == "ryot", "\(file.lastPathComponent)") }
        // A MediaWatch backup and Simkl's JSON backup are not Ryot's.
        let simkl = try fx.write("SimklBackup.json", SimklTests.json)
        #expect(try BackupLoader().load(simkl.path, options: ReadOptions()).result.format?.rawValue == "simkl")
        let backup = fx.url("lib.json")
        _ = try LibraryWriter.write(Library(lists: [], titles: []), version: Migrator.latestVersion, as: .mediawatchV2, to: backup)
        #expect(try BackupLoader().load(backup.path, options: ReadOptions()).result.format != "ryot")
    }

    /// The binary end to end: import a Ryot export (a TVDB-sourced show through `/find` on the
    /// loopback TMDb), convert the library `--to ryot`, validate what it wrote.
    @Test func throughTheBinaryImportConvertAndValidate() async throws {
        let fx = try Fixture()
        let export = try fx.write("ryot-export.json", """
        {"metadata": [
          {"lot": "movie", "source": "tmdb", "identifier": "949", "source_id": "Heat", "seen_history": [{"progress": "100", "ended_on": "2024-01-02T21:00:00Z"}],
           "reviews": [{"rating": "85", "review": {"text": "Tense.", "date": "2024-01-03T09:00:00Z", "visibility": "public"}}], "collections": []},
          {"lot": "show", "source": "tvdb", "identifier": "81189", "source_id": "Breaking Bad",
           "seen_history": [{"progress": "100", "ended_on": "2024-02-01T21:00:00Z", "show_season_number": 1, "show_episode_number": 1}], "reviews": [], "collections": []},
          {"lot": "book", "source": "openlibrary", "identifier": "OL1W", "source_id": "Dune", "seen_history": [], "reviews": [], "collections": []}]}
        """)
        let catalogue = [CatalogueTitle(id: 1396, type: "tv", title: "Breaking Bad", date: "2008-01-20", tvdb: 81189)]
        try await withMatchingServer(catalogue) { server in
            let base = await server.baseURL.absoluteString
            let lib = fx.url("lib.json").path
            let r = try await ImportCLITests.mwkit(["import", export.path, "-o", lib, "--to", "mediawatch-v2", "--tmdb-base-url", base, "--rate", "1000"],
                                                   fx: fx, env: ImportCLITests.key)
            #expect(r.status == 0, "\(r.stderr)\n\(r.stdout)")
            #expect(r.stdout.contains("book (not a film or TV kind)"), "\(r.stdout)")
            let finds = await server.count("/find/81189")
            #expect(finds == 1)
            let out = fx.url("out.json").path
            let c = try await ImportCLITests.mwkit(["convert", lib, "--to", "ryot", "-o", out], fx: fx, env: ImportCLITests.key)
            #expect(c.status == 0, "\(c.stderr)")
            let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
            let items = try #require(written["metadata"] as? [[String: Any]])
            #expect(Set(items.compactMap { $0["identifier"] as? String }) == ["949", "1396"])
            // Ryot's review (a rating and its text) comes back as one review; the text now private.
            let heat = try #require(items.first { $0["identifier"] as? String == "949" }?["reviews"] as? [[String: Any]])
            let review = heat.first?["review"] as? [String: Any]
            #expect(heat.count == 1 && heat.first?["rating"] as? String == "85" && review?["text"] as? String == "Tense." && review?["visibility"] as? String == "private")
            let v = try await ImportCLITests.mwkit(["validate", out], fx: fx, env: ImportCLITests.key)
            #expect(v.status == 0 && v.stdout.contains("ryot"), "\(v.stdout)\n\(v.stderr)")
        }
    }

    /// Every real export of another service in the samples (read in place): neither Simkl nor
    /// Ryot claims it, whole or as detection's 64 KiB start.
    @Test(.enabled(if: ConformanceTests.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func noRealExportOfAnotherServiceIsSimklsOrRyots() throws {
        let root = ConformanceTests.root
        let all = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { !$0.hasDirectoryPath && $0.pathExtension.lowercased() != "md" }
        #expect(all.count > 20)
        for url in all {
            let bytes = Array(try Data(contentsOf: url))
            for part in [bytes, Array(bytes.prefix(1 << 16))] {
                let file = ExportFile(inner: url.lastPathComponent, display: url.path, bytes: part)
                let content = ExportContent(file)
                #expect(SimklReader.detect(file, content) == nil && RyotReader.detect(file, content) == nil, "\(url.path)")
            }
        }
    }

    /// A library with what Ryot holds and what it does not.
    static func library() -> Library {
        var heat = Lib.movie(1, "Heat", year: 1995, imdb: "tt0113277")
        heat.viewings = [Lib.viewing("2024-01-02"), Viewing(date: Lib.instant("2024-06-01T21:00:00Z"), precision: .instant, rewatch: true, source: "trakt")]
        heat.ratings = [Lib.rating("letterboxd", 4.5, of: 5, on: "2024-01-02")]
        heat.watched = true
        heat.tags = ["noir"]
        var show = Lib.show(2, "Breaking Bad", year: 2008)
        show.ratings = [Lib.rating("trakt:season:1", 8, of: 10, on: "2024-02-10")]
        var e1 = Episode(id: "E1", showId: show.id, seasonNumber: 1, episodeNumber: 1, metadata: nil, watched: true)
        e1.viewings = [Viewing(date: Lib.instant("2024-02-01T21:00:00Z"), precision: .instant, rewatch: false, source: "trakt")]
        e1.ratings = [Lib.rating("trakt", 7, of: 10, on: "2024-02-02")]
        let dune = Lib.movie(3, "Dune", year: 2021)
        let watchlist = MediaList(id: ImportIDs.list("watchlist"), name: "Watchlist", items: [ListItem(titleId: dune.id, orderIndex: 0, dateAdded: Lib.instant("2024-03-01T10:00:00Z"))])
        var crime = MediaList(id: "L-crime", name: "Crime", items: [ListItem(titleId: heat.id, orderIndex: 0, dateAdded: Lib.instant("2024-01-05T10:00:00Z")),
                                                                     ListItem(titleId: show.id, orderIndex: 1, dateAdded: Lib.instant("2024-01-06T10:00:00Z"))])
        crime.listDescription = "Heists and cops"
        let note = Note(id: "N1", parentId: heat.id, parentType: .title, text: "Mine only.", ownerOnly: true, dateCreated: Lib.day("2024-01-03"))
        return Library(lists: [watchlist, crime], titles: [heat, show, dune], episodes: [e1], notes: [note])
    }

    @Test func theWriterKeepsWhatRyotHoldsPrivateAndCountsTheRest() throws {
        let fx = try Fixture()
        let out = fx.url("ryot.json")
        let diagnostics = try write(Self.library(), as: .ryot, to: out)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let items = try #require(object["metadata"] as? [[String: Any]])
        // Every item carries the three arrays Ryot's importer requires.
        #expect(items.count == 3 && items.allSatisfy { $0["seen_history"] is [Any] && $0["reviews"] is [Any] && $0["collections"] is [Any] })
        #expect(items.map { $0["lot"] as? String } == ["movie", "show", "movie"] && items.allSatisfy { $0["source"] as? String == "tmdb" })
        let heat = items[0]
        // A day's viewing at its 11:00 UTC (the same day in every zone from UTC−11 to UTC+12), an instant as itself.
        #expect((heat["seen_history"] as? [[String: Any]])?.map { $0["ended_on"] as? String } == ["2024-01-02T11:00:00Z", "2024-06-01T21:00:00Z"])
        #expect((heat["reviews"] as? [[String: Any]])?.compactMap { $0["rating"] as? String } == ["90"])  // 4.5 of 5
        let reviews = (heat["reviews"] as? [[String: Any]] ?? []).compactMap { $0["review"] as? [String: Any] }
        #expect(reviews.contains { $0["text"] as? String == "Mine only." && $0["visibility"] as? String == "private" })
        #expect(reviews.allSatisfy { $0["visibility"] as? String == "private" })
        let dropped = diagnostics.with(.fieldDropped).map(\.message)
        #expect(dropped.contains { $0.contains("tags: dropped from 1") } && dropped.contains { $0.contains("list descriptions: dropped from 1") })
        // The same library gives the same bytes.
        let again = fx.url("again.json")
        try write(Self.library(), as: .ryot, to: again)
        #expect(try Data(contentsOf: out) == Data(contentsOf: again))
    }

    @Test func roundTripGivesTheSameLibraryForWhatRyotHolds() async throws {
        let fx = try Fixture()
        let source = Self.library()
        try write(source, as: .ryot, to: fx.url("ryot-export.json"))
        let back = try await ConversionMatrixTests.importLibrary([fx.url("ryot-export.json")], fx: fx, name: "back")
        #expect(Set(back.titles.map(\.tmdbId)) == Set(source.titles.map(\.tmdbId)))
        func days(_ v: [Viewing]) -> [String] { v.compactMap(\.date).map(ConversionMatrixTests.day).sorted() }
        func points(_ r: [OriginalRating]) -> [Double] { r.map { ($0.value * 10 / $0.scale * 100).rounded() / 100 }.sorted() }
        for t in source.titles {
            let u = try #require(back.titles.first { $0.tmdbId == t.tmdbId })
            #expect(days(u.viewings) == days(t.viewings) && u.viewings.count == t.viewings.count, "viewings of \(t.tmdbId)")
            #expect(points(u.ratings) == points(t.ratings), "ratings of \(t.tmdbId)")
            #expect(back.notes.filter { $0.parentId == u.id }.map(\.text) == source.notes.filter { $0.parentId == t.id }.map(\.text))
            let lists = { (lib: Library, id: String) in Set(lib.lists.filter { $0.items.contains { $0.titleId == id } }.map(\.name)) }
            #expect(lists(source, t.id).isSubset(of: lists(back, u.id)), "lists of \(t.tmdbId)")
        }
        // The season rating is back on its season; the episode with its viewing and rating.
        #expect(back.titles.first { $0.tmdbId == 5002 }?.ratings.map(\.source) == ["ryot:season:1"])
        let e = try #require(back.episodes.first)
        #expect(e.seasonNumber == 1 && e.episodeNumber == 1 && days(e.viewings) == ["2024-02-01"] && points(e.ratings) == [7])
    }
}
