import Foundation
@testable import MWImport
@testable import MWMatching
import MWCore
@testable import MWJobs
import MWFoundation
import MWTMDb
import Testing

/// Issue 24 §1: what real exports from the wild carry that files written to the format do not —
/// each rule on our own fixtures, written the way spreadsheets and the services write them.
@Suite("Real exports")
struct RealDataTests {
    /// Every error-severity diagnostic (any of them makes `mwkit import` exit 1).
    static func errors(_ out: ForeignExport) -> [Diagnostic] { out.diagnostics.filter { $0.severity == .error } }

    // MARK: Blank rows

    @Test func blankRowsAreSkippedAndCountedInEveryCSVService() throws {
        let fx = try Fixture()
        // Letterboxd diary, IMDb ratings and a TV Time tracking file, each with the `,,,,` rows a
        // spreadsheet leaves between and below the data.
        try fx.write("lb/diary.csv", """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        2021-01-02,Nightfall Harbor,1995,https://boxd.it/e001,4.5,,,2021-01-01
        ,,,,,,,
        2021-02-02,Élan Vital,2010,https://boxd.it/e003,2,,,2021-02-01
        ,,,,,,,
         , ,,,,,,

        """)
        try fx.write("ratings.csv", ImportFixture.imdbRatings + ",,,,,,,,,,,,\n,,,,,,,,,,,,\n")
        let out = MWImport.read(sources: [fx.url("lb"), fx.url("ratings.csv")])
        out.expectBalanced()
        #expect(Self.errors(out).isEmpty, "\(Self.errors(out))")
        let diary = try #require(out.file("diary.csv"))
        #expect(diary.ignored[ItemCollector.blankRow] == 3 && diary.malformed.isEmpty)
        #expect(diary.rowsRead == 5 && diary.itemsProduced == 2)
        let imdb = try #require(out.file("ratings.csv"))
        #expect(imdb.ignored[ItemCollector.blankRow] == 2 && imdb.malformed.isEmpty && imdb.itemsProduced == 1)
        #expect(out.item("Élan Vital")?.ratings.first?.value == 2, "the row after a blank one is read")
    }

    @Test func aBlankRowAboveTheHeaderIsNotTakenForTheHeader() throws {
        let csv = try CSVFile(bytes: Array(",,,\nConst,Title,Your Rating\ntt1,A,7\n".utf8), name: "x.csv")
        let t = try #require(csv.table { _ in true })
        #expect(t.header.fields == ["Const", "Title", "Your Rating"])
        #expect(t.rows.count == 1 && csv.blankRowCount == 1)
    }

    // MARK: Separator

    @Test func theSeparatorIsReadFromTheHeaderLine() throws {
        func detect(_ s: String) -> UnicodeScalar {
            Array(s.utf8).withUnsafeBufferPointer { CSVFile.delimiter(ofHeaderIn: $0) }
        }
        #expect(detect("Date;Name;Year;Letterboxd URI\n2021-01-01;\"A, B\";1995;x\n") == ";")
        #expect(detect("Date\tName\tYear\n") == "\t")
        #expect(detect("Date,Name,Year\n1;2;3;4;5;6\n") == ",", "the header decides, not the rows")
        #expect(detect("\"Title; the sequel\",Year\n") == ",", "separators inside quotes do not count")
        #expect(detect("Letterboxd list export v7\nDate;Name;Tags;URL;Description\n") == ";", "a title line without any is passed over")
        #expect(detect("Title\nA\n") == ",")
    }

    @Test func semicolonAndTabSeparatedExportsAreReadByEveryService() throws {
        let fx = try Fixture()
        // Letterboxd's diary and IMDb's ratings as a spreadsheet in a European locale saves them.
        let diary = ImportFixture.diary.replacingOccurrences(of: ",", with: ";").replacingOccurrences(of: "\"cinema; friends\"", with: "\"cinema, friends\"")
        try fx.write("lb/diary.csv", diary)
        try fx.write("ratings.csv", ImportFixture.imdbRatings.replacingOccurrences(of: ",", with: "\t"))
        let out = MWImport.read(sources: [fx.url("lb"), fx.url("ratings.csv")])
        out.expectBalanced()
        #expect(Self.errors(out).isEmpty, "\(Self.errors(out))")
        #expect(out.file("diary.csv")?.kind == .letterboxdDiary && out.file("ratings.csv")?.kind == .imdbRatings)
        let harbor = try #require(out.item("Nightfall Harbor", year: 1995))
        #expect(harbor.watches.count == 2)
        #expect(harbor.watches.contains { $0.tags == ["cinema", "friends"] }, "a quoted comma stays inside its field")
        #expect(out.item("Hollow Crown Road")?.ratings.first?.value == 8)
    }

