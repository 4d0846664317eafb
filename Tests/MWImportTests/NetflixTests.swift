import Foundation
import MWCore
@testable import MWImport
import MWFoundation
import MWJobs
import Testing

/// Netflix's two exports, our own fixtures written from the format facts of the samples'
/// README (docs/IMPORT.md "Netflix"): locale dates decided per file, localised
/// `Show: Season N: Episode` titles, playback sessions folded into viewings, supplemental
/// videos, profiles, thumbs and My List.
@Suite struct NetflixTests {
    static let readers = FormatRegistry.standard.filmReaders

    static func read(_ url: URL, _ configure: (inout ImportOptions) -> Void = { _ in }) -> ForeignExport {
        var o = ImportOptions(readers: readers)
        configure(&o)
        return MWImport.read(sources: [url], options: o)
    }

    // MARK: Dates

    @Test func theDateOrderIsDecidedPerFileFromEveryValue() {
        #expect(NetflixDates.verdict(["1/3/26", "12/25/25", "2/5/19"]) == .order(.mdy))
        #expect(NetflixDates.verdict(["28/12/2020", "01/02/2020"]) == .order(.dmy))
        #expect(NetflixDates.verdict(["16.8.2022", "1.9.2022"]) == .order(.dmy))
        #expect(NetflixDates.verdict(["28-06-23", "01-07-23"]) == .order(.dmy))
        #expect(NetflixDates.verdict(["2023-06-28", "2023-01-02"]) == .order(.ymd))
        // No day above 12 anywhere: both orders read every value, and none is chosen.
        #expect(NetflixDates.verdict(["1/3/26", "12/5/25"]) == .ambiguous([.dmy, .mdy]))
        // A day above 12 in first place and another in second: no order reads both.
        #expect(NetflixDates.verdict(["25/1/20", "1/25/20"]) == .none)
        // 30 February is no day in either order that would put it there.
        #expect(NetflixDates.verdict(["2/30/20", "13/2/20"]) == .order(.dmy))
        #expect(NetflixDates.verdict(["soon"]) == .empty)
        #expect(NetflixDates.day("2/29/24", .mdy)?.day == "2024-02-29" && NetflixDates.day("2/29/23", .mdy) == nil)
        #expect(NetflixDates.day("16.8.2022", .dmy)?.day == "2022-08-16")
    }

    // MARK: Titles

    @Test func titlesSplitAtTheirSeasonMarkerFromTheRight() {
        func p(_ s: String) -> NetflixTitles.Parsed { NetflixTitles.parse(s) }
        let trek = p("Star Trek: Discovery: Season 1: The Vulcan Hello")
        #expect(trek.show == "Star Trek: Discovery" && trek.season == 1 && trek.episode == "The Vulcan Hello")
        // A chapter word belongs to the episode when a season marker is there.
        let riverdale = p("Riverdale: Kausi 5: Luku 95: Riverdale: RIP(?)")
        #expect(riverdale.show == "Riverdale" && riverdale.season == 5 && riverdale.episode == "Luku 95: Riverdale: RIP(?)")
        #expect(p("Dark: Staffel 2: Anfänge und Enden").season == 2 && p("Lupin: Saison 1: Chapitre 1").show == "Lupin")
        #expect(p("De Luizenmoeder: Seizoen 1: Aflevering 1").season == 1)
        let maid = p("Maid: Minisarja: Ponies")
        #expect(maid.show == "Maid" && maid.season == 1 && maid.marker == "Minisarja")
        #expect(p("The Queen's Gambit: Limited Series: Openings").season == 1)
        // Netflix's parts and volumes are not the show's seasons: no season number.
        let troll = p("Trollhunters: Tales of Arcadia: Part 2: Homecoming")
        #expect(troll.show == "Trollhunters: Tales of Arcadia" && troll.marker == "Part 2" && troll.season == nil)
        #expect(p("Stranger Things: Season 3 (Part 2): Chapter Eight").season == 3)
        // The data request's `(Episode 9)` numbers the episode.
        let bb = p("Breaking Bad: Season 5: Blood Money (Episode 9)")
        #expect(bb.show == "Breaking Bad" && bb.season == 5 && bb.number == 9 && bb.episode == "Blood Money")
        #expect(p("Fuller House: Temporada 5: Algo emprestado (Episódio 17)").number == 17)
        let dungeon = p("Delicious in Dungeon: Season 1: Episode 1: Hot Pot/Tart")
        #expect(dungeon.number == 1 && dungeon.episode == "Episode 1: Hot Pot/Tart" && p("Dark: Season 1: Episode 12").number == 12)
        #expect(p("Lost: Season 1: Episode Twelve").number == nil)
        // A named season (no marker) with a numbered episode: under everything before the last colon.
        let death = p("DEATH NOTE: Death Note: Revival (Episode 24)")
        #expect(death.show == "DEATH NOTE: Death Note" && death.season == nil && death.number == 24 && death.episode == "Revival")
        #expect(p("Arcane: Welcome to the Playground (Episode 1)").show == "Arcane")
        // Without a marker the whole title is a film or show title; TABs become spaces.
        #expect(p("Star Wars: The Last Jedi") == NetflixTitles.Parsed(title: "Star Wars: The Last Jedi"))
        #expect(p("Häkkilinnut: Oranssit päälle").show == nil)
        #expect(p("Kill Bill: Volume 1").show == nil, "a marker needs an episode after it")
        #expect(p("Dead\tto Me: Season 1: Pilot").show == "Dead to Me")
        #expect(p("SHOW: SEASON: VideoEpisode").show == nil)
    }

