import Foundation

/// The fields of a ``Title`` (docs/SPEC.md#title, docs/FORMAT.md, docs/DATABASE.md `titles`).
public enum TitleField: Int, EntityField {
    case id, tmdbId, mediaType, stripped, title, originalTitle, imdbId, year, overview, genres, runtime,
         posterPath, backdropPath, originalLanguage, popularity, voteAverage, voteCount, releaseDate,
         firstAirDate, lastAirDate, status, numberOfSeasons, numberOfEpisodes, watched, watchedDate,
         likedStatus, dateAdded, dateModified, localPosterPath, localBackdropPath,
         ratings, viewings, tags, sources,
         watchStatus, watchStatusWord, watchStatusDate, watchStatusSource,
         exportTitle, exportYear, serviceIds, unnumberedEpisodes

    public static let entity = EntityKind.title
    public static let table = FieldTable<TitleField>()

    @inlinable @inline(__always)
    public var spec: FieldSpec {
        switch self {
        //                                 key                  value      presence                 origin  v1 key order       column
        case .id:                return .init("id",                .string,   .required,               .user, v1: .key(0),  column: "id")
        case .tmdbId:            return .init("tmdbId",            .int64,    .required,               .user, v1: .key(1),  column: "tmdb_id")
        case .mediaType:         return .init("mediaType",         .string,   .required,               .user, v1: .key(3),  column: "media_type")
        case .stripped:          return .init("stripped",          .stripped, .optional,               .user, v1: nil,      column: "stripped")
        case .title:             return .init("title",             .string,   .requiredUnlessStripped, .tmdb, v1: .key(4),  column: "title")
        case .originalTitle:     return .init("originalTitle",     .string,   .optional,               .tmdb, v1: nil,      column: "original_title")
        case .imdbId:            return .init("imdbId",            .string,   .optional,               .tmdb, v1: .key(2),  column: "imdb_id")
        case .year:              return .init("year",              .int16,    .requiredUnlessStripped, .tmdb, v1: .key(5),  column: "year")
        case .overview:          return .init("overview",          .text,     .optional,               .tmdb, v1: .key(6),  column: "overview")
        case .genres:            return .init("genres",            .strings,  .requiredUnlessStripped, .tmdb, v1: .key(7),  column: "genres")
        case .runtime:           return .init("runtime",           .int16,    .requiredUnlessStripped, .tmdb, v1: .key(8),  column: "runtime")
        case .posterPath:        return .init("posterPath",        .string,   .optional,               .tmdb, v1: .key(9),  column: "poster_path")
        case .backdropPath:      return .init("backdropPath",      .string,   .optional,               .tmdb, v1: .key(10), column: "backdrop_path")
        case .originalLanguage:  return .init("originalLanguage",  .string,   .optional,               .tmdb, v1: nil,      column: "original_language")
        case .popularity:        return .init("popularity",        .double,   .optional,               .tmdb, v1: nil,      column: "popularity")
        case .voteAverage:       return .init("voteAverage",       .double,   .optional,               .tmdb, v1: nil,      column: "vote_average")
        case .voteCount:         return .init("voteCount",         .int32,    .optional,               .tmdb, v1: nil,      column: "vote_count")
        case .releaseDate:       return .init("releaseDate",       .date,     .optional,               .tmdb, v1: nil,      column: "release_date")
        case .firstAirDate:      return .init("firstAirDate",      .date,     .optional,               .tmdb, v1: nil,      column: "first_air_date")
        case .lastAirDate:       return .init("lastAirDate",       .date,     .optional,               .tmdb, v1: nil,      column: "last_air_date")
        case .status:            return .init("status",            .string,   .optional,               .tmdb, v1: nil,      column: "status")
        case .numberOfSeasons:   return .init("numberOfSeasons",   .int16,    .optional,               .tmdb, v1: nil,      column: "number_of_seasons")
        case .numberOfEpisodes:  return .init("numberOfEpisodes",  .int16,    .optional,               .tmdb, v1: nil,      column: "number_of_episodes")
        case .watched:           return .init("watched",           .bool,     .required,               .user, v1: .key(11), column: "watched")
        case .watchedDate:       return .init("watchedDate",       .date,     .optional,               .user, v1: .key(12), column: "watched_date")
        case .likedStatus:       return .init("likedStatus",       .int16,    .required,               .user, v1: .key(13), column: "liked_status")
        case .dateAdded:         return .init("dateAdded",         .date,     .required,               .user, v1: .key(14), column: "date_added")
        case .dateModified:      return .init("dateModified",      .date,     .optional,               .user, v1: nil,      column: "date_modified")
        case .localPosterPath:   return .init("localPosterPath",   .string,   .optional,               .user, v1: nil,      column: "local_poster_path")
        case .localBackdropPath: return .init("localBackdropPath", .string,   .optional,               .user, v1: nil,      column: "local_backdrop_path")
        // formatVersion 3: what other services recorded (Provenance.swift); absent = empty.
        case .ratings:           return .init("ratings",           .ratings,  .optional,               .user, v1: nil, since: 3, column: .rows("ratings"))
        case .viewings:          return .init("viewings",          .viewings, .optional,               .user, v1: nil, since: 3, column: .rows("viewings"))
        case .tags:              return .init("tags",              .tags,     .optional,               .user, v1: nil, since: 3, column: .rows("tags"))
        case .sources:           return .init("sources",           .sources,  .optional,               .user, v1: nil, since: 3, column: .rows("record_sources"))
        // formatVersion 4: the user's watch status (WatchStatus.swift); absent = none.
        case .watchStatus:       return .init("watchStatus",       .string,   .optional,               .user, v1: nil, since: 4, column: "watch_status")
        case .watchStatusWord:   return .init("watchStatusWord",   .string,   .optional,               .user, v1: nil, since: 4, column: "watch_status_word")
        case .watchStatusDate:   return .init("watchStatusDate",   .date,     .optional,               .user, v1: nil, since: 4, column: "watch_status_date")
        case .watchStatusSource: return .init("watchStatusSource", .string,   .optional,               .user, v1: nil, since: 4, column: "watch_status_source")
        // formatVersion 5: the export's own name and year, the ids at other services (ServiceID.swift).
        case .exportTitle:       return .init("exportTitle",       .string,   .optional,               .user, v1: nil, since: 5, column: "export_title")
        case .exportYear:        return .init("exportYear",        .int16,    .optional,               .user, v1: nil, since: 5, column: "export_year")
        case .serviceIds:        return .init("serviceIds",        .strings,  .optional,               .user, v1: nil, since: 5, column: "service_ids")
        case .unnumberedEpisodes: return .init("unnumberedEpisodes", .strings, .optional,              .user, v1: nil, since: 5, column: "unnumbered_episodes")
        }
    }

