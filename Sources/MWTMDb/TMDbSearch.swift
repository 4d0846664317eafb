import Foundation

/// One entry of a search result page. `/search/multi` mixes movies, shows and people.
public struct TMDbSearchItem: Decodable, Sendable, Equatable {
    public var id: Int64 = 0
    /// "movie", "tv" or "person" (only in `/search/multi` and `/find`).
    public var mediaType: String?
    /// Movies have a title, shows and people a name.
    public var title: String?
    public var name: String?
    /// The title in the original language (movies); matching compares it too.
    public var originalTitle: String?
    /// The name in the original language (shows).
    public var originalName: String?
    /// For an episode in `/find`'s `tv_episode_results`: its show's TMDb id.
    public var showId: Int64?
    public var releaseDate: String?
    public var firstAirDate: String?
    public var posterPath: String?
    public var popularity: Double?
}

extension TMDbSearchItem: TMDbModel {
    static let fields: TMDbFields<Self> = [
        .required("id") { $0.id = $1 },
        .optional("media_type") { $0.mediaType = $1 },
        .optional("title") { $0.title = $1 },
        .optional("name") { $0.name = $1 },
        .optional("original_title") { $0.originalTitle = $1 },
        .optional("original_name") { $0.originalName = $1 },
        .optional("show_id") { $0.showId = $1 },
        .optional("release_date") { $0.releaseDate = $1 },
        .optional("first_air_date") { $0.firstAirDate = $1 },
        .optional("poster_path") { $0.posterPath = $1 },
        .optional("popularity") { $0.popularity = $1 },
    ]
}

/// A page of search results.
public struct TMDbSearchPage: Decodable, Sendable, Equatable {
    /// 1-based page number.
    public var page: Int?
    /// Required: a body without `results` is refused.
    public var results: [TMDbSearchItem] = []
    public var totalPages: Int?
    public var totalResults: Int?
}

extension TMDbSearchPage: TMDbModel {
    static let fields: TMDbFields<Self> = [
        .optional("page") { $0.page = $1 }, .required("results") { $0.results = $1 },
        .optional("total_pages") { $0.totalPages = $1 }, .optional("total_results") { $0.totalResults = $1 },
    ]
}

/// `GET /find/{external_id}?external_source=imdb_id` (or `tvdb_id`).
public struct TMDbFindResult: Decodable, Sendable, Equatable {
    /// Each list is empty when TMDb leaves it out or sends `null`.
    public var movieResults: [TMDbSearchItem] = []
    public var tvResults: [TMDbSearchItem] = []
    public var tvEpisodeResults: [TMDbSearchItem] = []
}

extension TMDbFindResult: TMDbModel {
    static let fields: TMDbFields<Self> = [
        .orEmpty("movie_results") { $0.movieResults = $1 }, .orEmpty("tv_results") { $0.tvResults = $1 },
        .orEmpty("tv_episode_results") { $0.tvEpisodeResults = $1 },
    ]
}
