import Foundation

/// `GET /tv/{id}` with optional `append_to_response=external_ids,season/1,…`.
/// Appended seasons arrive under keys `"season/1"` etc. and are collected in ``appendedSeasons``.
public struct TMDbShow: Decodable, Sendable, Equatable {
    public var id: Int64 = 0
    /// The members a movie's details have too.
    public var details = TMDbTitleDetails()
    public var name: String?
    public var originalName: String?
    /// Typical episode lengths in minutes; often empty.
    public var episodeRunTime: [Int]?
    public var firstAirDate: String?
    public var lastAirDate: String?
    public var numberOfSeasons: Int?
    public var numberOfEpisodes: Int?
    /// Season summaries (no episodes); includes season 0 "Specials" when TMDb has one.
    public var seasons: [TMDbSeason]?
    /// The latest aired episode (its runtime stands in when `episode_run_time` is empty).
    public var lastEpisodeToAir: TMDbEpisode?
    /// Season details appended with `season/{n}`, by season number.
    public var appendedSeasons: [Int: TMDbSeason] = [:]
}

extension TMDbShow: TMDbModel, TMDbTitle {
    static let fields = TMDbFields<Self>(TMDbField<Self>.titleDetails, [
        .optional("name") { $0.name = $1 },
        .optional("original_name") { $0.originalName = $1 },
        .optional("episode_run_time") { $0.episodeRunTime = $1 },
        .optional("first_air_date") { $0.firstAirDate = $1 },
        .optional("last_air_date") { $0.lastAirDate = $1 },
        .optional("number_of_seasons") { $0.numberOfSeasons = $1 },
        .optional("number_of_episodes") { $0.numberOfEpisodes = $1 },
        .optional("seasons") { $0.seasons = $1 },
        .optional("last_episode_to_air") { $0.lastEpisodeToAir = $1 },
        .numbered("season/") { $0.appendedSeasons[$1] = $2 },
    ])
}

/// `GET /tv/{id}/season/{n}`, or `season/{n}` appended to `/tv/{id}`.
public struct TMDbSeason: Decodable, Sendable, Equatable {
    public var id: Int64?
    public var name: String?
    public var airDate: String?
    public var seasonNumber: Int?
    public var posterPath: String?
    /// Absent in the season summaries a show lists; present in season details.
    public var episodes: [TMDbEpisode]?
}

extension TMDbSeason: TMDbModel {
    static let fields: TMDbFields<Self> = [
        .optional("id") { $0.id = $1 },
        .optional("name") { $0.name = $1 },
        .optional("air_date") { $0.airDate = $1 },
        .optional("season_number") { $0.seasonNumber = $1 },
        .optional("poster_path") { $0.posterPath = $1 },
        .optional("episodes") { $0.episodes = $1 },
    ]
}

/// One episode inside a season (`GET /tv/{id}/season/{n}` → `episodes`).
public struct TMDbEpisode: Decodable, Sendable, Equatable {
    public var id: Int64 = 0
    public var name: String?
    public var overview: String?
    public var airDate: String?
    public var episodeNumber: Int?
    public var seasonNumber: Int?
    public var runtime: Int?
    public var stillPath: String?
}

extension TMDbEpisode: TMDbModel {
    static let fields: TMDbFields<Self> = [
        .required("id") { $0.id = $1 },
        .optional("name") { $0.name = $1 },
        .optional("overview") { $0.overview = $1 },
        .optional("air_date") { $0.airDate = $1 },
        .optional("episode_number") { $0.episodeNumber = $1 },
        .optional("season_number") { $0.seasonNumber = $1 },
        .optional("runtime") { $0.runtime = $1 },
        .optional("still_path") { $0.stillPath = $1 },
    ]
}
