import Foundation

// Decodable shapes of TMDb API v3 responses. Every field except ids is optional: real responses
// carry `null` paths, `""` dates, empty `episode_run_time`, season 0 and keys we do not know
// (ignored). Only what mwkit maps is declared; the rest of a body is skipped by the decoder.

/// `GET /configuration`.
public struct TMDbConfiguration: Decodable, Sendable, Equatable {
    public struct Images: Decodable, Sendable, Equatable {
        public var baseURL: String?
        public var secureBaseURL: String?
        public var posterSizes: [String]?
        public var backdropSizes: [String]?
        public var stillSizes: [String]?
        enum CodingKeys: String, CodingKey {
            case baseURL = "base_url", secureBaseURL = "secure_base_url", posterSizes = "poster_sizes",
                 backdropSizes = "backdrop_sizes", stillSizes = "still_sizes"
        }
    }
    public var images: Images
}

/// A genre as embedded in details and in `/genre/{movie,tv}/list`.
public struct TMDbGenre: Decodable, Sendable, Equatable {
    public var id: Int
    public var name: String?
}

/// `GET /genre/movie/list`, `GET /genre/tv/list`.
public struct TMDbGenreList: Decodable, Sendable, Equatable {
    public var genres: [TMDbGenre]
}

/// `external_ids` (appended or `GET /{movie,tv}/{id}/external_ids`).
public struct TMDbExternalIDs: Decodable, Sendable, Equatable {
    public var id: Int?
    public var imdbID: String?
    enum CodingKeys: String, CodingKey { case id, imdbID = "imdb_id" }
}

/// `GET /movie/{id}` (optionally with `append_to_response=external_ids`).
public struct TMDbMovie: Decodable, Sendable, Equatable {
    public var id: Int64
    public var title: String?
    public var originalTitle: String?
    public var overview: String?
    public var genres: [TMDbGenre]?
    public var runtime: Int?
    public var posterPath: String?
    public var backdropPath: String?
    public var originalLanguage: String?
    public var popularity: Double?
    public var voteAverage: Double?
    public var voteCount: Int?
    public var releaseDate: String?
    public var status: String?
    public var imdbID: String?
    public var externalIDs: TMDbExternalIDs?
    enum CodingKeys: String, CodingKey {
        case id, title, overview, genres, runtime, popularity, status
        case originalTitle = "original_title", posterPath = "poster_path", backdropPath = "backdrop_path"
        case originalLanguage = "original_language", voteAverage = "vote_average", voteCount = "vote_count"
        case releaseDate = "release_date", imdbID = "imdb_id", externalIDs = "external_ids"
    }
}

/// One episode inside a season (`GET /tv/{id}/season/{n}` → `episodes`).
public struct TMDbEpisode: Decodable, Sendable, Equatable {
    public var id: Int64
    public var name: String?
    public var overview: String?
    public var airDate: String?
    public var episodeNumber: Int?
    public var seasonNumber: Int?
    public var runtime: Int?
    public var stillPath: String?
    enum CodingKeys: String, CodingKey {
        case id, name, overview, runtime
        case airDate = "air_date", episodeNumber = "episode_number", seasonNumber = "season_number"
        case stillPath = "still_path"
    }
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
    enum CodingKeys: String, CodingKey {
        case id, name, episodes
        case airDate = "air_date", seasonNumber = "season_number", posterPath = "poster_path"
    }
}

/// `GET /tv/{id}` with optional `append_to_response=external_ids,season/1,…`.
/// Appended seasons arrive under keys `"season/1"` etc. and are collected in ``appendedSeasons``.
public struct TMDbShow: Decodable, Sendable, Equatable {
    public var id: Int64
    public var name: String?
    public var originalName: String?
    public var overview: String?
    public var genres: [TMDbGenre]?
    public var episodeRunTime: [Int]?
    public var posterPath: String?
    public var backdropPath: String?
    public var originalLanguage: String?
    public var popularity: Double?
    public var voteAverage: Double?
    public var voteCount: Int?
    public var firstAirDate: String?
    public var lastAirDate: String?
    public var status: String?
    public var numberOfSeasons: Int?
    public var numberOfEpisodes: Int?
    /// Season summaries (no episodes); includes season 0 "Specials" when TMDb has one.
    public var seasons: [TMDbSeason]?
    public var externalIDs: TMDbExternalIDs?
    /// Season details appended with `season/{n}`, by season number.
    public var appendedSeasons: [Int: TMDbSeason] = [:]

