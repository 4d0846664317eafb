import Foundation

/// The fields of an ``Episode`` (docs/SPEC.md#episode, docs/FORMAT.md, docs/DATABASE.md `episodes`).
public enum EpisodeField: Int, EntityField {
    case id, showId, tmdbId, seasonNumber, episodeNumber, stripped, name, overview, airDate, runtime, stillPath,
         watched, watchedDate, dateModified, localStillPath, ratings, viewings, sources

    public static let entity = EntityKind.episode
    public static let table = FieldTable<EpisodeField>()

    @inlinable @inline(__always)
    public var spec: FieldSpec {
        switch self {
        //                              key               value      presence                 origin  v1 key order      column
        case .id:             return .init("id",             .string,   .required,               .user, v1: .key(0), column: "id")
        case .showId:         return .init("showId",         .string,   .required,               .user, v1: .key(1), column: "show_id")
        case .tmdbId:         return .init("tmdbId",         .int64,    .optional,               .user, v1: nil,     column: "tmdb_id")
        case .seasonNumber:   return .init("seasonNumber",   .int16,    .required,               .user, v1: .key(2), column: "season_number")
        case .episodeNumber:  return .init("episodeNumber",  .int16,    .required,               .user, v1: .key(3), column: "episode_number")
        case .stripped:       return .init("stripped",       .stripped, .optional,               .user, v1: nil,     column: "stripped")
        case .name:           return .init("name",           .string,   .requiredUnlessStripped, .tmdb, v1: .key(4), column: "name")
        case .overview:       return .init("overview",       .text,     .optional,               .tmdb, v1: .key(5), column: "overview")
        case .airDate:        return .init("airDate",        .date,     .optional,               .tmdb, v1: nil,     column: "air_date")
        case .runtime:        return .init("runtime",        .int16,    .optional,               .tmdb, v1: nil,     column: "runtime")
        case .stillPath:      return .init("stillPath",      .string,   .optional,               .tmdb, v1: nil,     column: "still_path")
        case .watched:        return .init("watched",        .bool,     .required,               .user, v1: .key(6), column: "watched")
        case .watchedDate:    return .init("watchedDate",    .date,     .optional,               .user, v1: .key(7), column: "watched_date")
        case .dateModified:   return .init("dateModified",   .date,     .optional,               .user, v1: nil,     column: "date_modified")
        case .localStillPath: return .init("localStillPath", .string,   .optional,               .user, v1: nil,     column: "local_still_path")
        // formatVersion 3 (Provenance.swift); absent = empty.
        case .ratings:        return .init("ratings",        .ratings,  .optional,               .user, v1: nil, since: 3, column: .rows("ratings"))
        case .viewings:       return .init("viewings",       .viewings, .optional,               .user, v1: nil, since: 3, column: .rows("viewings"))
        case .sources:        return .init("sources",        .sources,  .optional,               .user, v1: nil, since: 3, column: .rows("record_sources"))
        }
    }

    @inlinable @inline(__always)
    public func get<V: FieldVisitor>(_ e: Episode, into v: inout V) {
        switch self {
        case .id: v.visit(self, e.id)
        case .showId: v.visit(self, e.showId)
        case .tmdbId: v.visit(self, e.tmdbId)
        case .seasonNumber: v.visit(self, e.seasonNumber)
        case .episodeNumber: v.visit(self, e.episodeNumber)
        case .stripped: v.visit(self, stripped: e.metadata == nil)
        case .name: v.visit(self, e.metadata?.name)
        case .overview: v.visit(self, e.metadata?.overview)
        case .airDate: v.visit(self, e.metadata?.airDate)
        case .runtime: v.visit(self, e.metadata?.runtime)
        case .stillPath: v.visit(self, e.metadata?.stillPath)
        case .watched: v.visit(self, e.watched)
        case .watchedDate: v.visit(self, e.watchedDate)
        case .dateModified: v.visit(self, e.dateModified)
        case .localStillPath: v.visit(self, e.localStillPath)
        case .ratings: v.visit(self, ratings: e.ratings)
        case .viewings: v.visit(self, viewings: e.viewings)
        case .sources: v.visit(self, sources: e.sources)
        }
    }

    @inlinable @inline(__always)
    public func set<S: FieldSource>(_ e: inout Episode, _ m: inout EpisodeMetadata, stripped: inout Bool,
                                    from s: inout S) throws(S.Failure) {
        switch self {
        case .id: try s.read(self, into: &e.id)
        case .showId: try s.read(self, into: &e.showId)
        case .tmdbId: try s.read(self, into: &e.tmdbId)
        case .seasonNumber: try s.read(self, into: &e.seasonNumber)
        // Unreadable reads as 1, as it always has (it still takes part in the duplicate check).
        case .episodeNumber: try s.read(self, into: &e.episodeNumber, unreadable: 1)
        case .stripped: try s.read(self, stripped: &stripped)
        case .name: try s.read(self, into: &m.name)
        case .overview: try s.read(self, into: &m.overview)
        case .airDate: try s.read(self, into: &m.airDate)
        case .runtime: try s.read(self, into: &m.runtime)
        case .stillPath: try s.read(self, into: &m.stillPath)
        case .watched: try s.read(self, into: &e.watched)
        case .watchedDate: try s.read(self, into: &e.watchedDate)
        case .dateModified: try s.read(self, into: &e.dateModified)
        case .localStillPath: try s.read(self, into: &e.localStillPath)
        case .ratings: try s.read(self, ratings: &e.ratings)
        case .viewings: try s.read(self, viewings: &e.viewings)
        case .sources: try s.read(self, sources: &e.sources)
        }
    }

    @inline(__always)
    public static var blank: Episode {
        Episode(id: "", showId: "", seasonNumber: 0, episodeNumber: 0, metadata: nil)
    }

    @inline(__always) public static var blankMetadata: EpisodeMetadata { EpisodeMetadata(name: "") }

    public static func metadata(of e: Episode) -> (EpisodeMetadata, stripped: Bool) {
        (e.metadata ?? blankMetadata, e.metadata == nil)
    }

    @inlinable
    public static func finish(_ e: inout Episode, metadata m: consuming EpisodeMetadata, stripped: Bool) {
        e.metadata = stripped ? nil : m
    }
}
