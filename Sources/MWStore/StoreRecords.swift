import Foundation
import MWCore

/// Column lists and the binding / reading of each entity, shared by restore, merge and archive
/// so that the three agree on every column. Each `columns` list excludes `id`: inserts bind
/// `id` first, updates bind it last (`WHERE id = ?`), reads select it first.
enum TitleRow {
    static let columns = ["tmdb_id", "media_type", "stripped", "title", "original_title", "imdb_id", "year",
                          "overview", "genres", "runtime", "poster_path", "backdrop_path", "original_language",
                          "popularity", "vote_average", "vote_count", "release_date", "first_air_date",
                          "last_air_date", "status", "number_of_seasons", "number_of_episodes", "watched",
                          "watched_date", "liked_status", "date_added", "date_modified", "local_poster_path",
                          "local_backdrop_path"]

    static func bindColumns(_ s: inout some ColumnSink, _ t: Title) {
        s.bind(t.tmdbId)
        s.bind(t.mediaType.rawValue)
        s.bind(t.metadata == nil)
        let m = t.metadata
        s.bind(m?.title)
        s.bind(m?.originalTitle)
        s.bind(m?.imdbId)
        s.bind(m?.year)
        s.bind(m?.overview)
        s.bind(m.map { GenresCodec.encode($0.genres) })
        s.bind(m?.runtime)
        s.bind(m?.posterPath)
        s.bind(m?.backdropPath)
        s.bind(m?.originalLanguage)
        s.bind(m?.popularity)
        s.bind(m?.voteAverage)
        s.bind(m?.voteCount)
        s.bind(m?.releaseDate)
        s.bind(m?.firstAirDate)
        s.bind(m?.lastAirDate)
        s.bind(m?.status)
        s.bind(m?.numberOfSeasons)
        s.bind(m?.numberOfEpisodes)
        s.bind(t.watched)
        s.bind(t.watchedDate)
        s.bind(t.likedStatus)
        s.bind(t.dateAdded)
        s.bind(t.dateModified)
        s.bind(t.localPosterPath)
        s.bind(t.localBackdropPath)
    }

    /// Reads a row selected as `id, <columns>` starting at column `c`.
    static func read(_ s: RawStatement, at c0: Int32 = 0) throws -> Title {
        var c = c0
        func next() -> Int32 { defer { c += 1 }; return c }
        let id = s.string(next()) ?? ""
        let tmdbId = s.int64(next()) ?? 0
        let mediaType = MediaType(rawValue: s.string(next()) ?? "")
        let stripped = s.bool(next()) ?? false
        var meta: TitleMetadata? = nil
        if !stripped {
            let title = s.string(next()) ?? ""
            let originalTitle = s.string(next())
            let imdbId = s.string(next())
            let year = s.int(next()) ?? 0
            let overview = s.string(next())
            let genresText = s.string(next()) ?? "[]"
            guard let genres = GenresCodec.decode(genresText) else {
                throw MWError.failed("title \(id): genres column is not a JSON array of strings: \(quoted(genresText))")
            }
            meta = TitleMetadata(title: title, originalTitle: originalTitle, imdbId: imdbId, year: year,
                                 overview: overview, genres: genres, runtime: s.int(next()) ?? 0,
                                 posterPath: s.string(next()), backdropPath: s.string(next()),
                                 originalLanguage: s.string(next()), popularity: s.double(next()),
                                 voteAverage: s.double(next()), voteCount: s.int(next()),
                                 releaseDate: s.date(next()), firstAirDate: s.date(next()),
                                 lastAirDate: s.date(next()), status: s.string(next()),
                                 numberOfSeasons: s.int(next()), numberOfEpisodes: s.int(next()))
        } else {
            c += 19
        }
        return Title(id: id, tmdbId: tmdbId, mediaType: mediaType, metadata: meta,
                     watched: s.bool(next()) ?? false, watchedDate: s.date(next()),
                     likedStatus: s.int(next()) ?? 0, dateAdded: s.date(next()) ?? Date(timeIntervalSinceReferenceDate: 0),
                     dateModified: s.date(next()), localPosterPath: s.string(next()),
                     localBackdropPath: s.string(next()))
    }
}

