import Foundation
import GRDB
import MWCore
import MWFoundation
@testable import MWStore

/// Libraries built in code for the store tests, and scratch directories.
enum Fixtures {
    /// A database left just before migration `name`, then opened as mwkit opens it: the store,
    /// and the number of migrations it held when opened (`name`'s index).
    static func storeOpenedBefore(_ name: String) throws -> (store: LibraryStore, before: Int) {
        let url = scratch().appendingPathComponent("library.sqlite")
        guard let before = StoreSchema.migrationNames.firstIndex(of: name) else { throw MWError.usage("no migration \(name)") }
        let q = try DatabaseQueue(path: url.path)
        try StoreSchema.migrator(upTo: before).migrate(q)
        try q.close()
        return (try LibraryStore.open(at: url), before)
    }

    /// A date with a fractional part that only an exact representation keeps.
    static func date(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: 700_000_000 + seconds + 0.123456789) }

    static let movieId = "A0000000-0000-4000-8000-000000000001"
    static let showId = "A0000000-0000-4000-8000-000000000002"
    static let strippedShowId = "A0000000-0000-4000-8000-000000000003"
    static let watchlistId = "B0000000-0000-4000-8000-000000000001"
    static let favouritesId = "B0000000-0000-4000-8000-000000000002"

    /// A small library touching every attribute: nil and non-nil optionals, stripped records,
    /// both note parents, owner-only and shared notes, preferences, v1-style items without id.
    static func library() -> Library {
        let movie = Title(id: movieId, tmdbId: 603, mediaType: .movie,
                          metadata: TitleMetadata(title: "The Matrix", originalTitle: "The Matrix", imdbId: "tt0133093",
                                                  year: 1999, overview: "A hacker / learns \"truth\".", genres: ["Action", "Science Fiction"],
                                                  runtime: 136, posterPath: "/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg",
                                                  backdropPath: "/fNG7i7RqMErkcqhohV2a6cV1Ehy.jpg", originalLanguage: "en",
                                                  popularity: 83.123456789012, voteAverage: 8.2, voteCount: 24000,
                                                  releaseDate: date(1)),
                          watched: true, watchedDate: date(2), likedStatus: 1, dateAdded: date(3), dateModified: date(4),
                          localPosterPath: "posters/f89.jpg")
        let show = Title(id: showId, tmdbId: 1396, mediaType: .tv,
                         metadata: TitleMetadata(title: "Breaking Bad", year: 2008, genres: [], runtime: 47,
                                                 firstAirDate: date(5), lastAirDate: date(6), status: "Ended",
                                                 numberOfSeasons: 5, numberOfEpisodes: 62),
                         watched: false, likedStatus: 0, dateAdded: date(7))
        let stripped = Title(id: strippedShowId, tmdbId: 1399, mediaType: .tv, metadata: nil, watched: false,
                             likedStatus: -1, dateAdded: date(8), dateModified: date(9), localBackdropPath: "b/x.jpg")
        let e1 = Episode(id: "C0000000-0000-4000-8000-000000000001", showId: showId, tmdbId: 62085, seasonNumber: 1,
                         episodeNumber: 1, metadata: EpisodeMetadata(name: "Pilot", overview: "Walter…", airDate: date(10),
                                                                      runtime: 58, stillPath: "/ydlY3iPfeOAvu8gVqrxPoMvzNCn.jpg"),
                         watched: true, watchedDate: date(11), dateModified: date(12), localStillPath: "s/1.jpg")
        let e2 = Episode(id: "C0000000-0000-4000-8000-000000000002", showId: showId, seasonNumber: 1, episodeNumber: 2,
                         metadata: EpisodeMetadata(name: "Cat's in the Bag..."))
        let e3 = Episode(id: "C0000000-0000-4000-8000-000000000003", showId: strippedShowId, tmdbId: 63056,
                         seasonNumber: 0, episodeNumber: 1, metadata: nil, watched: true)
        let watchlist = MediaList(id: watchlistId, name: "Watchlist", icon: "list.bullet", colorHex: "#FF0000", sortOrder: 0,
                                  isDefault: true, dateCreated: date(13), dateModified: date(14),
                                  items: [ListItem(id: "D0000000-0000-4000-8000-000000000001", titleId: showId, orderIndex: 0, dateAdded: date(15)),
                                          ListItem(id: "D0000000-0000-4000-8000-000000000002", titleId: movieId, orderIndex: 1, dateAdded: date(16))])
        let favourites = MediaList(id: favouritesId, name: "Favourites", sortOrder: 1,
                                   items: [ListItem(titleId: strippedShowId, orderIndex: 0),
                                           ListItem(titleId: movieId, orderIndex: 1)])
        let notes = [
            Note(id: "E0000000-0000-4000-8000-000000000001", parentId: movieId, parentType: .title, text: "Private thought",
                 ownerOnly: true, dateCreated: date(17)),
            Note(id: "E0000000-0000-4000-8000-000000000002", parentId: movieId, parentType: .title, text: "Share this\nline two",
                 ownerOnly: false, dateCreated: date(18), dateModified: date(19)),
            Note(id: "E0000000-0000-4000-8000-000000000003", parentId: e1.id, parentType: .episode, text: "Great pilot",
                 ownerOnly: false, dateCreated: date(20)),
        ]
        let prefs = UserPreferences(id: "F0000000-0000-4000-8000-000000000001", defaultListId: watchlistId,
                                    defaultLikedStatus: 0, imageQuality: "w780", showWatchedInLists: false, sortBy: "title",
                                    sortAscending: true, lastSyncDate: date(21), appVersion: "1.4.2")
        return Library(sourceVersion: "1.0", exportDate: date(22), lists: [watchlist, favourites],
                       titles: [movie, show, stripped], episodes: [e1, e2, e3], notes: notes, preferences: prefs)
    }

    /// A generated library of `shows` TV shows with `episodes` episodes each, all in one list.
    static func generated(shows: Int, episodes: Int, seed: Int = 0, listId: String = "B1000000-0000-4000-8000-000000000000") -> Library {
        var lib = Library(sourceVersion: "1.0", exportDate: date(0))
        var list = MediaList(id: listId, name: "All", sortOrder: 0, isDefault: true, dateCreated: date(1))
        for s in 0..<shows {
            let tid = uuid(1, s + seed * 1_000_000)
            lib.titles.append(Title(id: tid, tmdbId: Int64(10_000 + s + seed * 1_000_000), mediaType: .tv,
                                    metadata: TitleMetadata(title: "Show \(s)", year: 2000 + s % 20, genres: ["Drama"], runtime: 40),
                                    watched: s % 3 == 0, likedStatus: s % 3 - 1, dateAdded: date(Double(s)), dateModified: date(Double(s) + 0.5)))
            list.items.append(ListItem(id: uuid(2, s + seed * 1_000_000), titleId: tid, orderIndex: s, dateAdded: date(Double(s))))
            for e in 0..<episodes {
                lib.episodes.append(Episode(id: uuid(3, (s + seed * 1_000_000) * 1000 + e), showId: tid, tmdbId: Int64(s * 1000 + e),
                                            seasonNumber: 1 + e / 10, episodeNumber: 1 + e % 10,
                                            metadata: EpisodeMetadata(name: "Episode \(e)", overview: "Overview of \(s)/\(e)", airDate: date(Double(e)), runtime: 42),
                                            watched: e % 2 == 0, watchedDate: e % 2 == 0 ? date(Double(e * 7)) : nil, dateModified: date(Double(e))))
            }
        }
        lib.lists = [list]
        return lib
    }

    static func uuid(_ kind: Int, _ n: Int) -> String {
        let hex = String(n, radix: 16, uppercase: true)
        return "\(kind)0000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// A fresh scratch directory, removed when the test process ends (the OS cleans /tmp).
    static func scratch(_ name: String = #function) -> URL {
        let u = FileManager.default.temporaryDirectory
            .appendingPathComponent("mwstore-tests-\(getpid())")
            .appendingPathComponent(name.filter { $0.isLetter || $0.isNumber } + "-" + UUID().uuidString.prefix(8))
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// A store at a new path with `library` restored into it by replace.
    static func store(with library: Library, name: String = #function) throws -> LibraryStore {
        let store = try LibraryStore.open(at: scratch(name).appendingPathComponent("library.sqlite"))
        try store.restore(library, options: RestoreOptions(strategy: .replace, snapshot: false))
        return store
    }
}