    // MARK: NetflixViewingHistory.csv

    static let history = """
        Title,Date
        "Star Trek: Discovery: Season 1: The Vulcan Hello","9/24/17"
        "Star Trek: Discovery: Season 1: Battle at the Binary Stars","9/24/17"
        "Star Trek: Discovery: Season 1: The Vulcan Hello","9/24/17"
        "Riverdale: Kausi 5: Luku 95: Riverdale: RIP(?)","1/13/21"
        "Maid: Minisarja: Ponies","10/2/21"
        "Heat","1/2/20"
        "Heat","1/3/20"
        "Dead\tto Me: Season 1: Pilot","5/4/19"
        " : Episode 7","5/4/19"
        "Okja","someday"

        """

    @Test func aHistoryFileIsReadEpisodesUnderTheirShows() throws {
        let fx = try Fixture()
        let read = Self.read(try fx.write("NetflixViewingHistory.csv", Self.history))
        read.expectBalanced()
        #expect(read.files.map(\.kind) == [NetflixReader.netflixHistory] && read.files.first?.rowsRead == 10)
        let vulcan = try #require(read.items.first { $0.title == "The Vulcan Hello" })
        #expect(vulcan.kind == .episode && vulcan.episode?.showTitle == "Star Trek: Discovery" && vulcan.episode?.season == 1)
        // The same title on the same day is one viewing.
        #expect(vulcan.watches.map { $0.date?.day } == ["2017-09-24"])
        #expect(read.items.filter { $0.episode?.showTitle == "Star Trek: Discovery" }.count == 2)
        let rip = try #require(read.items.first { $0.episode?.showTitle == "Riverdale" })
        #expect(rip.episode?.season == 5 && rip.watches.first?.date?.day == "2021-01-13")
        // A bare title goes to the matcher whole, with no kind guessed; two days are two viewings.
        let heat = try #require(read.item("Heat"))
        #expect(heat.kind == .unknown && heat.ids.isEmpty && heat.watches.compactMap { $0.date?.day } == ["2020-01-02", "2020-01-03"])
        #expect(read.items.contains { $0.episode?.showTitle == "Dead to Me" })
        // A removed title is malformed with its place; an unreadable date is a warning, the row kept.
        #expect(read.diagnostics(.importMalformedRow).contains { $0.line == 10 && $0.field == "Title" })
        #expect(read.diagnostics(.importBadValue).contains { $0.line == 11 && $0.field == "Date" })
        #expect(read.item("Okja")?.watches.map(\.date) == [nil])
        #expect(read.diagnostics(.importAmbiguousDate).isEmpty)
        // With a byte order mark and CRLF line ends (a re-saved file) it reads the same.
        let resaved = Self.read(try fx.write("resaved/NetflixViewingHistory.csv", bytes: [0xEF, 0xBB, 0xBF] + Array(crlf(Self.history).utf8)))
        #expect(resaved.files.map(\.kind) == [NetflixReader.netflixHistory])
        #expect(resaved.items.map { "\($0.kind) \($0.title) \($0.watches.map { $0.date?.day ?? "-" })" } == read.items.map { "\($0.kind) \($0.title) \($0.watches.map { $0.date?.day ?? "-" })" })
    }

    static let ambiguous = "Title,Date\n\"Heat\",\"1/2/20\"\n\"Okja\",\"3/4/20\"\n\"Heat\",\"1/2/20\"\n"

