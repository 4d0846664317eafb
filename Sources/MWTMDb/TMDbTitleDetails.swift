/// What a movie's and a show's details share besides their id: JSON members of the same name
/// and type, declared and decoded once for both models (``TMDbMovie/details``, ``TMDbShow/details``).
public struct TMDbTitleDetails: Sendable, Equatable {
    public var status: String?
    /// Present when `external_ids` was appended.
    public var externalIDs: TMDbExternalIDs?
    public var overview: String?
    public var genres: [TMDbGenre]?
    public var posterPath: String?
    public var backdropPath: String?
    public var originalLanguage: String?
    public var popularity: Double?
    public var voteAverage: Double?
    public var voteCount: Int?
}

/// A model holding ``TMDbTitleDetails``: a movie's or a show's details.
protocol TMDbTitle: SendableMetatype {
    var id: Int64 { get set }
    var details: TMDbTitleDetails { get set }
}

extension TMDbField where Model: TMDbTitle {
    /// The members both details have (the id first).
    static var titleDetails: [Self] {
        [
            .required("id") { $0.id = $1 },
            .optional("status") { $0.details.status = $1 },
            .optional("external_ids") { $0.details.externalIDs = $1 },
            .optional("overview") { $0.details.overview = $1 },
            .optional("genres") { $0.details.genres = $1 },
            .optional("poster_path") { $0.details.posterPath = $1 },
            .optional("backdrop_path") { $0.details.backdropPath = $1 },
            .optional("original_language") { $0.details.originalLanguage = $1 },
            .optional("popularity") { $0.details.popularity = $1 },
            .optional("vote_average") { $0.details.voteAverage = $1 },
            .optional("vote_count") { $0.details.voteCount = $1 },
        ]
    }
}
