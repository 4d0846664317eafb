/// What a movie's and a show's details share: JSON members of the same name and type, declared
/// once for both models (``TMDbMovie``, ``TMDbShow``).
protocol TMDbTitleDetails: SendableMetatype {
    var id: Int64 { get set }
    var status: String? { get set }
    var externalIDs: TMDbExternalIDs? { get set }
    var overview: String? { get set }
    var genres: [TMDbGenre]? { get set }
    var posterPath: String? { get set }
    var backdropPath: String? { get set }
    var originalLanguage: String? { get set }
    var popularity: Double? { get set }
    var voteAverage: Double? { get set }
    var voteCount: Int? { get set }
}

extension TMDbField where Model: TMDbTitleDetails {
    /// The members both details have.
    static var titleDetails: [Self] {
        [
            .required("id") { $0.id = $1 },
            .optional("status") { $0.status = $1 },
            .optional("external_ids") { $0.externalIDs = $1 },
            .optional("overview") { $0.overview = $1 },
            .optional("genres") { $0.genres = $1 },
            .optional("poster_path") { $0.posterPath = $1 },
            .optional("backdrop_path") { $0.backdropPath = $1 },
            .optional("original_language") { $0.originalLanguage = $1 },
            .optional("popularity") { $0.popularity = $1 },
            .optional("vote_average") { $0.voteAverage = $1 },
            .optional("vote_count") { $0.voteCount = $1 },
        ]
    }
}