    @Test func ambiguousDatesAreRefusedUntilTheOrderIsGiven() throws {
        let fx = try Fixture()
        let url = try fx.write("NetflixViewingHistory.csv", Self.ambiguous)
        let refused = Self.read(url)
        let error = try #require(refused.diagnostics(.importAmbiguousDate).first)
        #expect(error.severity == .error && error.line == 2 && error.field == "Date" && error.message.contains("--date-order"))
        // Nothing is dated, nothing is lost: every viewing is kept without its date.
        #expect(refused.items.flatMap(\.watches).count == 2 && refused.items.flatMap(\.watches).allSatisfy { $0.date == nil })
        refused.expectBalanced()
        let dmy = Self.read(url) { $0.dateOrder = .dmy }
        #expect(dmy.diagnostics(.importAmbiguousDate).isEmpty)
        #expect(dmy.item("Okja")?.watches.first?.date?.day == "2020-04-03")
        #expect(Self.read(url) { $0.dateOrder = .mdy }.item("Okja")?.watches.first?.date?.day == "2020-03-04")
        // Under a given order a value it cannot read is a warning, not a guess.
        let ymd = Self.read(url) { $0.dateOrder = .ymd }
        #expect(ymd.diagnostics(.importBadValue).count == 3 && ymd.items.flatMap(\.watches).allSatisfy { $0.date == nil })
    }

    // MARK: The data-request export

    static let activity = """
        Profile Name,Start Time,Duration,Attributes,Title,Supplemental Video Type,Device Type,Bookmark,Latest Bookmark,Country
        JB,2024-05-06 19:29:13,00:29:31,,Breaking Bad: Season 5: Blood Money (Episode 9),,Chrome,00:46:46,00:46:46,US (United States)
        JB,2024-05-06 09:47:24,00:17:00,,Breaking Bad: Season 5: Blood Money (Episode 9),,Chrome,00:17:00,Not latest view,US (United States)
        JB,2024-05-07 09:47:24,00:05:00,,Breaking Bad: Season 5: Blood Money (Episode 9),,Chrome,00:05:00,Not latest view,US (United States)
        JB,2024-05-06 09:40:00,00:00:30,Autoplayed: user action: None; ,Jujutsu Kaisen 0: The Movie_hook_03_16x9,HOOK,Chrome,00:00:30,00:00:30,US (United States)
        JB,2024-05-05 09:40:00,00:02:30,,Jujutsu Kaisen 0: The Movie,TRAILER,Chrome,00:02:30,00:02:30,US (United States)
        Kid,2024-05-06 10:00:00,01:31:23,,Jujutsu Kaisen 0: The Movie,,TV,01:31:23,01:31:23,US (United States)
        JB,2024-05-06 11:00:00,01:31:23,,Jujutsu Kaisen 0: The Movie,,TV,01:31:23,01:31:23,US (United States)

        """
    static let ratings = """
        Profile Name,Title Name,Rating Type,Star Value,Thumbs Value,Device Model,Event Utc Ts,Region View Date
        JB,DEATH NOTE,thumb,,1,Set Top Box,2024-04-27 03:52:31,
        JB,Breaking Bad,thumb,,2,HTML 5,2024-04-25 05:27:37,
        JB,Lupin,thumb,,3,HTML 5,2024-04-25 05:27:37,
        JB,Okja,star,4,,HTML 5,2012-04-25 05:27:37,
        JB,Heat,thumb,,0,HTML 5,2024-04-25 05:27:37,
        JB,Dune,thumb,,7,HTML 5,2024-04-25 05:27:37,
        Kid,Bluey,thumb,,2,TV,2024-04-25 05:27:37,

        """
    static let myList = "Profile Name,Title Name,Country,Utc Title Add Date\nJB,Lupin,United States,2024-01-09\nKid,Bluey,United States,2024-01-10\n"

    func request(_ fx: Fixture) throws -> URL {
        try fx.write("netflix/CONTENT_INTERACTION/ViewingActivity.csv", Self.activity)
        try fx.write("netflix/CONTENT_INTERACTION/Ratings.csv", Self.ratings)
        try fx.write("netflix/CONTENT_INTERACTION/MyList.csv", Self.myList)
        return fx.url("netflix")
    }

