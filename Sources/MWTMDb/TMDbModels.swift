import Foundation

// TMDb API v3 response models. Every member except ids is optional: real responses carry
// `null` paths, `""` dates, empty `episode_run_time`, season 0 and keys we do not know
// (skipped). Only what mwkit uses is declared. Each model lists its members once, in a
// `fields` table that drives both of its decoders (see TMDbFields.swift); a property holds the
// member its entry names (`posterPath` ← `poster_path`), so only the less obvious ones say more.
// Ids are 0 only in the empty value decoding starts from: a decoded body always has its id.

/// `GET /configuration`.
public struct TMDbConfiguration: Decodable, Sendable, Equatable {
    /// Where images live and which sizes TMDb offers for each role.
    public struct Images: Decodable, Sendable, Equatable {
        public var baseURL: String?
        /// The HTTPS image root, e.g. `https://image.tmdb.org/t/p/` (preferred over ``baseURL``).
        public var secureBaseURL: String?
        /// Size names such as "w500" or "original".
        public var posterSizes: [String]?
        public var backdropSizes: [String]?
        public var stillSizes: [String]?
    }
    /// The image configuration (required: a body without it is refused).
    public var images = Images()
}

extension TMDbConfiguration: TMDbModel {
    static let fields: TMDbFields<Self> = [.required("images") { $0.images = $1 }]
}

extension TMDbConfiguration.Images: TMDbModel {
    static let fields: TMDbFields<Self> = [
        .optional("base_url") { $0.baseURL = $1 }, .optional("secure_base_url") { $0.secureBaseURL = $1 },
        .optional("poster_sizes") { $0.posterSizes = $1 }, .optional("backdrop_sizes") { $0.backdropSizes = $1 },
        .optional("still_sizes") { $0.stillSizes = $1 },
    ]
}

/// A genre as embedded in details and in `/genre/{movie,tv}/list`.
public struct TMDbGenre: Decodable, Sendable, Equatable {
    public var id = 0
    public var name: String?
}

extension TMDbGenre: TMDbModel {
    static let fields: TMDbFields<Self> = [.required("id") { $0.id = $1 }, .optional("name") { $0.name = $1 }]
}

/// `GET /genre/movie/list`, `GET /genre/tv/list`.
public struct TMDbGenreList: Decodable, Sendable, Equatable {
    public var genres: [TMDbGenre] = []
}

extension TMDbGenreList: TMDbModel {
    static let fields: TMDbFields<Self> = [.required("genres") { $0.genres = $1 }]
}

/// `external_ids` (appended or `GET /{movie,tv}/{id}/external_ids`).
public struct TMDbExternalIDs: Decodable, Sendable, Equatable {
    /// The TMDb id (only in the standalone endpoint's body).
    public var id: Int?
    /// "tt…"; empty or nil when TMDb does not know it.
    public var imdbID: String?
}

extension TMDbExternalIDs: TMDbModel {
    static let fields: TMDbFields<Self> = [.optional("id") { $0.id = $1 }, .optional("imdb_id") { $0.imdbID = $1 }]
}

/// TMDb's error body: `{"status_code": 34, "status_message": "…", "success": false}`.
public struct TMDbErrorBody: Decodable, Sendable, Equatable {
    /// TMDb's own error code (e.g. 7: invalid API key, 34: not found).
    public var statusCode: Int?
    /// Words for people; scrubbed of the secret before it reaches a message.
    public var statusMessage: String?
    public var success: Bool?
}

extension TMDbErrorBody: TMDbModel {
    static let fields: TMDbFields<Self> = [
        .optional("status_code") { $0.statusCode = $1 }, .optional("status_message") { $0.statusMessage = $1 },
        .optional("success") { $0.success = $1 },
    ]
}