    // MARK: IMDb in other languages

    @Test(arguments: [
        ("Film", ForeignKind.movie), ("Filme", .movie), ("Película", .movie), ("Téléfilm", .movie), ("Kurzfilm", .movie),
        ("Cortometraggio", .movie), ("Fernsehfilm", .movie), ("Court métrage", .movie), ("Curta-metragem", .movie),
        ("TV-Serie", .tvShow), ("Fernsehserie", .tvShow), ("Série TV", .tvShow), ("Serie TV", .tvShow), ("Serie de TV", .tvShow),
        ("Série de TV", .tvShow), ("Minisérie", .tvShow), ("TV-Miniserie", .tvShow),
        ("Episodio TV", .episode), ("Épisode TV", .episode), ("Episodio de TV", .episode), ("Episódio de TV", .episode),
        ("TV-Episode", .episode), ("TV Series", .tvShow), ("Movie", .movie), ("tvEpisode", .episode),
    ])
    func localisedTitleTypes(_ raw: String, _ kind: ForeignKind) {
        let (k, skip) = IMDbReader.kind(raw)
        #expect(k == kind && skip == nil, "\(raw)")
        #expect(IMDbReader.isKnownType(raw))
    }

    @Test func localisedGamesAreStillLeftOut() {
        #expect(IMDbReader.kind("Videospiel").skip != nil && IMDbReader.kind("Jeu vidéo").skip != nil)
    }

    @Test func anUnknownTitleTypeIsReportedOncePerValueWithItsCount() throws {
        let fx = try Fixture()
        let h = "Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n"
        func row(_ n: Int, _ type: String) -> String { "tt90000\(n),7,2020-01-0\(n),T\(n),,\(type),,,2001,,,,\n" }
        try fx.write("ratings.csv", h + row(1, "Serie TV") + row(2, "Zeichentrick") + row(3, "Zeichentrick") + row(4, "Film") + row(5, "Holo"))
        let out = MWImport.read(sources: [fx.url("ratings.csv")])
        out.expectBalanced()
        #expect(out.item("T1")?.kind == .tvShow && out.item("T4")?.kind == .movie)
        #expect(out.item("T2")?.kind == .unknown, "still imported, matched as any kind")
        let warnings = out.diagnostics(.importBadValue).filter { $0.message.contains("Title Type") }
        #expect(warnings.count == 2, "\(warnings.map(\.message))")
        #expect(warnings.first?.message.contains("\"Zeichentrick\"") == true && warnings.first?.message.contains("2 row(s)") == true)
        #expect(warnings.last?.message.contains("\"Holo\"") == true && warnings.last?.message.contains("1 row(s)") == true)
    }

    // MARK: Trakt watched-* play counts

    /// Every item matched to the TMDb ID its file names (films as movies, shows and episodes
    /// as their show), then built.
    static func built(_ out: ForeignExport) -> Library {
        var c = BuildCase()
        c.export.lists = out.lists
        for item in out.items {
            let tv = item.episode.map { $0.showIDs.tmdb ?? $0.showIDs.tvdb } ?? (item.kind == .tvShow ? item.ids.tmdb ?? item.ids.tvdb : nil)
            if let tv { c.add(item, .matched(TMDbMatch(tmdbId: Int64(tv), mediaType: .tv, method: .fileId))) } else {
                c.add(item, movieMatch(Int64(item.ids.tmdb ?? 0), .fileId))
            }
        }
        return c.build().library
    }

    static let watchedMovies = """
    [{"plays": 3, "last_watched_at": "2024-05-01T20:00:00.000Z", "last_updated_at": "2024-05-01T20:00:00.000Z",
      "movie": {"title": "Nightfall Harbor", "year": 1995, "ids": {"trakt": 1, "slug": "nightfall-harbor-1995", "imdb": "tt9000001", "tmdb": 9001}}},
     {"plays": 1, "last_watched_at": "2023-02-02T20:00:00.000Z", "last_updated_at": "2023-02-02T20:00:00.000Z",
      "movie": {"title": "Élan Vital", "year": 2010, "ids": {"trakt": 2, "slug": "elan-vital-2010", "imdb": "tt9000002", "tmdb": 9002}}}]
    """