    @inlinable @inline(__always)
    public func get<V: FieldVisitor>(_ t: Title, into v: inout V) {
        switch self {
        case .id: v.visit(self, t.id)
        case .tmdbId: v.visit(self, t.tmdbId)
        case .mediaType: v.visit(self, t.mediaType.rawValue)
        case .stripped: v.visit(self, stripped: t.metadata == nil)
        case .title: v.visit(self, t.metadata?.title)
        case .originalTitle: v.visit(self, t.metadata?.originalTitle)
        case .imdbId: v.visit(self, t.metadata?.imdbId)
        case .year: v.visit(self, t.metadata?.year)
        case .overview: v.visit(self, t.metadata?.overview)
        case .genres: v.visit(self, t.metadata?.genres)
        case .runtime: v.visit(self, t.metadata?.runtime)
        case .posterPath: v.visit(self, t.metadata?.posterPath)
        case .backdropPath: v.visit(self, t.metadata?.backdropPath)
        case .originalLanguage: v.visit(self, t.metadata?.originalLanguage)
        case .popularity: v.visit(self, t.metadata?.popularity)
        case .voteAverage: v.visit(self, t.metadata?.voteAverage)
        case .voteCount: v.visit(self, t.metadata?.voteCount)
        case .releaseDate: v.visit(self, t.metadata?.releaseDate)
        case .firstAirDate: v.visit(self, t.metadata?.firstAirDate)
        case .lastAirDate: v.visit(self, t.metadata?.lastAirDate)
        case .status: v.visit(self, t.metadata?.status)
        case .numberOfSeasons: v.visit(self, t.metadata?.numberOfSeasons)
        case .numberOfEpisodes: v.visit(self, t.metadata?.numberOfEpisodes)
        case .watched: v.visit(self, t.watched)
        case .watchedDate: v.visit(self, t.watchedDate)
        case .likedStatus: v.visit(self, t.likedStatus)
        case .dateAdded: v.visit(self, t.dateAdded)
        case .dateModified: v.visit(self, t.dateModified)
        case .localPosterPath: v.visit(self, t.localPosterPath)
        case .localBackdropPath: v.visit(self, t.localBackdropPath)
        case .ratings: v.visit(self, ratings: t.ratings)
        case .viewings: v.visit(self, viewings: t.viewings)
        // No tags is absent (nil), as the other arrays are empty: writers omit all four.
        case .tags: v.visit(self, t.tags.isEmpty ? nil : t.tags)
        case .sources: v.visit(self, sources: t.sources)
        case .watchStatus: v.visit(self, t.watchStatus?.rawValue)
        case .watchStatusWord: v.visit(self, t.watchStatusWord)
        case .watchStatusDate: v.visit(self, t.watchStatusDate)
        case .watchStatusSource: v.visit(self, t.watchStatusSource)
        case .exportTitle: v.visit(self, t.exportTitle)
        case .exportYear: v.visit(self, t.exportYear)
        // No ids is absent (nil), as no tags is.
        case .serviceIds: v.visit(self, t.serviceIds.isEmpty ? nil : t.serviceIds)
        case .unnumberedEpisodes: v.visit(self, t.unnumberedEpisodes.isEmpty ? nil : t.unnumberedEpisodes)
        }
    }

