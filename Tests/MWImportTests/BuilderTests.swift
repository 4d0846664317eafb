import Foundation
@testable import MWImport
import MWCore
import MWFoundation
import Testing

/// Items and their matches, built by hand: the builder's rules without a server.
struct BuildCase {
    var export = ForeignExport()
    var outcomes: [MatchOutcome] = []

    mutating func add(_ item: ForeignItem, _ outcome: MatchOutcome) {
        export.items.append(item)
        outcomes.append(outcome)
    }

    var matches: MatchResult {
        MatchResult(items: outcomes.enumerated().map { ItemMatch(index: $0, key: "k\($0)", outcome: $1, candidates: []) },
                    stats: MatchStats(), statsByFile: [:], diagnostics: [])
    }

    func build(_ options: ImportBuildOptions = ImportBuildOptions(now: BuildCase.now)) -> ImportBuild {
        LibraryBuilder.build(export, matches: matches, options: options)
    }

    static let now = Date(timeIntervalSince1970: 1_750_000_000)
}

func day(_ s: String) -> ForeignDate { ForeignDate.parse(s)! }
func ref(_ service: ForeignService, _ file: String, _ line: Int) -> SourceRef { SourceRef(service: service, file: file, line: line, row: line - 1) }
func movieMatch(_ id: Int64, _ method: MatchMethod = .search, title: String? = nil, year: Int? = nil) -> MatchOutcome {
    .matched(TMDbMatch(tmdbId: id, mediaType: .movie, method: method, title: title, year: year))
}

@Suite("Library builder")
struct BuilderTests {
    /// A Letterboxd film with two diary entries (one a rewatch with tags), a half-star rating,
    /// a review in HTML, a list entry with a note, and a heart.
    static func pastLives() -> ForeignItem {
        var i = ForeignItem(source: ref(.letterboxd, "watched.csv", 3), kind: .movie, title: "Past Lives")
        i.year = 2023
        i.sources += [ref(.letterboxd, "diary.csv", 2), ref(.letterboxd, "diary.csv", 3)]
        i.watches = [WatchEvent(date: day("2023-09-03"), loggedDate: day("2023-09-04"), source: ref(.letterboxd, "diary.csv", 2)),
                     WatchEvent(date: day("2023-09-30"), rewatch: true, tags: ["cinema", "with mum"], source: ref(.letterboxd, "diary.csv", 3))]
        i.ratings = [ForeignRating(value: 4.5, scale: .halfStars5, raw: "4.5", date: day("2023-10-01"), source: ref(.letterboxd, "ratings.csv", 3))]
        i.reviews = [ForeignReview(text: "I <i>liked</i> it.\r\n\r\nA lot.", isHTML: true, date: day("2023-09-04"), source: ref(.letterboxd, "reviews.csv", 2))]
        i.lists = [ListMembership(listKey: "lb:faves", listName: "Five Stars", position: 2, note: "Cried twice.", source: ref(.letterboxd, "lists/five-stars.csv", 8))]
        return i
    }

    static func fiveStars() -> ForeignList {
        ForeignList(key: "lb:faves", service: .letterboxd, name: "Five Stars", description: "The best of the best.",
                    createdAt: day("2024-11-23"), source: ref(.letterboxd, "lists/five-stars.csv", 3))
    }

