import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import MWTestSupport
import Testing

/// A title's watch status (docs/IMPORT.md "Watch status", issues 21 and 24): every service's
/// status words reach the model with their word, date and service; the Yamtrack, Watcharr and
/// Ryot writers give the same words back; every other output reports the status as dropped.
/// Fixtures are our own, written in each service's style.
@Suite(.serialized) struct WatchStatusTests {
    /// Each service's words and what they mean (the table of docs/IMPORT.md).
    static let watcharrWords: [(String, WatchStatus)] = [("FINISHED", .completed), ("WATCHING", .watching), ("PLANNED", .planned), ("HOLD", .paused), ("DROPPED", .dropped)]
    static let yamtrackWords: [(String, WatchStatus)] = [("Completed", .completed), ("In progress", .watching), ("Planning", .planned), ("Paused", .paused), ("Dropped", .dropped)]
    static let ryotWords: [(String, WatchStatus)] = [("Watchlist", .planned), ("In Progress", .watching), ("Completed", .completed), ("on_a_hold", .paused), ("dropped", .dropped), ("in_progress", .watching)]

    static func read(_ fx: Fixture, _ files: [URL]) -> ForeignExport {
        MWImport.read(sources: files, options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
    }

    /// Imports `sources` offline (every title carries its TMDb id) into a library.
    static func importLibrary(_ sources: [URL], fx: Fixture) async throws -> Library {
        var o = ImportJobOptions(sources: sources)
        o.output = fx.url("imported-\(UUID().uuidString).json")
        o.format = .mediawatchV2
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        let outcome = try await ImportJob.run(o, environment: [:])
        #expect(outcome.report.exitCode == 0, "\(outcome.report.problems)")
        return outcome.library
    }

    /// tmdbId → (status, word) of a library.
    static func statuses(_ lib: Library) -> [Int64: (WatchStatus?, String?)] {
        Dictionary(uniqueKeysWithValues: lib.titles.map { ($0.tmdbId, ($0.watchStatus, $0.watchStatusWord)) })
    }

    // MARK: services → model

    static func watcharrExport(_ words: [(String, WatchStatus)]) -> String {
        let entries = words.enumerated().map { n, w in
            """
            {"id": \(n + 1), "createdAt": "2024-0\(n + 1)-01T08:00:00Z", "updatedAt": "2025-0\(n + 1)-02T09:00:00Z", "deletedAt": null,
             "status": "\(w.0)", "rating": 0, "thoughts": "", "pinned": false,
             "content": {"id": \(n + 100), "tmdbId": \(n + 1000), "title": "Film \(n)", "type": "\(n % 2 == 0 ? "movie" : "tv")"},
             "activity": [{"id": \(n + 1), "type": "STATUS_CHANGED", "data": "\(w.0)", "createdAt": "2025-0\(n + 1)-03T10:00:00Z"}]}
            """
        }
        return "[" + entries.joined(separator: ",\n") + "]"
    }

    @Test func watcharrStatusesReachTheModelWithTheirDateAndComeBack() async throws {
        let fx = try Fixture()
        let file = try fx.write("watcharr.json", Self.watcharrExport(Self.watcharrWords))
        let lib = try await Self.importLibrary([file], fx: fx)
        let got = Self.statuses(lib)
        for (n, (word, status)) in Self.watcharrWords.enumerated() {
            let t = try #require(lib.titles.first { $0.tmdbId == Int64(n + 1000) })
            #expect(got[t.tmdbId]?.0 == status && got[t.tmdbId]?.1 == word, "\(word)")
            #expect(t.watchStatusSource == "watcharr")
            // Dated by its STATUS_CHANGED activity; added when the entry was created (createdAt).
            #expect(t.watchStatusDate == DateCoding.parseISO("2025-0\(n + 1)-03T10:00:00Z"))
            #expect(t.dateAdded == DateCoding.parseISO("2024-0\(n + 1)-01T08:00:00Z"), "\(word): createdAt is the date added")
        }
        // The planned one is on the watchlist without its status word as the entry's note.
        #expect(lib.lists.flatMap(\.items).allSatisfy { $0.note == nil })
        // And out through Watcharr's writer: the same words.
        let format = try #require(FormatRegistry.standard.format(named: "watcharr"))
        _ = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url("out.json"))
        let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fx.url("out.json"))) as? [[String: Any]])
        let back = Dictionary(uniqueKeysWithValues: written.map { (($0["content"] as! [String: Any])["tmdbId"] as! Int, $0["status"] as! String) })
        for (n, (word, _)) in Self.watcharrWords.enumerated() { #expect(back[n + 1000] == word) }
    }

    static func yamtrackCSV(_ words: [(String, WatchStatus)]) -> String {
        var out = "\"media_id\",\"source\",\"media_type\",\"title\",\"image\",\"season_number\",\"episode_number\",\"score\",\"status\",\"notes\",\"start_date\",\"end_date\",\"progress\",\"created_at\",\"progressed_at\"\r\n"
        for (n, w) in words.enumerated() {
            let type = n % 2 == 0 ? "movie" : "tv"
            let end = w.1 == .completed ? "2024-05-0\(n + 1)" : ""
            out += "\"\(n + 2000)\",\"tmdb\",\"\(type)\",\"Title \(n)\",\"\",\"\",\"\",\"\",\"\(w.0)\",\"\",\"\",\"\(end)\",\"0\",\"2024-01-0\(n + 1) 10:00:00+00:00\",\"2024-04-0\(n + 1) 10:00:00+00:00\"\r\n"
        }
        return out
    }

    @Test func yamtrackStatusesReachTheModelAndComeBack() async throws {
        let fx = try Fixture()
        // Lower-case words too: Yamtrack's words are matched in any case and kept as written.
        let words = Self.yamtrackWords + [("paused", .paused)]
        let file = try fx.write("yamtrack.csv", Self.yamtrackCSV(words))
        let lib = try await Self.importLibrary([file], fx: fx)
        let got = Self.statuses(lib)
        for (n, (word, status)) in words.enumerated() {
            #expect(got[Int64(n + 2000)]?.0 == status && got[Int64(n + 2000)]?.1 == word, "\(word)")
        }
        // "Planning" is the status, not a note of the watchlist entry.
        #expect(!lib.lists.flatMap(\.items).isEmpty && lib.lists.flatMap(\.items).allSatisfy { $0.note == nil })
        let format = try #require(FormatRegistry.standard.format(named: "yamtrack"))
        _ = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url("out.csv"))
        let back = try await Self.importLibrary([fx.url("out.csv")], fx: fx)
        let again = Self.statuses(back)
        for (n, (word, status)) in words.enumerated() {
            #expect(again[Int64(n + 2000)]?.0 == status && again[Int64(n + 2000)]?.1 == word, "\(word) through the writer")
        }
    }

    @Test func simklMyAnimeListAndTVTimeStatusesReachTheItems() throws {
        let fx = try Fixture()
        let simkl = try fx.write("simkl.csv", """
        SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB
        1,Heat,movie,1995,completed,,2024-01-02,,,,949,
        2,Breaking Bad,tv,2008,watching,S01E02,,,,81189,1396,
        3,Lost,tv,2004,On Hold,,,,,73739,4607,
        4,Dune,movie,2021,Plan to Watch,,,,,,438631,
        5,Monster,tv,2004,dropped,,,,,79180,,

        """)
        let simklWords: [(Int, String, WatchStatus)] = [(949, "completed", .completed), (1396, "watching", .watching), (4607, "On Hold", .paused), (438631, "Plan to Watch", .planned)]
        let r = Self.read(fx, [simkl])
        for (id, word, status) in simklWords {
            let item = try #require(r.items.first { $0.ids.tmdb == id })
            let m = try #require(TitleDraft.status(item.marks))
            #expect(m.status == status && m.statusWord == word, "Simkl \(word)")
        }
        let mal = try fx.write("animelist.xml", """
        <?xml version="1.0" encoding="UTF-8" ?>
        <myanimelist>
          <myinfo><user_export_type>1</user_export_type></myinfo>
          <anime><series_animedb_id>1</series_animedb_id><series_title>A</series_title><series_type>TV</series_type><my_status>On-Hold</my_status><my_start_date>2021-03-04</my_start_date><my_finish_date>0000-00-00</my_finish_date><my_score>0</my_score></anime>
          <anime><series_animedb_id>2</series_animedb_id><series_title>B</series_title><series_type>TV</series_type><my_status>4</my_status><my_start_date>2021-03-05</my_start_date><my_finish_date>2021-04-01</my_finish_date><my_score>0</my_score></anime>
          <anime><series_animedb_id>3</series_animedb_id><series_title>C</series_title><series_type>Movie</series_type><my_status>Completed</my_status><my_start_date>0000-00-00</my_start_date><my_finish_date>2021-05-01</my_finish_date><my_score>8</my_score></anime>
          <anime><series_animedb_id>4</series_animedb_id><series_title>D</series_title><series_type>TV</series_type><my_status>Plan to Watch</my_status><my_start_date>0000-00-00</my_start_date><my_finish_date>0000-00-00</my_finish_date><my_score>0</my_score></anime>
        </myanimelist>
        """)
        let malWords: [(String, String, WatchStatus, String?)] = [("A", "On-Hold", .paused, "2021-03-04"), ("B", "4", .dropped, "2021-04-01"),
                                                                  ("C", "Completed", .completed, "2021-05-01"), ("D", "Plan to Watch", .planned, nil)]
        let m = Self.read(fx, [mal])
        for (title, word, status, day) in malWords {
            let item = try #require(m.items.first { $0.title == title })
            let s = try #require(TitleDraft.status(item.marks))
            #expect(s.status == status && s.statusWord == word && s.date?.day == day, "MyAnimeList \(word)")
        }
        let tvtime = try fx.write("tvtime-series.csv", """
        uuid,tvdb_id,imdb_id,title,status,created_at\r
        00000000-0000-0000-0000-000000000001,1001,,A,continuing,2018-12-18T12:39:15Z\r
        00000000-0000-0000-0000-000000000002,1002,,B,up_to_date,2025-03-20T10:15:42Z\r
        00000000-0000-0000-0000-000000000003,1003,,C,not_started_yet,2018-09-08T10:16:19Z\r
        00000000-0000-0000-0000-000000000004,1004,,D,stopped,2022-01-06T03:35:26Z\r

        """)
        let tvWords: [(Int, String, WatchStatus)] = [(1001, "continuing", .watching), (1002, "up_to_date", .watching), (1003, "not_started_yet", .planned), (1004, "stopped", .dropped)]
        let t = Self.read(fx, [tvtime])
        for (id, word, status) in tvWords {
            let item = try #require(t.items.first { $0.ids.tvdb == id })
            let s = try #require(TitleDraft.status(item.marks))
            #expect(s.status == status && s.statusWord == word, "TV Time \(word)")
        }
    }

    @Test func theLatestDatedStatusWinsAndUndatedOnesGoInReadingOrder() throws {
        let src = SourceRef(service: WatcharrReader.service.name, file: "f", row: 1)
        func mark(_ s: WatchStatus, _ date: String?) -> ForeignMark {
            ForeignMark(.followed, date: date.flatMap { ForeignDate.parse($0) }, source: src, status: s, statusWord: s.rawValue)
        }
        #expect(TitleDraft.status([mark(.dropped, "2024-05-01T00:00:00Z"), mark(.watching, "2024-01-01T00:00:00Z"), mark(.paused, nil)])?.status == .dropped)
        #expect(TitleDraft.status([mark(.paused, nil), mark(.dropped, nil)])?.status == .dropped)
        #expect(TitleDraft.status([ForeignMark(.watchlist, source: src)]) == nil)
    }

    // MARK: model → writers

    /// One film and one show per status, each with the given word and service.
    static func library(_ words: [(String, WatchStatus)], source: String?) -> Library {
        var titles: [Title] = []
        for (n, (word, status)) in words.enumerated() {
            var t = n % 2 == 0 ? Lib.movie(3000 + n, "Film \(n)", year: 2001) : Lib.show(3000 + n, "Show \(n)", year: 2002)
            t.setWatchStatus(status, word: source == nil ? nil : word, date: Lib.instant("2024-0\(n % 9 + 1)-05T12:00:00Z"), source: source)
            titles.append(t)
        }
        let list = MediaList(id: "L", name: "Mine", items: titles.enumerated().map { ListItem(titleId: $1.id, orderIndex: $0) })
        return Library(lists: [list], titles: titles)
    }

    @Test(arguments: [("yamtrack", "out.csv"), ("watcharr", "out.json"), ("ryot", "out.json")])
    func eachWriterGivesItsServicesWordsBack(_ name: String, _ file: String) async throws {
        let words = name == "yamtrack" ? Self.yamtrackWords : name == "watcharr" ? Self.watcharrWords : Self.ryotWords
        for source in [name, nil] {
            let fx = try Fixture()
            let lib = Self.library(words, source: source)
            let format = try #require(FormatRegistry.standard.format(named: name))
            let done = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url(file))
            #expect(!done.diagnostics.contains { $0.message.contains(ServiceWriting.watchStatusKey) }, "\(name) holds the status")
            let back = try await Self.importLibrary([fx.url(file)], fx: fx)
            for t in lib.titles {
                let b = try #require(back.titles.first { $0.tmdbId == t.tmdbId && $0.mediaType == t.mediaType }, "\(name): \(t.tmdbId)")
                #expect(b.watchStatus == t.watchStatus, "\(name) \(source ?? "-"): \(t.watchStatus!)")
                // The service's own word comes back; a status from elsewhere gets the service's word for it.
                if let word = t.watchStatusWord { #expect(b.watchStatusWord == word, "\(name): \(word)") } else { #expect(b.watchStatusWord != nil) }
                #expect(b.watchStatusSource == name)
            }
        }
    }

    @Test func yamtrackSaysWhenAWatchlistEntryGivesWayToAnotherStatus() throws {
        var film = Lib.movie(6001, "Heat", year: 1995)
        film.setWatchStatus(.dropped, date: Lib.instant("2024-04-05T12:00:00Z"), source: "simkl")
        let listed = Lib.movie(6002, "Dune", year: 2021)
        let lib = Library(lists: [MediaList(id: ImportIDs.list("watchlist"), name: "Watchlist", items: [film, listed].enumerated().map { ListItem(titleId: $1.id, orderIndex: $0) })],
                          titles: [film, listed])
        let (rows, diagnostics) = YamtrackCSVWriter.rows(lib)
        let status = YamtrackCSVWriter.columns.firstIndex(of: "status")!
        // One row each: the dropped film in its own word, the other on the watchlist.
        #expect(rows.map { $0[status] } == ["Dropped", "Planning"])
        let entries = lib.titles.filter { $0.watchStatus != nil && $0.watchStatus != .planned }.count
        #expect(diagnostics.contains { $0.message.contains("watchlist entries of titles with another status: dropped from \(entries) record(s)") }, "\(diagnostics.map(\.message))")
    }

    @Test(arguments: ["trakt", "trakt-json", "letterboxd", "imdb", "movary", "mediawatch-v1"])
    func writersWithoutAPlaceForTheStatusCountIt(_ name: String) throws {
        let fx = try Fixture()
        var lib = Self.library(Self.yamtrackWords, source: "yamtrack")
        lib.titles = lib.titles.map { t in var t = t; t.metadata?.imdbId = "tt\(1_000_000 + t.tmdbId)"; return t }
        let n = lib.titles.filter { $0.watchStatus != nil }.count
        let format = try #require(FormatRegistry.standard.format(named: name))
        let done = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url("out-\(name)"))
        let dropped = done.diagnostics.filter { $0.code == DiagnosticCode.fieldDropped.rawValue }
        let expected = name == "mediawatch-v1" ? "titles[].watchStatus: dropped from \(n) record(s)" : "cannot hold \(ServiceWriting.watchStatusKey): dropped from \(n) record(s)"
        #expect(dropped.contains { $0.message.contains(expected) }, "\(name): \(done.diagnostics.map(\.message))")
    }

    @Test(arguments: ["yamtrack", "watcharr", "ryot", "trakt", "trakt-json", "letterboxd", "imdb", "movary"])
    func aPlaceholderNameIsNeverWrittenAsATitle(_ name: String) throws {
        let fx = try Fixture()
        // What the builder makes of a title no source named: "movie N" (TitleDraft.metadata).
        var placeholder = Lib.movie(4242, nil, year: 0, imdb: "tt4242424")
        placeholder.metadata = TitleMetadata(title: "movie \(placeholder.tmdbId)", imdbId: "tt4242424")
        placeholder.viewings = [Lib.viewing("2024-01-02")]
        placeholder.watched = true
        placeholder.ratings = [Lib.rating("trakt", 7, of: 10)]
        let named = Lib.movie(4343, "Heat", year: 1995, imdb: "tt0113277")
        let lib = Library(lists: [MediaList(id: "L", name: "Mine", items: [ListItem(titleId: placeholder.id, orderIndex: 0), ListItem(titleId: named.id, orderIndex: 1)])],
                          titles: [placeholder, named])
        let format = try #require(FormatRegistry.standard.format(named: name))
        let out = fx.url("out-\(name)")
        let done = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: out)
        let text = try Self.text(of: out)
        #expect(!text.contains(placeholder.metadata!.title), "\(name) wrote the placeholder as a name")
        #expect(text.contains(String(placeholder.tmdbId)) || text.contains("tt4242424"), "\(name) names it by its id")
        #expect(done.diagnostics.contains { $0.message.contains(ServiceWriting.placeholderKey) && $0.message.contains("dropped from 1 record(s)") },
                "\(name): \(done.diagnostics.map(\.message))")
    }

    @Test(arguments: ["trakt", "trakt-json", "imdb", "movary"])
    func aRatingRoundedToAWholePointIsCounted(_ name: String) throws {
        let fx = try Fixture()
        var film = Lib.movie(5001, "Heat", year: 1995, imdb: "tt0113277")
        film.ratings = [OriginalRating(source: "yamtrack", value: 3.5, scale: 10)]
        var whole = Lib.movie(5002, "Dune", year: 2021, imdb: "tt1160419")
        whole.ratings = [OriginalRating(source: "letterboxd", value: 4.5, scale: 5)]  // 9 of 10: whole
        let lib = Library(lists: [MediaList(id: "L", name: "Mine", items: [ListItem(titleId: film.id, orderIndex: 0), ListItem(titleId: whole.id, orderIndex: 1)])], titles: [film, whole])
        let rounded = lib.titles.flatMap(\.ratings).filter { r in let v = r.value * 10 / r.scale; return v != v.rounded() }.count
        let format = try #require(FormatRegistry.standard.format(named: name))
        let done = try LibraryWriter.write(lib, version: Migrator.latestVersion, as: format, to: fx.url("out-\(name)"))
        #expect(done.diagnostics.contains { $0.message.contains(ServiceWriting.roundedKey) && $0.message.contains("dropped from \(rounded) record(s)") },
                "\(name): \(done.diagnostics.map(\.message))")
    }

    /// The text of a written file, or of every file of a written folder.
    static func text(of url: URL) throws -> String {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { return "" }
        if !isDir.boolValue { return String(decoding: try Data(contentsOf: url), as: UTF8.self) }
        return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            .map { String(decoding: try Data(contentsOf: url.appendingPathComponent($0)), as: UTF8.self) }.joined(separator: "\n")
    }

    // MARK: the binary

    @Test func theCLIImportKeepsTheStatusAndMigrateDropsIt() async throws {
        let fx = try Fixture()
        let file = try fx.write("watcharr.json", Self.watcharrExport(Self.watcharrWords))
        let out = fx.url("out.json")
        let env: [String: String?] = ["XDG_CACHE_HOME": fx.url("xdg-cache").path, "XDG_CONFIG_HOME": fx.url("xdg-config").path,
                                      "XDG_DATA_HOME": fx.url("xdg-data").path, "SOURCE_DATE_EPOCH": "1750000000", "MWKIT_DB": nil]
        let r = try await MWKitBinary.runDetached(["import", file.path, "-o", out.path, "--to", "mediawatch-v2", "--offline"], env: env)
        #expect(r.status == 0, "\(r.stderr)\n\(r.stdout)")
        #expect(r.stdout.contains(", \(Self.watcharrWords.count) watch status"), "\(r.stdout)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        #expect(doc["formatVersion"] as? Int == Migrator.latestVersion)
        let titles = try #require(doc["titles"] as? [[String: Any]])
        let words = Dictionary(uniqueKeysWithValues: titles.map { ($0["tmdbId"] as! Int, $0["watchStatusWord"] as? String) })
        for (n, (word, _)) in Self.watcharrWords.enumerated() { #expect(words[n + 1000] == word) }
        let down = try await MWKitBinary.runDetached(["migrate", out.path, "--to", "3", "-o", fx.url("v3.json").path], env: env)
        #expect(down.status == 0 && down.stderr.contains("titles[].watchStatus: dropped from \(Self.watcharrWords.count) record(s)"), "\(down.stderr)")
        // The import's default output, the app's v1, cannot hold it and says so with the count.
        let v1 = try await MWKitBinary.runDetached(["import", file.path, "-o", fx.url("v1.json").path, "--offline"], env: env)
        #expect(v1.status == 0 && (v1.stdout + v1.stderr).contains("titles[].watchStatus: dropped from \(Self.watcharrWords.count) record(s)"), "\(v1.stdout)\n\(v1.stderr)")
    }
}