    @Test func aFilmPlayedSeveralTimesHasItsDatedLatestPlayAsTheRewatch() throws {
        let fx = try Fixture()
        try fx.write("trakt/watched-movies.json", Self.watchedMovies)
        let out = MWImport.read(sources: [fx.url("trakt")])
        out.expectBalanced()
        let lib = Self.built(out)
        let harbor = try #require(lib.titles.first { $0.tmdbId == 9001 })
        #expect(harbor.viewings.count == 3, "one viewing per play")
        let dated = harbor.viewings.filter { $0.watchedDate != nil }
        #expect(dated.count == 1 && dated[0].watchedDate == DateCoding.parseISO("2024-05-01T20:00:00Z"))
        #expect(dated[0].rewatch, "last_watched_at dates the latest play: a rewatch")
        #expect(harbor.viewings.filter { !$0.rewatch }.count == 1 && harbor.viewings.first { !$0.rewatch }?.watchedDate == nil,
                "the first watch is one of the undated earlier plays")
        let elan = try #require(lib.titles.first { $0.tmdbId == 9002 })
        #expect(elan.viewings.count == 1 && elan.viewings[0].rewatch == false && elan.viewings[0].watchedDate != nil)
    }

    static let watchedShows = """
    [{"plays": 3, "last_watched_at": "2024-09-10T13:52:56.000Z", "reset_at": null,
      "show": {"title": "Lighthouse Keepers", "year": 2011, "ids": {"trakt": 77, "slug": "lighthouse-keepers", "tvdb": 70003, "imdb": "tt9000203", "tmdb": 2003}},
      "seasons": [{"number": 1, "episodes": [
        {"number": 1, "plays": 2, "last_watched_at": "2024-09-10T13:52:56.000Z"},
        {"number": 2, "plays": 1, "last_watched_at": "2024-09-05T10:00:00.000Z"}]}]},
     {"plays": 5, "last_watched_at": "2022-01-01T10:00:00.000Z", "reset_at": null,
      "show": {"title": "Salt Flats", "year": 2015, "ids": {"trakt": 78, "slug": "salt-flats", "tvdb": 70004, "imdb": "tt9000204", "tmdb": 2004}}}]
    """

    @Test func aShowsPlaysAreItsEpisodesNeverItsOwnViewings() throws {
        let fx = try Fixture()
        try fx.write("trakt/watched-shows.json", Self.watchedShows)
        let out = MWImport.read(sources: [fx.url("trakt")])
        out.expectBalanced()
        let lib = Self.built(out)
        let keepers = try #require(lib.titles.first { $0.tmdbId == 2003 })
        #expect(keepers.viewings.isEmpty, "no show-level viewing invented from plays")
        #expect(keepers.watched)
        let eps = lib.episodes.filter { $0.showId == keepers.id }.sorted { $0.episodeNumber < $1.episodeNumber }
        #expect(eps.map(\.viewings.count) == [2, 1], "plays counted once, on the episodes")
        #expect(eps[0].viewings.filter(\.rewatch).count == 1 && eps[0].viewings.first { $0.rewatch }?.watchedDate != nil)
        #expect(!eps[1].viewings[0].rewatch)
        let salt = try #require(lib.titles.first { $0.tmdbId == 2004 })
        #expect(salt.viewings.isEmpty && salt.watched, "without episode detail: watched, no fake viewings")
        let mark = try #require(out.item("Salt Flats")?.marks.first { $0.kind == .watched })
        #expect(mark.count == 5 && mark.detail == ForeignMark.episodePlays, "the play count is kept as a count")
    }

    // MARK: TV Time unfollowed shows

    @Test func anUnfollowedShowIsNoListedTitleButItsEpisodesAreKept() throws {
        let fx = try Fixture()
        try fx.write("gdpr/tracking-prod-records-v2.csv", """
        created_at,user_id,key,updated_at,s_id,is_for_later,is_followed,is_archived,s_no,ep_no,ep_id,series_name
        2020-01-01 10:00:00,0,user-series-a,2020-01-01 10:00:00,500,false,false,false,,,,Salt Flats
        2021-01-01 10:00:00,0,watch-episode-b,2021-01-01 10:00:00,500,,,,1,1,7001,Salt Flats
        2020-01-01 10:00:00,0,user-series-c,2020-01-01 10:00:00,501,false,false,false,,,,Gone Show
        2020-01-01 10:00:00,0,user-series-d,2020-01-01 10:00:00,502,false,true,false,,,,Kept Show
        2020-01-01 10:00:00,0,user-series-e,2020-01-01 10:00:00,503,true,false,false,,,,Later Show

        """)
        try fx.write("gdpr/user_tv_show_data.csv", "user_id,tv_show_id,is_followed,is_favorited,nb_episodes_seen\n7,504,0,0,0\n7,505,0,0,12\n")
        let out = MWImport.read(sources: [fx.url("gdpr")])
        out.expectBalanced()
        #expect(!out.items.contains { $0.has(.followed) && $0.ids.tvdb != 502 }, "only the followed show is followed")
        #expect(out.items.contains { $0.ids.tvdb == 502 && $0.has(.followed) })
        #expect(!out.items.contains { [501, 504].contains($0.ids.tvdb) && $0.kind == .tvShow }, "a row saying only 'not followed' makes no title")
        #expect(out.items.first { $0.ids.tvdb == 503 }?.isWatchlisted == true, "an unfollowed show kept for later is read")
        #expect(out.items.first { $0.ids.tvdb == 505 }?.marks.first { $0.kind == .watched }?.count == 12, "episodes seen are kept")
        #expect(out.file("tracking-prod-records-v2.csv")?.ignored[TVTimeReader.unfollowed] == 2)
        let episode = try #require(out.items.first { $0.ids.tvdb == 7001 })
        #expect(episode.watches.count == 1 && episode.episode?.showIDs.tvdb == 500)
        let lib = Self.built(out)
        #expect(!lib.titles.contains { $0.tmdbId == 501 || $0.tmdbId == 504 })
        let salt = try #require(lib.titles.first { $0.tmdbId == 500 }, "the show of the watched episode")
        #expect(lib.episodes.contains { $0.showId == salt.id && $0.watched && $0.viewings.count == 1 })
    }

    // MARK: Messages

    @Test func aReasonMetByEveryRequestIsSaidOnce() async throws {
        #expect(TMDbMatcher.reason(["offline", "IMDb ID tt1 is not on TMDb", "offline"]) == "offline; IMDb ID tt1 is not on TMDb")
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles) { server in
            // Offline and a cold cache: the IMDb find, the title search and the original-title
            // search all fail alike.
            let item = foreign(.imdb, "Hollow Crown Road", 1999, file: "ratings.csv", line: 2, imdb: "tt9000011", original: "Hohle Kronenstraße")
            let cache = try TMDbCache(url: fx.url("cold.sqlite"))
            let r = try await TMDbMatcher(client: await matchClient(server, cache: cache, offline: true)).match([item])
            let entry = try #require(expectReview(r.items[0].outcome, incomplete: true))
            let parts = entry.reason.components(separatedBy: "; ")
            #expect(!parts.isEmpty && parts.count == Set(parts).count, "\(entry.reason)")
            let d = try #require(r.diagnostics.first { $0.code == DiagnosticCode.importMatchIncomplete.rawValue })
            #expect(d.message.components(separatedBy: "not in the TMDb cache").count == 2, "\(d.message)")
            let rows = ReviewFile.rows(r, items: [item])
            let reason = try #require(rows.first?.value("reason"))
            let written = reason.components(separatedBy: "; ")
            #expect(rows.count == 1 && written.count == Set(written).count, "\(reason)")
        }
    }

    // MARK: Summary per file

    @Test func diaryAndDeletedDiaryEachGetTheirOwnCounts() throws {
        let fx = try Fixture()
        let header = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
        try fx.write("lb/diary.csv", header + "2021-01-02,Nightfall Harbor,1995,https://boxd.it/e001,4,,,2021-01-01\n"
            + "2021-02-02,Élan Vital,2010,https://boxd.it/e003,2,,,2021-02-01\n")
        try fx.write("lb/deleted/diary.csv", header + "2020-05-05,Quiet Meridian,2015,https://boxd.it/e009,3,,,2020-05-04\n")
        let out = MWImport.read(sources: [fx.url("lb")], options: ImportOptions(includeDeleted: true))
        out.expectBalanced()
        var c = BuildCase()
        for (n, item) in out.items.enumerated() { c.add(item, movieMatch(Int64(7000 + n))) }
        let built = c.build()
        let summaries = ImportReport.summaries(out, built.rows)
        let diary = try #require(summaries.first { $0.file.hasSuffix("lb/diary.csv") })
        let deleted = try #require(summaries.first { $0.file.hasSuffix("lb/deleted/diary.csv") })
        #expect(diary.rowsRead == 2 && diary.importedRows == 2, "\(diary)")
        #expect(deleted.rowsRead == 1 && deleted.importedRows == 1, "\(deleted)")
        #expect(diary.matchedBySearch == 2 && deleted.matchedBySearch == 1)
    }

    // MARK: Dates a spreadsheet re-saved

    @Test(arguments: [
        ("25/12/2021", "2021-12-25"), ("12/25/2021", "2021-12-25"), ("25-12-21", "2021-12-25"), ("12-25-21", "2021-12-25"),
        ("25.12.2021", "2021-12-25"), ("05/05/2021", "2021-05-05"), ("1/31/1999", "1999-01-31"), ("31-1-99", "1999-01-31"),
        ("03.04.2021", "2021-04-03"),
    ])
    func reSavedDaysAreReadWhenUnambiguous(_ raw: String, _ day: String) throws {
        let d = try #require(ForeignDate.parse(raw))
        #expect(d.day == day && d.precision == .day && d.raw == raw)
        #expect(ForeignDate.unreadable(raw) == nil)
    }

    @Test func anAmbiguousOrImpossibleDayIsNoDateAndSaysWhy() {
        for raw in ["05/06/2021", "04-03-21"] {
            #expect(ForeignDate.parse(raw) == nil, "\(raw)")
            #expect(ForeignDate.unreadable(raw)?.contains("day first or month first") == true)
        }
        for raw in ["31/31/2021", "13-13-21", "2021/13/01"] {
            #expect(ForeignDate.parse(raw) == nil && ForeignDate.unreadable(raw)?.contains("is not a date") == true, "\(raw)")
        }
        #expect(ForeignDate.unreadable("0001-01-01 00:00:00") == nil && ForeignDate.unreadable("") == nil, "unknown is not unreadable")
    }

    @Test func reSavedExportsKeepTheirDaysAndNameTheAmbiguousOnes() throws {
        let fx = try Fixture()
        try fx.write("lb/diary.csv", """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        02/01/21,Nightfall Harbor,1995,https://boxd.it/e001,4,,,25/12/2020
        2021-02-02,Élan Vital,2010,https://boxd.it/e003,2,,,05/06/2021

        """)
        try fx.write("ratings.csv", ImportFixture.imdbHeader
            + "tt9000011,8,12/31/2020,Hollow Crown Road,https://www.imdb.com/title/tt9000011/,movie,7.1,100,1999,Drama,100,1999-09-09,Someone\n"
            + "tt9000012,6,03/04/2020,Paper Lanterns,https://www.imdb.com/title/tt9000012/,movie,7.1,100,2013,Drama,100,2013-09-09,Someone\n")
        let out = MWImport.read(sources: [fx.url("lb"), fx.url("ratings.csv")])
        out.expectBalanced()
        #expect(out.item("Nightfall Harbor")?.watches.first?.date?.day == "2020-12-25")
        let elan = try #require(out.item("Élan Vital"))
        #expect(elan.watches.count == 1 && elan.watches[0].date == nil, "the viewing is kept, without an invented date")
        #expect(elan.ratings.first?.value == 2, "the rest of the row is read")
        #expect(out.item("Hollow Crown Road")?.ratings.first?.date?.day == "2020-12-31")
        let lanterns = try #require(out.item("Paper Lanterns"))
        #expect(lanterns.ratings.first?.value == 6 && lanterns.ratings.first?.date == nil)
        let named = out.diagnostics(.importBadValue).map(\.message)
        #expect(named.contains { $0.contains("\"05/06/2021\"") } && named.contains { $0.contains("\"03/04/2020\"") }, "\(named)")
        #expect(!named.contains { $0.contains("25/12/2020") || $0.contains("12/31/2020") })
    }
}

/// A film export that is UTF-8 with one bad byte run: read as UTF-8, the line named.
@Suite struct FilmMixedEncodingTests {
    @Test func aBadByteRunIsNamedAndTheRestStaysUTF8() throws {
        let fx = try Fixture()
        var bytes = Array("Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,Amélie,2001,https://boxd.it/a1,4\n2024-01-03,Caf".utf8)
        bytes += [0xE9] + Array(",2010,https://boxd.it/a2,3\n".utf8)
        let file = try fx.write("ratings.csv", bytes: bytes)
        let read = MWImport.read(sources: [file], options: ImportOptions())
        #expect(read.items.map(\.title).sorted() == ["Amélie", "Café"])
        #expect(read.diagnostics.contains { $0.code == DiagnosticCode.csvMixedEncoding.rawValue && $0.line == 3 })
    }
}