    @inlinable @inline(__always)
    public func set<S: FieldSource>(_ t: inout Title, _ m: inout TitleMetadata, stripped: inout Bool,
                                    from s: inout S) throws(S.Failure) {
        switch self {
        case .id: try s.read(self, into: &t.id)
        case .tmdbId: try s.read(self, into: &t.tmdbId)
        case .mediaType: try s.read(self, into: &t.mediaType)
        case .stripped: try s.read(self, stripped: &stripped)
        case .title: try s.read(self, into: &m.title)
        case .originalTitle: try s.read(self, into: &m.originalTitle)
        case .imdbId: try s.read(self, into: &m.imdbId)
        case .year: try s.read(self, into: &m.year)
        case .overview: try s.read(self, into: &m.overview)
        case .genres: try s.read(self, into: &m.genres)
        case .runtime: try s.read(self, into: &m.runtime)
        case .posterPath: try s.read(self, into: &m.posterPath)
        case .backdropPath: try s.read(self, into: &m.backdropPath)
        case .originalLanguage: try s.read(self, into: &m.originalLanguage)
        case .popularity: try s.read(self, into: &m.popularity)
        case .voteAverage: try s.read(self, into: &m.voteAverage)
        case .voteCount: try s.read(self, into: &m.voteCount)
        case .releaseDate: try s.read(self, into: &m.releaseDate)
        case .firstAirDate: try s.read(self, into: &m.firstAirDate)
        case .lastAirDate: try s.read(self, into: &m.lastAirDate)
        case .status: try s.read(self, into: &m.status)
        case .numberOfSeasons: try s.read(self, into: &m.numberOfSeasons)
        case .numberOfEpisodes: try s.read(self, into: &m.numberOfEpisodes)
        case .watched: try s.read(self, into: &t.watched)
        case .watchedDate: try s.read(self, into: &t.watchedDate)
        case .likedStatus: try s.read(self, into: &t.likedStatus)
        case .dateAdded: try s.read(self, into: &t.dateAdded)
        case .dateModified: try s.read(self, into: &t.dateModified)
        case .localPosterPath: try s.read(self, into: &t.localPosterPath)
        case .localBackdropPath: try s.read(self, into: &t.localBackdropPath)
        case .ratings: try s.read(self, ratings: &t.ratings)
        case .viewings: try s.read(self, viewings: &t.viewings)
        case .tags: try s.read(self, into: &t.tags)
        case .sources: try s.read(self, sources: &t.sources)
        case .watchStatus:
            var raw = t.watchStatus?.rawValue
            try s.read(self, into: &raw)
            t.watchStatus = raw.map(WatchStatus.init(rawValue:))
        case .watchStatusWord: try s.read(self, into: &t.watchStatusWord)
        case .watchStatusDate: try s.read(self, into: &t.watchStatusDate)
        case .watchStatusSource: try s.read(self, into: &t.watchStatusSource)
        case .exportTitle: try s.read(self, into: &t.exportTitle)
        case .exportYear: try s.read(self, into: &t.exportYear)
        case .serviceIds: try s.read(self, into: &t.serviceIds)
        case .unnumberedEpisodes: try s.read(self, into: &t.unnumberedEpisodes)
        }
    }

    @inline(__always)
    public static var blank: Title {
        Title(id: "", tmdbId: 0, mediaType: MediaType(rawValue: ""), metadata: nil, dateAdded: Date(timeIntervalSinceReferenceDate: 0))
    }

    @inline(__always) public static var blankMetadata: TitleMetadata { TitleMetadata(title: "") }

    public static func metadata(of t: Title) -> (TitleMetadata, stripped: Bool) {
        (t.metadata ?? blankMetadata, t.metadata == nil)
    }

    @inlinable
    public static func finish(_ t: inout Title, metadata m: consuming TitleMetadata, stripped: Bool) {
        t.metadata = stripped ? nil : m
    }

    /// `imdbId` first, then the others in order: as mwkit has always named them.
    public static let strayMetadataOrder: [TitleField] =
        [.imdbId] + allCases.filter { $0 != .imdbId && $0.spec.origin == .tmdb }
}