    @Test func sessionsFoldIntoViewingsAndSupplementalVideosAreCounted() throws {
        let fx = try Fixture()
        let read = Self.read(try request(fx))
        read.expectBalanced()
        #expect(read.files.map(\.kind) == [NetflixReader.netflixMyList, NetflixReader.netflixRatings, NetflixReader.netflixViewingActivity])
        let activity = try #require(read.file("ViewingActivity.csv"))
        #expect(activity.ignored == ["HOOK (a supplemental video, not a viewing)": 1, "TRAILER (a supplemental video, not a viewing)": 1])
        let blood = try #require(read.item("Blood Money"))
        #expect(blood.episode?.showTitle == "Breaking Bad" && blood.episode?.season == 5 && blood.episode?.number == 9)
        // Two sessions on 6 May are one viewing, dated by the earlier; 7 May is another.
        #expect(blood.watches.map { $0.date?.raw } == ["2024-05-06 09:47:24", "2024-05-07 09:47:24"])
        #expect(blood.watches.allSatisfy { $0.date?.precision == .instant && $0.detail == "profile: JB" })
        // Two profiles watching the same film the same day are two viewings.
        let jjk = try #require(read.item("Jujutsu Kaisen 0: The Movie"))
        #expect(jjk.kind == .unknown && jjk.watches.compactMap(\.detail).sorted() == ["profile: JB", "profile: Kid"])
    }

    @Test func thumbsStarsAndMyListAreRead() throws {
        let fx = try Fixture()
        let read = Self.read(try request(fx))
        #expect(read.item("Breaking Bad")?.isLiked == true)
        #expect(read.item("Lupin")?.marks.first { $0.kind == .liked }?.detail == "two thumbs up; profile: JB")
        #expect(read.item("Lupin")?.has(.watchlist) == true)
        let deathNote = try #require(read.item("DEATH NOTE"))
        #expect(!deathNote.isLiked && deathNote.emotions.map(\.value) == ["dislike"] && LikedProfile.emotion("dislike") == -1)
        #expect(read.item("Okja")?.ratings.map { "\($0.value) \($0.scale)" } == ["4.0 fivePoint"])
        #expect(read.file("Ratings.csv")?.ignored == ["thumbs 0 (no rating)": 1])
        let dune = try #require(read.item("Dune"))
        #expect(dune.extras.map(\.value) == ["thumb 7"] && read.diagnostics(.importBadValue).contains { $0.line == 7 && $0.field == "Thumbs Value" })
    }

    @Test func aProfileFilterKeepsOneProfilesRows() throws {
        let fx = try Fixture()
        let read = Self.read(try request(fx)) { $0.profile = "kid" }
        read.expectBalanced()
        #expect(Set(read.items.map(\.title)) == ["Jujutsu Kaisen 0: The Movie", "Bluey"])
        #expect(read.file("ViewingActivity.csv")?.ignored["another profile than --profile"] == 6)
        let none = Self.read(try request(fx)) { $0.profile = "Nobody" }
        #expect(none.items.isEmpty && none.diagnostics.contains { $0.message.contains("\"JB\" and \"Kid\"") && $0.field == "Profile Name" })
    }

    @Test func theImportJobPassesDateOrderAndProfileAndSendsTitlesToReview() async throws {
        let fx = try Fixture()
        try fx.write("in/NetflixViewingHistory.csv", Self.ambiguous)
        var o = ImportJobOptions(sources: [fx.url("in")])
        o.output = fx.url("out.json")
        o.reviewFile = fx.url("review.csv")
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        o.serviceOptions[ServiceOption.netflixDateOrder.name] = DateOrder.dmy.rawValue
        let outcome = try await ImportJob.run(o, environment: [:])
        #expect(!outcome.report.problems.contains { $0.contains("--date-order") }, "\(outcome.report.problems)")
        // No IDs: nothing is matched offline, and every title waits in the review file.
        let review = try String(contentsOf: fx.url("review.csv"), encoding: .utf8)
        #expect(review.contains("netflix:title:any:heat:") && review.contains("netflix:title:any:okja:"))
        #expect(outcome.library.titles.isEmpty)
    }