enum EpisodeRow {
    static let columns = ["show_id", "tmdb_id", "season_number", "episode_number", "stripped", "name", "overview",
                          "air_date", "runtime", "still_path", "watched", "watched_date", "date_modified",
                          "local_still_path"]

    static func bindColumns(_ s: inout some ColumnSink, _ e: Episode) {
        s.bind(e.showId)
        s.bind(e.tmdbId)
        s.bind(e.seasonNumber)
        s.bind(e.episodeNumber)
        s.bind(e.metadata == nil)
        s.bind(e.metadata?.name)
        s.bind(e.metadata?.overview)
        s.bind(e.metadata?.airDate)
        s.bind(e.metadata?.runtime)
        s.bind(e.metadata?.stillPath)
        s.bind(e.watched)
        s.bind(e.watchedDate)
        s.bind(e.dateModified)
        s.bind(e.localStillPath)
    }

    static func read(_ s: RawStatement, at c0: Int32 = 0) -> Episode {
        var c = c0
        func next() -> Int32 { defer { c += 1 }; return c }
        let id = s.string(next()) ?? ""
        let showId = s.string(next()) ?? ""
        let tmdbId = s.int64(next())
        let season = s.int(next()) ?? 0
        let number = s.int(next()) ?? 0
        let stripped = s.bool(next()) ?? false
        var meta: EpisodeMetadata? = nil
        if !stripped {
            meta = EpisodeMetadata(name: s.string(next()) ?? "", overview: s.string(next()), airDate: s.date(next()),
                                   runtime: s.int(next()), stillPath: s.string(next()))
        } else {
            c += 5
        }
        return Episode(id: id, showId: showId, tmdbId: tmdbId, seasonNumber: season, episodeNumber: number,
                       metadata: meta, watched: s.bool(next()) ?? false, watchedDate: s.date(next()),
                       dateModified: s.date(next()), localStillPath: s.string(next()))
    }
}

enum ListRow {
    static let columns = ["name", "icon", "color_hex", "sort_order", "is_default", "date_created", "date_modified"]

    static func bindColumns(_ s: inout some ColumnSink, _ l: MediaList) {
        s.bind(l.name)
        s.bind(l.icon)
        s.bind(l.colorHex)
        s.bind(l.sortOrder)
        s.bind(l.isDefault)
        s.bind(l.dateCreated)
        s.bind(l.dateModified)
    }

    /// A list without its items.
    static func read(_ s: RawStatement, at c0: Int32 = 0) -> MediaList {
        var c = c0
        func next() -> Int32 { defer { c += 1 }; return c }
        return MediaList(id: s.string(next()) ?? "", name: s.string(next()) ?? "", icon: s.string(next()),
                         colorHex: s.string(next()), sortOrder: s.int(next()) ?? 0, isDefault: s.bool(next()),
                         dateCreated: s.date(next()), dateModified: s.date(next()))
    }
}

enum ListItemRow {
    /// All columns including `id` (nullable for items read from v1) and `list_id`.
    static let columns = ["id", "list_id", "title_id", "order_index", "date_added"]

    static func bind(_ s: inout some ColumnSink, _ i: ListItem, listId: String) {
        s.bind(i.id)
        s.bind(listId)
        s.bind(i.titleId)
        s.bind(i.orderIndex)
        s.bind(i.dateAdded)
    }

    /// Reads `id, list_id, title_id, order_index, date_added`; returns the item and its list id.
    static func read(_ s: RawStatement, at c: Int32 = 0) -> (item: ListItem, listId: String) {
        (ListItem(id: s.string(c), titleId: s.string(c + 2) ?? "", orderIndex: s.int(c + 3) ?? 0,
                  dateAdded: s.date(c + 4)), s.string(c + 1) ?? "")
    }
}