    enum CodingKeys: String, CodingKey {
        case id, name, overview, genres, popularity, status, seasons
        case originalName = "original_name", episodeRunTime = "episode_run_time"
        case posterPath = "poster_path", backdropPath = "backdrop_path"
        case originalLanguage = "original_language", voteAverage = "vote_average", voteCount = "vote_count"
        case firstAirDate = "first_air_date", lastAirDate = "last_air_date"
        case numberOfSeasons = "number_of_seasons", numberOfEpisodes = "number_of_episodes"
        case externalIDs = "external_ids"
    }

    /// Any key, for the dynamic `season/{n}` members.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A show with only its id (the fast decoder fills the rest).
    init(id: Int64) { self.id = id }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        originalName = try c.decodeIfPresent(String.self, forKey: .originalName)
        overview = try c.decodeIfPresent(String.self, forKey: .overview)
        genres = try c.decodeIfPresent([TMDbGenre].self, forKey: .genres)
        episodeRunTime = try c.decodeIfPresent([Int].self, forKey: .episodeRunTime)
        posterPath = try c.decodeIfPresent(String.self, forKey: .posterPath)
        backdropPath = try c.decodeIfPresent(String.self, forKey: .backdropPath)
        originalLanguage = try c.decodeIfPresent(String.self, forKey: .originalLanguage)
        popularity = try c.decodeIfPresent(Double.self, forKey: .popularity)
        voteAverage = try c.decodeIfPresent(Double.self, forKey: .voteAverage)
        voteCount = try c.decodeIfPresent(Int.self, forKey: .voteCount)
        firstAirDate = try c.decodeIfPresent(String.self, forKey: .firstAirDate)
        lastAirDate = try c.decodeIfPresent(String.self, forKey: .lastAirDate)
        status = try c.decodeIfPresent(String.self, forKey: .status)
        numberOfSeasons = try c.decodeIfPresent(Int.self, forKey: .numberOfSeasons)
        numberOfEpisodes = try c.decodeIfPresent(Int.self, forKey: .numberOfEpisodes)
        seasons = try c.decodeIfPresent([TMDbSeason].self, forKey: .seasons)
        externalIDs = try c.decodeIfPresent(TMDbExternalIDs.self, forKey: .externalIDs)
        let dyn = try decoder.container(keyedBy: AnyKey.self)
        for key in dyn.allKeys where key.stringValue.hasPrefix("season/") {
            let digits = key.stringValue.utf8.dropFirst("season/".count)
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let n = Int(String(decoding: digits, as: UTF8.self)) else { continue }
            if let s = try dyn.decodeIfPresent(TMDbSeason.self, forKey: key) { appendedSeasons[n] = s }
        }
    }
}

/// One entry of a search result page. `/search/multi` mixes movies, shows and people.
public struct TMDbSearchItem: Decodable, Sendable, Equatable {
    public var id: Int64
    /// "movie", "tv" or "person" (only in `/search/multi` and `/find`).
    public var mediaType: String?
    public var title: String?
    public var name: String?
    public var releaseDate: String?
    public var firstAirDate: String?
    public var posterPath: String?
    public var popularity: Double?
    enum CodingKeys: String, CodingKey {
        case id, title, name, popularity
        case mediaType = "media_type", releaseDate = "release_date", firstAirDate = "first_air_date"
        case posterPath = "poster_path"
    }
}

/// A page of search results.
public struct TMDbSearchPage: Decodable, Sendable, Equatable {
    public var page: Int?
    public var results: [TMDbSearchItem]
    public var totalPages: Int?
    public var totalResults: Int?
    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages", totalResults = "total_results"
    }
}

/// `GET /find/{external_id}?external_source=imdb_id`.
public struct TMDbFindResult: Decodable, Sendable, Equatable {
    public var movieResults: [TMDbSearchItem]
    public var tvResults: [TMDbSearchItem]
    public var tvEpisodeResults: [TMDbSearchItem]
    enum CodingKeys: String, CodingKey {
        case movieResults = "movie_results", tvResults = "tv_results", tvEpisodeResults = "tv_episode_results"
    }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        movieResults = try c.decodeIfPresent([TMDbSearchItem].self, forKey: .movieResults) ?? []
        tvResults = try c.decodeIfPresent([TMDbSearchItem].self, forKey: .tvResults) ?? []
        tvEpisodeResults = try c.decodeIfPresent([TMDbSearchItem].self, forKey: .tvEpisodeResults) ?? []
    }
}

/// TMDb's error body: `{"status_code": 34, "status_message": "…", "success": false}`.
public struct TMDbErrorBody: Decodable, Sendable, Equatable {
    public var statusCode: Int?
    public var statusMessage: String?
    public var success: Bool?
    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code", statusMessage = "status_message", success
    }
}