    @Test func decidedTitlesComeInWithEpisodesViewingsAndThumbs() async throws {
        let fx = try Fixture()
        var o = OfflineImport.options(fx, sources: [try request(fx)])
        _ = try await ImportJob.run(o, environment: [:])
        // The user decides the review rows by their keys (as written in the review file).
        let review = try String(contentsOf: fx.url("review.csv"), encoding: .utf8)
        let keys = review.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: ",").last.map(String.init) }.filter { $0.hasPrefix("netflix:") }
        func key(_ part: String) throws -> String { try #require(keys.first { $0.contains(part) }, "\(keys)") }
        let decisions = [("title:tv:breaking bad:", "tv:1396"), ("title:any:breaking bad:", "tv:1396"), ("jujutsu", "movie:810693"), ("death note", "tv:13916")]
        let overrides = try "key,decision\n" + decisions.map { "\(try key($0.0)),\($0.1)" }.joined(separator: "\n") + "\n"
        o.overridesFile = try fx.write("decisions.csv", overrides)
        let outcome = try await ImportJob.run(o, environment: [:])
        let lib = outcome.library
        let bb = try #require(lib.titles.first { $0.tmdbId == 1396 })
        #expect(bb.likedStatus == 1, "thumbs up")
        let ep = try #require(lib.episodes.first { $0.showId == bb.id })
        #expect(ep.seasonNumber == 5 && ep.episodeNumber == 9 && ep.viewings.count == 2, "two days of sessions, two viewings")
        let jjk = try #require(lib.titles.first { $0.tmdbId == 810693 })
        #expect(jjk.viewings.count == 2, "two profiles on one day")
        #expect(lib.titles.first { $0.tmdbId == 13916 }?.likedStatus == -1, "thumbs down")
    }

    // MARK: Real samples

    static let samples = ConformanceTests.root.appendingPathComponent("netflix")
    static let present = FileManager.default.fileExists(atPath: samples.path)
    /// The date order of each real viewing history, from the README's table.
    static let orders: [String: DateOrder] = [
        "simranvatsa-netflix-and-charts": .mdy, "tsachit-import-netflix-viewing-history": .mdy, "Kilo59-netflix-narc": .mdy,
        "yavidor-Python": .dmy, "JustAuramo-trakt-import-github-action": .dmy, "gmathijs-Netflix-reorganise": .dmy,
    ]

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party/netflix; not checked"))
    func everyRealHistoryIsDatedInItsOwnOrder() throws {
        let counts = try RealSampleCounts.records()
        for (folder, order) in Self.orders {
            let url = Self.samples.appendingPathComponent(folder).appendingPathComponent("NetflixViewingHistory.csv")
            let read = Self.read(url)
            read.expectBalanced()
            #expect(read.files.first?.kind == NetflixReader.netflixHistory && read.files.first?.rowsRead == counts["netflix/\(folder)/NetflixViewingHistory.csv"], "\(folder)")
            #expect(read.diagnostics(.importAmbiguousDate).isEmpty, "\(folder)")
            let text = try String(contentsOf: url, encoding: .utf8)
            let first = try #require(text.split(separator: "\n").dropFirst().first.flatMap { $0.split(separator: ",").last }).replacingOccurrences(of: "\"", with: "")
            #expect(read.items.flatMap(\.watches).contains { $0.date == NetflixDates.day(first, order) }, "\(folder)")
            #expect(read.items.flatMap(\.watches).allSatisfy { $0.date != nil }, "\(folder)")
            #expect(read.items.contains { $0.kind == .episode }, "\(folder)")
        }
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party/netflix; not checked"))
    func everyRealDataRequestIsReadWithEveryRowAccounted() throws {
        let counts = try RealSampleCounts.records()
        for folder in ["JessicaQueiroz-DashNetflix", "allanmviana-Netflix-Screen-Time", "honorejabiro-netflix-report"] {
            let read = Self.read(Self.samples.appendingPathComponent(folder))
            read.expectBalanced()
            #expect(read.files.map(\.kind) == [NetflixReader.netflixMyList, NetflixReader.netflixRatings, NetflixReader.netflixViewingActivity], "\(folder)")
            for f in read.files {
                let name = (f.file as NSString).lastPathComponent
                #expect(f.rowsRead == counts["netflix/\(folder)/CONTENT_INTERACTION/\(name)"], "\(folder)/\(name)")
            }
            let activity = try #require(read.file("ViewingActivity.csv"))
            #expect(activity.malformed.isEmpty && activity.ignored.keys.allSatisfy { $0.hasSuffix("(a supplemental video, not a viewing)") }, "\(folder)")
            #expect(read.items.flatMap(\.watches).allSatisfy { $0.date?.precision == .instant }, "\(folder)")
            #expect(read.items.contains { $0.kind == .episode && $0.episode?.number != nil }, "\(folder)")
        }
    }
}

/// The README's `Records` column for every file of the later services (`netflix/…`, `myanimelist/…`).
enum RealSampleCounts {
    static func records() throws -> [String: Int] {
        let readme = try String(contentsOf: ConformanceTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        var out: [String: Int] = [:]
        var fileCol: Int?, recordsCol: Int?
        for line in readme.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
            if let f = cells.firstIndex(of: "File (here)") { fileCol = f; recordsCol = cells.firstIndex(of: "Records"); continue }
            guard let f = fileCol, let r = recordsCol, r < cells.count, let n = Int(cells[r]) else { continue }
            out[cells[f]] = n
        }
        return out
    }
}
