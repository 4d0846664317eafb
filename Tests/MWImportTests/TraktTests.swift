import Foundation
@testable import MWImport
import MWFoundation
import Testing

@Suite("Trakt")
struct TraktTests {
    static func history(_ id: Int, _ at: String, movie title: String, tmdb: String = "null", imdb: String = "\"\"") -> String {
        """
        {"id": \(id), "watched_at": "\(at)", "action": "watch", "type": "movie",
         "movie": {"title": "\(title)", "year": 1999, "ids": {"trakt": \(id), "slug": "m-\(id)", "imdb": \(imdb), "tmdb": \(tmdb)}}}
        """
    }

    static let watchedShows = """
    [{"plays": 3, "last_watched_at": "2024-09-10T13:52:56.000Z", "reset_at": null,
      "show": {"title": "South Park", "year": 1997, "ids": {"trakt": 2177, "slug": "south-park", "tvdb": 75897, "imdb": "tt0121955", "tmdb": 2190, "tvrage": null}},
      "seasons": [
        {"number": 0, "episodes": [{"number": 1, "plays": 1, "last_watched_at": "2024-09-01T10:00:00.000Z"}]},
        {"number": 1, "episodes": [{"number": 1, "plays": 2, "last_watched_at": "2024-09-10T13:52:56.000Z"}]}
      ]}]
    """

    static let ratingsSeasons = """
    [{"rated_at": "2024-03-07T19:37:32.000Z", "rating": 8, "type": "season",
      "season": {"number": 4, "ids": {"trakt": 3953, "tvdb": 297361, "tmdb": 3576}},
      "show": {"title": "South Park", "year": 1997, "ids": {"trakt": 2177, "slug": "south-park", "tvdb": 75897, "imdb": "tt0121955", "tmdb": 2190}}}]
    """

    static let ratingsEpisodes = """
    [{"rated_at": "2024-09-11T08:38:24.123Z", "rating": 7, "type": "episode",
      "episode": {"season": 1, "number": 1, "title": "Pilot", "ids": {"trakt": 342245, "tvdb": 127131, "imdb": "tt0636289", "tmdb": 333924}},
      "show": {"title": "Lost", "year": 2004, "ids": {"trakt": 4583, "slug": "lost-2004", "tvdb": 73739, "imdb": "tt0411008", "tmdb": 4607}}}]
    """

    static let listsIndex = """
    [{"name": "Rewatch Soon", "description": "Things worth a second look", "privacy": "private", "share_link": "https://app.trakt.tv/users/u/lists/rewatch-soon",
      "created_at": "2021-03-02T10:15:00.000Z", "item_count": 1, "ids": {"slug": "rewatch-soon", "trakt": 4242}}]
    """

    static let listItems = """
    [{"type": "movie", "movie": {"title": "The Matrix", "year": 1999, "ids": {"trakt": 481, "slug": "the-matrix-1999", "imdb": "tt0133093", "tmdb": 603}},
      "rank": 3, "id": 900000008, "listed_at": "2024-06-01T12:00:00.000Z", "notes": "with the sequels", "my_rating": null},
     {"type": "person", "person": {"name": "Keanu Reeves", "ids": {"trakt": 1}}, "rank": 4, "listed_at": "2024-06-01T12:00:00.000Z"}]
    """

    static let watchlist = """
    [{"type": "show", "show": {"title": "My Mister", "year": 2018, "ids": {"trakt": 127400, "slug": "my-mister", "tvdb": 341871, "imdb": "tt7923710", "tmdb": 76662, "plex": {"guid": "x"}}},
      "rank": 1, "listed_at": "2025-03-01T21:54:31.000Z", "notes": null}]
    """

    static let comments = """
    [{"type": "movie", "movie": {"title": "The Matrix", "year": 1999, "ids": {"trakt": 481, "slug": "the-matrix-1999", "imdb": "tt0133093", "tmdb": 603}},
      "comment": {"id": 1, "comment": "Still holds up, every frame.", "spoiler": false, "review": true, "created_at": "2025-05-19T10:18:31.000Z"}}]
    """