    @Test func keepsEveryWatchRatingTagReviewAndListEntry() throws {
        var c = BuildCase()
        c.export.lists = [Self.fiveStars()]
        var other = ForeignItem(source: ref(.letterboxd, "lists/five-stars.csv", 7), kind: .movie, title: "Sanctuary")
        other.lists = [ListMembership(listKey: "lb:faves", listName: "Five Stars", position: 1, source: other.source)]
        c.add(Self.pastLives(), movieMatch(666, title: "Past Lives", year: 2023))
        c.add(other, movieMatch(777, .fileId))
        let b = c.build()
        let lib = b.library
        #expect(Validator.validate(lib).filter { $0.severity == .error }.isEmpty)

        let t = try #require(lib.titles.first { $0.tmdbId == 666 })
        #expect(t.watched && t.viewings.count == 2)
        // The most recent watch, as a day at 12:00 UTC.
        #expect(t.watchedDate.map(DateCoding.formatRFC3339) == "2023-09-30T11:00:00Z")
        #expect(t.viewings.map(\.rewatch) == [false, true] && t.viewings.allSatisfy { $0.precision == .day && $0.source == "letterboxd" })
        #expect(t.ratings == [OriginalRating(source: "letterboxd", value: 4.5, scale: 5, date: DateCoding.parseISO("2023-10-01T00:00:00Z"), datePrecision: .day)])
        #expect(t.likedStatus == 1)
        #expect(t.tags == ["cinema", "with mum"])
        #expect(t.dateAdded == DateCoding.parseISO("2023-09-03T11:00:00Z"), "the earliest date known")
        #expect(t.metadata?.title == "Past Lives" && t.metadata?.year == 2023)
        #expect(t.sources == [RecordSource(service: "letterboxd", file: "watched.csv", row: 3), RecordSource(service: "letterboxd", file: "diary.csv", row: 2),
                              RecordSource(service: "letterboxd", file: "diary.csv", row: 3)])

        // The review: an owner-only note, HTML and CRLF as written.
        let n = try #require(lib.notes.first)
        #expect(lib.notes.count == 1 && n.parentId == t.id && n.parentType == .title && n.ownerOnly)
        #expect(n.text == "I <i>liked</i> it.\r\n\r\nA lot.")
        #expect(n.sources.first?.file == "reviews.csv")

        // The list keeps its order (position), description, date and entry note.
        let list = try #require(lib.lists.first { $0.name == "Five Stars" })
        #expect(list.items.map(\.titleId) == [ImportIDs.title(.movie, 777), t.id])
        #expect(list.items.map(\.orderIndex) == [0, 1])
        #expect(list.items[1].note == "Cried twice.")
        #expect(list.listDescription == "The best of the best.")
        #expect(list.dateCreated == DateCoding.parseISO("2024-11-23T11:00:00Z"))
        #expect(lib.lists.count == 1, "every title is in a list already: no watched list")
        // A title matched by an ID in the file, TMDb not asked: stripped (for hydrate).
        #expect(lib.titles.first { $0.tmdbId == 777 }?.isStripped == true)
        #expect(b.counts.viewings == 2 && b.counts.ratings == 1 && b.counts.tags == 2 && b.counts.notes == 1 && b.counts.stripped == 1)
    }

    @Test func titlesInNoListGoToTheWatchedListAndTheWatchlistIsALIst() throws {
        var c = BuildCase()
        var rated = ForeignItem(source: ref(.imdb, "ratings.csv", 2), kind: .movie, title: "Heat")
        rated.ratings = [ForeignRating(value: 7, scale: .tenPoint, raw: "7", date: day("2020-01-02"), source: rated.source)]
        var wanted = ForeignItem(source: ref(.trakt, "lists-watchlist.json", 1), kind: .movie, title: "Alien")
        wanted.marks = [ForeignMark(.watchlist, date: day("2021-05-05"), detail: "with friends", source: wanted.source)]
        var seen = ForeignItem(source: ref(.letterboxd, "watched.csv", 2), kind: .movie, title: "Ran")
        seen.marks = [ForeignMark(.watched, date: day("2019-03-03"), source: seen.source)]
        c.add(rated, movieMatch(1, .imdb))
        c.add(wanted, movieMatch(2, .fileId))
        c.add(seen, movieMatch(3))
        var options = ImportBuildOptions(now: BuildCase.now)
        options.watchedListName = "Seen elsewhere"
        let lib = c.build(options).library
        #expect(lib.lists.map(\.name) == ["Watchlist", "Seen elsewhere"])
        #expect(lib.lists[0].items.map(\.titleId) == [ImportIDs.title(.movie, 2)] && lib.lists[0].items[0].note == "with friends")
        // Ordered by date added.
        #expect(lib.lists[1].items.map(\.titleId) == [ImportIDs.title(.movie, 3), ImportIDs.title(.movie, 1)])
        let ran = try #require(lib.titles.first { $0.tmdbId == 3 })
        #expect(ran.watched && ran.viewings.isEmpty && ran.watchedDate == DateCoding.parseISO("2019-03-03T11:00:00Z"))
        #expect(lib.titles.first { $0.tmdbId == 1 }?.likedStatus == 0, "7/10 is neutral")
        #expect(lib.titles.first { $0.tmdbId == 2 }?.watched == false)
        #expect(Validator.validate(lib).filter { $0.severity == .error }.isEmpty)
    }

    @Test(arguments: [
        (4.5, ForeignRating.Scale.halfStars5, 1), (4, .halfStars5, 1), (3.5, .halfStars5, 0), (2.5, .halfStars5, 0), (2, .halfStars5, -1),
        (0.5, .halfStars5, -1), (8, .tenPoint, 1), (7, .tenPoint, 0), (5, .tenPoint, 0), (4, .tenPoint, -1), (10, .tenPoint, 1),
        (4, .fivePoint, 1), (3, .fivePoint, 0),
    ])
    func likedStatusFollowsTheDefaultProfile(_ value: Double, _ scale: ForeignRating.Scale, _ liked: Int) {
        var c = BuildCase()
        var i = ForeignItem(source: ref(.letterboxd, "ratings.csv", 2), kind: .movie, title: "X")
        i.ratings = [ForeignRating(value: value, scale: scale, raw: "\(value)", date: nil, source: i.source)]
        c.add(i, movieMatch(9, .fileId))
        let t = c.build().library.titles[0]
        #expect(t.likedStatus == liked)
        #expect(t.ratings.first?.value == value, "never rounded")
    }

    @Test func theProfileIsConfigurableAndTheLatestRatingCounts() {
        var c = BuildCase()
        var i = ForeignItem(source: ref(.letterboxd, "ratings.csv", 2), kind: .movie, title: "X")
        i.ratings = [ForeignRating(value: 2, scale: .halfStars5, raw: "2", date: day("2024-01-01"), source: i.source),
                     ForeignRating(value: 3.5, scale: .halfStars5, raw: "3.5", date: day("2024-06-01"), source: i.source),
                     ForeignRating(value: 1, scale: .halfStars5, raw: "1", date: day("2023-01-01"), source: i.source)]
        c.add(i, movieMatch(9, .fileId))
        #expect(c.build().library.titles[0].likedStatus == 0)
        let strict = ImportBuildOptions(profile: LikedProfile(likedAt: 7, dislikedAt: 3), now: BuildCase.now)
        #expect(c.build(strict).library.titles[0].likedStatus == 1, "3.5 stars = 7/10, liked at 7")
        #expect(c.build().library.titles[0].ratings.count == 3, "every rating kept")
        #expect(LikedProfile(likedAt: 4, dislikedAt: 6).problem != nil)
    }

    @Test func tvTimeEmotionsSetLikedStatusWhenThereIsNoRating() {
        #expect(LikedProfile.emotion("1") == 1 && LikedProfile.emotion("6") == -1 && LikedProfile.emotion("5") == 0)
        #expect(LikedProfile.emotion("emotion-wow") == 1 && LikedProfile.emotion("so-so") == 0 && LikedProfile.emotion("xyz") == nil)
        var c = BuildCase()
        var i = ForeignItem(source: ref(.tvtime, "emotions.csv", 2), kind: .movie, title: "X")
        i.emotions = [ForeignEmotion(value: "1", date: day("2020-01-01"), source: i.source),
                      ForeignEmotion(value: "6", date: day("2021-01-01"), source: i.source)]
        c.add(i, movieMatch(9, .fileId))
        #expect(c.build().library.titles[0].likedStatus == -1, "the latest emotion")
    }

    @Test func episodesGoUnderTheirShowWithTheirWatchesAndRatings() throws {
        var c = BuildCase()
        func ep(_ s: Int?, _ n: Int?, _ line: Int, date: String, rewatch: Bool = false) -> ForeignItem {
            var e = ForeignItem(source: SourceRef(service: .trakt, file: "watched-history.json", row: line), kind: .episode, title: "Ep")
            e.episode = EpisodeRef(showTitle: "Lighthouse Keepers", showIDs: ForeignIDs(tmdb: 2003), season: s, number: n)
            e.watches = [WatchEvent(date: ForeignDate.parse(date), rewatch: rewatch, source: e.source)]
            return e
        }
        let tv = MatchOutcome.matched(TMDbMatch(tmdbId: 2003, mediaType: .tv, method: .fileId))
        c.add(ep(1, 2, 1, date: "2024-09-10T13:52:56.000Z"), tv)
        c.add(ep(1, 1, 2, date: "2024-09-09T10:00:00.000Z"), tv)
        c.add(ep(1, 1, 3, date: "2024-09-11T10:00:00.000Z", rewatch: true), tv)
        var rated = ep(0, 1, 4, date: "2024-01-01T00:00:00.000Z")
        rated.ratings = [ForeignRating(value: 9, scale: .tenPoint, raw: "9", date: nil, source: rated.source)]
        c.add(rated, tv)
        c.add(ep(nil, nil, 5, date: "2023-01-01T00:00:00.000Z"), tv)
        let lib = c.build().library
        #expect(lib.titles.count == 1)
        let show = lib.titles[0]
        #expect(show.mediaType == .tv && show.tmdbId == 2003 && show.isStripped)
        #expect(lib.episodes.map(\.episodeCode) == ["S00E01", "S01E01", "S01E02"])
        #expect(lib.episodes.allSatisfy { $0.showId == show.id && $0.tmdbId == nil && $0.isStripped })
        let e11 = lib.episodes[1]
        #expect(e11.viewings.count == 2 && e11.watched && e11.watchedDate == DateCoding.parseISO("2024-09-11T10:00:00Z"))
        #expect(e11.viewings.allSatisfy { $0.precision == .instant })
        #expect(e11.sources.count == 2)
        #expect(lib.episodes[0].ratings.first?.value == 9)
        // The row without numbers keeps its watch on the show.
        #expect(show.viewings.count == 1 && show.watched)
        #expect(show.dateAdded == DateCoding.parseISO("2023-01-01T00:00:00Z"))
        #expect(lib.lists.map(\.name) == ["Watched"])
        // For v1: minimal metadata, the episode's code as its name.
        let filled = c.build(ImportBuildOptions(fillMetadata: true, now: BuildCase.now)).library
        #expect(filled.titles[0].metadata?.title == "Lighthouse Keepers")
        #expect(filled.episodes.map { $0.metadata?.name } == ["S00E01", "S01E01", "S01E02"])
        #expect(Validator.validate(filled).filter { $0.severity == .error }.isEmpty)
        // One build serves both: the filled metadata taken off gives the stripped library.
        #expect(c.build(ImportBuildOptions(fillMetadata: true, now: BuildCase.now)).strippedLibrary == lib)
    }

    @Test func itemsOfSeveralServicesFoldIntoOneTitle() throws {
        var c = BuildCase()
        var lb = ForeignItem(source: ref(.letterboxd, "ratings.csv", 2), kind: .movie, title: "Heat")
        lb.ratings = [ForeignRating(value: 4.5, scale: .halfStars5, raw: "4.5", date: day("2020-01-01"), source: lb.source)]
        var imdb = ForeignItem(source: ref(.imdb, "ratings.csv", 2), kind: .movie, title: "Heat")
        imdb.ratings = [ForeignRating(value: 9, scale: .tenPoint, raw: "9", date: day("2019-01-01"), source: imdb.source)]
        c.add(lb, movieMatch(949, title: "Heat", year: 1995))
        c.add(imdb, movieMatch(949, .imdb, title: "Heat", year: 1995))
        let b = c.build()
        #expect(b.library.titles.count == 1)
        #expect(b.library.titles[0].ratings.map(\.source) == ["imdb", "letterboxd"])
        #expect(b.rows["imdb:ratings.csv"]?.folded == 1 && b.rows["letterboxd:ratings.csv"]?.folded == 0)
        #expect(b.rows["imdb:ratings.csv"]?.matchedByID == 1 && b.rows["letterboxd:ratings.csv"]?.matchedBySearch == 1)
        // TMDb's metadata is kept when the filled metadata is taken off.
        let filled = c.build(ImportBuildOptions(fillMetadata: true, now: BuildCase.now))
        #expect(filled.filledMetadata.isEmpty && filled.strippedLibrary == b.library && b.library.titles[0].metadata?.title == "Heat")
    }

    @Test func reviewAndIgnoredItemsAreLeftOutAndCounted() {
        var c = BuildCase()
        c.add(ForeignItem(source: ref(.letterboxd, "watched.csv", 2), kind: .movie, title: "A"), .review(ReviewEntry(reason: "two candidates")))
        c.add(ForeignItem(source: ref(.letterboxd, "watched.csv", 3), kind: .movie, title: "B"), .ignored)
        c.add(ForeignItem(source: ref(.letterboxd, "watched.csv", 4), kind: .movie, title: "C"), movieMatch(5, .override))
        let b = c.build()
        #expect(b.library.titles.map(\.tmdbId) == [5])
        let r = b.rows["letterboxd:watched.csv"]
        #expect(r?.reviewRows == 1 && r?.reviewItems == 1 && r?.unmatchedItems == 1 && r?.ignoredRows == 1 && r?.importedRows == 1 && r?.matchedByOverride == 1)
    }

    @Test func idsAreNameBasedAndTheSameOnEveryBuild() {
        var c = BuildCase()
        c.export.lists = [Self.fiveStars()]
        c.add(Self.pastLives(), movieMatch(666, title: "Past Lives", year: 2023))
        let a = c.build().library, b = c.build().library
        #expect(a == b)
        let id = ImportIDs.title(.movie, 666)
        #expect(a.titles[0].id == id && id == ImportIDs.title(.movie, 666) && id != ImportIDs.title(.tv, 666))
        // A version 5 UUID, upper case like the app's.
        #expect(UUID(uuidString: id) != nil && id == id.uppercased() && Array(id)[14] == "5")
        #expect(a.lists[0].id == ImportIDs.list("letterboxd/lists/five-stars.csv/Five Stars"))
        #expect(Set(a.lists[0].items.compactMap(\.id)).count == a.lists[0].items.count)
    }

    @Test func aLongListNameIsShortenedAndKeptWhole() throws {
        var c = BuildCase()
        let long = String(repeating: "Very long list name ", count: 8)
        c.export.lists = [ForeignList(key: "k", service: .trakt, name: long, source: ref(.trakt, "lists-lists.json", 1))]
        let b = c.build()
        let l = try #require(b.library.lists.first)
        #expect(l.name.unicodeScalars.count == 100 && l.listDescription?.contains(long) == true)
        #expect(b.diagnostics.contains { $0.code == DiagnosticCode.importListName.rawValue })
    }
}
