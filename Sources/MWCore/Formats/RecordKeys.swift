/// Key tables for each record type, per dialect (field numbers index the name arrays).
enum RecordKeys {
    static let titleNames = ["id", "tmdbId", "mediaType", "stripped", "imdbId", "title", "originalTitle", "year",
                             "overview", "genres", "runtime", "posterPath", "backdropPath", "originalLanguage",
                             "popularity", "voteAverage", "voteCount", "releaseDate", "firstAirDate", "lastAirDate",
                             "status", "numberOfSeasons", "numberOfEpisodes", "watched", "watchedDate", "likedStatus",
                             "dateAdded", "dateModified", "localPosterPath", "localBackdropPath"]
    static let titleMetadata = Set(4...22)
    static let titleV1 = KeyTable(titleNames, allowed: [0, 1, 2, 4, 5, 7, 8, 9, 10, 11, 12, 23, 24, 25, 26])
    static let titleV2 = KeyTable(titleNames)

    static let episodeNames = ["id", "showId", "tmdbId", "seasonNumber", "episodeNumber", "stripped", "name", "overview",
                               "airDate", "runtime", "stillPath", "watched", "watchedDate", "dateModified", "localStillPath"]
    static let episodeMetadata = Set(6...10)
    static let episodeV1 = KeyTable(episodeNames, allowed: [0, 1, 3, 4, 6, 7, 11, 12])
    static let episodeV2 = KeyTable(episodeNames)

    static let listNames = ["id", "name", "icon", "colorHex", "sortOrder", "isDefault", "dateCreated", "dateModified", "titleIds", "items"]
    static let listV1 = KeyTable(listNames, allowed: [0, 1, 2, 3, 4, 8])
    static let listV2 = KeyTable(listNames, allowed: [0, 1, 2, 3, 4, 5, 6, 7, 9])

    static let itemNames = ["titleId", "orderIndex", "id", "dateAdded"]
    static let itemV2 = KeyTable(itemNames)

    static let noteNames = ["id", "parentId", "parentType", "text", "ownerOnly", "dateCreated", "dateModified"]
    static let noteV1 = KeyTable(noteNames, allowed: [0, 1, 2, 3, 4, 5])
    static let noteV2 = KeyTable(noteNames)

    static let prefsNames = ["id", "defaultListId", "defaultLikedStatus", "imageQuality", "showWatchedInLists", "sortBy",
                             "sortAscending", "lastSyncDate", "appVersion"]
    static let prefsV2 = KeyTable(prefsNames)

    // Field numbers the validator refers to (indexes into the name arrays above).
    static let id = 0
    enum Title { static let tmdbId = 1, mediaType = 2, title = 5, likedStatus = 25 }
    enum Episode { static let showId = 1, seasonNumber = 3, episodeNumber = 4, name = 6 }
    enum List { static let name = 1 }
    enum Note { static let parentId = 1, parentType = 2 }
}