enum NoteRow {
    static let columns = ["title_id", "episode_id", "text", "owner_only", "date_created", "date_modified"]

    static func bindColumns(_ s: inout some ColumnSink, _ n: Note) {
        s.bind(n.parentType == .title ? n.parentId : nil)
        s.bind(n.parentType == .title ? nil : n.parentId)
        s.bind(n.text)
        s.bind(n.ownerOnly)
        s.bind(n.dateCreated)
        s.bind(n.dateModified)
    }

    static func read(_ s: RawStatement, at c: Int32 = 0) -> Note {
        let titleId = s.string(c + 1)
        let episodeId = s.string(c + 2)
        return Note(id: s.string(c) ?? "", parentId: titleId ?? episodeId ?? "",
                    parentType: titleId != nil ? .title : .episode, text: s.string(c + 3) ?? "",
                    ownerOnly: s.bool(c + 4) ?? true, dateCreated: s.date(c + 5) ?? Date(timeIntervalSinceReferenceDate: 0),
                    dateModified: s.date(c + 6))
    }
}

enum PreferencesRow {
    static let columns = ["default_list_id", "default_liked_status", "image_quality", "show_watched_in_lists",
                          "sort_by", "sort_ascending", "last_sync_date", "app_version"]

    static func bindColumns(_ s: inout some ColumnSink, _ p: UserPreferences) {
        s.bind(p.defaultListId)
        s.bind(p.defaultLikedStatus)
        s.bind(p.imageQuality)
        s.bind(p.showWatchedInLists)
        s.bind(p.sortBy)
        s.bind(p.sortAscending)
        s.bind(p.lastSyncDate)
        s.bind(p.appVersion)
    }

    static func read(_ s: RawStatement, at c: Int32 = 0) -> UserPreferences {
        UserPreferences(id: s.string(c) ?? "", defaultListId: s.string(c + 1), defaultLikedStatus: s.int(c + 2) ?? 0,
                        imageQuality: s.string(c + 3) ?? "w500", showWatchedInLists: s.bool(c + 4) ?? true,
                        sortBy: s.string(c + 5) ?? "dateAdded", sortAscending: s.bool(c + 6) ?? false,
                        lastSyncDate: s.date(c + 7), appVersion: s.string(c + 8))
    }
}

/// SQL text for the statements built from the column lists.
enum StoreSQL {
    static func insert(_ table: String, _ columns: [String], withId: Bool = true) -> String {
        insert("INSERT", table, columns, withId: withId, rows: 1)
    }

    /// An insert of `rows` rows in one statement, for bulk loads inside a transaction that
    /// is rolled back on any error anyway.
    ///
    /// Why `OR ROLLBACK`: a statement that writes several rows and may fail half-way (a
    /// constraint) makes SQLite keep a statement journal, a copy of every page it touches, to
    /// undo only that statement. That journal cost more than the multi-row insert saves
    /// (~0.8 s of malloc and copying on bench/store.sh). With ROLLBACK a constraint error
    /// ends the whole transaction instead — which is what a failed restore does.
    static func bulkInsert(_ table: String, _ columns: [String], withId: Bool = true, rows: Int) -> String {
        insert("INSERT OR ROLLBACK", table, columns, withId: withId, rows: rows)
    }

    private static func insert(_ verb: String, _ table: String, _ columns: [String], withId: Bool, rows: Int) -> String {
        let cols = (withId ? ["id"] : []) + columns
        let tuple = "(\(Array(repeating: "?", count: cols.count).joined(separator: ", ")))"
        return "\(verb) INTO \(table) (\(cols.joined(separator: ", "))) VALUES \(Array(repeating: tuple, count: rows).joined(separator: ", "))"
    }

    static func update(_ table: String, _ columns: [String]) -> String {
        "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
    }

    static func select(_ table: String, _ columns: [String], withId: Bool = true) -> String {
        "SELECT \(((withId ? ["id"] : []) + columns).joined(separator: ", ")) FROM \(table)"
    }
}