    static func export(_ fx: Fixture) throws -> URL {
        try fx.write("trakt/watched-history-1.json", "[" + history(1, "2026-04-01T11:10:00.000Z", movie: "One") + "]")
        try fx.write("trakt/watched-history-2.json", "[" + history(2, "2026-03-01T11:10:00.000Z", movie: "Two", tmdb: "603", imdb: "\"tt0133093\"") + "]")
        try fx.write("trakt/watched-history-10.json", "[" + history(10, "2026-01-01T11:10:00.000Z", movie: "Ten", imdb: "null") + "]")
        try fx.write("trakt/watched-shows.json", watchedShows)
        try fx.write("trakt/ratings-seasons.json", ratingsSeasons)
        try fx.write("trakt/sub/ratings-episodes.json", ratingsEpisodes)
        try fx.write("trakt/lists-lists.json", listsIndex)
        try fx.write("trakt/lists/lists-list-4242-rewatch-soon.json", listItems)
        try fx.write("trakt/lists-watchlist.json", watchlist)
        try fx.write("trakt/comments-movies.json", comments)
        try fx.write("trakt/user-profile.json", #"{"username": "private_person", "name": "Private Person"}"#)
        return fx.url("trakt")
    }

    @Test func anElementThatIsNoObjectIsMalformedAndTheOthersAreRead() throws {
        let fx = try Fixture()
        try fx.write("trakt/watched-history-1.json", "[" + Self.history(1, "2026-04-01T11:10:00.000Z", movie: "One") + ", 42, \"x\"]")
        let out = MWImport.read(sources: [fx.url("trakt")])
        out.expectBalanced()
        #expect(out.item("One")?.watches.count == 1)
        let bad = out.diagnostics(.importMalformedRow)
        #expect(bad.map(\.pointer) == ["/1", "/2"], "\(bad.map(\.message))")
        #expect(bad.allSatisfy { $0.message.hasSuffix(": element \($0.pointer.dropFirst()) is not an object") }, "\(bad.map(\.message))")
        #expect(out.file("watched-history-1.json")?.malformed.map(\.reason) == ["not an object", "not an object"])
    }

    @Test func aTraktExportFolder() throws {
        let fx = try Fixture()
        let out = MWImport.read(sources: [try Self.export(fx)])
        out.expectBalanced()
        // Pages are read in numeric order: 1, 2, 10.
        let pages = out.files.filter { $0.kind == .traktHistory }.map { ($0.file as NSString).lastPathComponent }
        #expect(pages == ["watched-history-1.json", "watched-history-2.json", "watched-history-10.json"])
        let one = try #require(out.item("One"))
        #expect(one.ids.tmdb == nil && one.ids.imdb == nil, "null tmdb and empty imdb are no IDs")
        #expect(one.watches.first?.date?.precision == .instant)
        #expect(one.watches.first?.date?.raw == "2026-04-01T11:10:00.000Z")
        #expect(one.watches.first?.detail == "watch")
        #expect(out.item("Ten")?.ids.imdb == nil)

        // "Two" has the Matrix's IDs in its history row: the list, comment and history fold by ID.
        let matrix = try #require(out.items.first { $0.ids.tmdb == 603 })
        #expect(matrix.watches.count == 1)
        #expect(matrix.lists.first?.listName == "Rewatch Soon" && matrix.lists.first?.position == 3 && matrix.lists.first?.note == "with the sequels")
        #expect(matrix.reviews.first?.text == "Still holds up, every frame." && matrix.reviews.first?.kind == "review")
        #expect(out.lists.first?.description == "Things worth a second look")
        #expect(out.file("lists/lists-list-4242-rewatch-soon.json")?.ignored["person entry (not imported)"] == 1)

        let park = try #require(out.items.first { $0.kind == .tvShow && $0.title == "South Park" })
        #expect(park.ids.tvdb == 75897 && park.ids.tmdb == 2190)
        #expect(park.marks.first { $0.kind == .watched }?.count == 3)
        let season4 = try #require(park.ratings.first)
        #expect(season4.season == 4 && season4.value == 8)
        let special = try #require(out.items.first { $0.kind == .episode && $0.episode?.season == 0 })
        #expect(special.episode?.number == 1 && special.episode?.showIDs.tmdb == 2190)
        let s1e1 = try #require(out.items.first { $0.kind == .episode && $0.episode?.showTitle == "South Park" && $0.episode?.season == 1 })
        #expect(s1e1.marks.first?.count == 2)

        let pilot = try #require(out.item("Pilot"))
        #expect(pilot.kind == .episode && pilot.episode?.showTitle == "Lost" && pilot.ids.tvdb == 127131)
        #expect(pilot.ratings.first?.date?.raw == "2024-09-11T08:38:24.123Z")

        #expect(out.item("My Mister")?.isWatchlisted == true)
        #expect(out.file("user-profile.json")?.read == false)
        let all = String(decoding: try JSONEncoder().encode(out), as: UTF8.self)
        #expect(!all.contains("Private Person"))
    }

    @Test func filesAreRecognisedByShapeWhenRenamed() throws {
        let fx = try Fixture()
        try fx.write("import_trakt_ratings.json", #"[{"rated_at": "2024-03-07T19:37:27.000Z", "rating": 8, "type": "movie", "movie": {"title": "Pulp Fiction", "year": 1994, "ids": {"trakt": 554, "imdb": "tt0110912", "tmdb": 680}}}]"#)
        try fx.write("shows.data", Self.watchedShows)
        try fx.write("broken.json", "[{\"rated_at\": ")
        let out = MWImport.read(sources: [fx.url("import_trakt_ratings.json"), fx.url("shows.data"), fx.url("broken.json")])
        out.expectBalanced()
        #expect(out.file("import_trakt_ratings.json")?.kind == .traktRatings)
        #expect(out.file("shows.data")?.kind == .traktWatchedShows)
        #expect(out.item("Pulp Fiction")?.ratings.first?.value == 8)
        #expect(out.file("broken.json")?.malformed.count == 1)
        #expect(TraktReader.detect(bytes: Array("[]".utf8), name: "lists-watchlist.json") == .traktWatchlist)
        #expect(TraktReader.detect(bytes: Array("Const,Title\n".utf8), name: "watched-history.json") == nil)
    }
}
