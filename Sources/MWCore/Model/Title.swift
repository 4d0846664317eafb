import Foundation
import MWMacros

/// A movie or TV show (docs/SPEC.md#title).
///
/// TMDb-derivable metadata lives in `metadata`; `nil` marks a *stripped* record whose
/// metadata is absent (to be re-hydrated from TMDb), distinct from empty values.
@PublicMemberwiseInit(requiring: ["metadata"])
public struct Title: Equatable, Sendable {
    /// Primary identifier (a UUID string, kept verbatim as read).
    public var id: String
    /// TMDb identifier; with `mediaType` the external key.
    public var tmdbId: Int64
    public var mediaType: MediaType
    /// TMDb-derived metadata; `nil` when the record is stripped.
    public var metadata: TitleMetadata?
    public var watched: Bool = false
    public var watchedDate: Date?
    /// -1 disliked, 0 neutral, 1 liked.
    public var likedStatus: Int = 0
    public var dateAdded: Date
    public var dateModified: Date?
    public var localPosterPath: String?
    public var localBackdropPath: String?
    /// Ratings as given in other services (formatVersion 3 on; v1 and formatVersion 2 drop them).
    public var ratings: [OriginalRating] = []
    /// Every recorded watch, oldest first (formatVersion 3 on; `watchedDate` is the most recent).
    public var viewings: [Viewing] = []
    /// Where the record came from (formatVersion 3 on).
    public var sources: [RecordSource] = []
    /// The user's tags, deduplicated, in first-seen order (formatVersion 3 on).
    public var tags: [String] = []
    /// Where the user stands with the title — planned, watching, paused, dropped, completed
    /// (formatVersion 4 on; ``WatchStatus``). `nil` when no service said.
    public var watchStatus: WatchStatus?
    /// The service's own word for ``watchStatus`` (`HOLD`, `Paused`, `On-Hold`), kept so a
    /// writer of that service gives it back (formatVersion 4 on).
    public var watchStatusWord: String?
    /// When the status was set, where the service says (formatVersion 4 on).
    public var watchStatusDate: Date?
    /// The service the status was read from (`watcharr`, `yamtrack`…); nil when set in mwkit
    /// (formatVersion 4 on).
    public var watchStatusSource: String?
    /// The title's name as the export that brought it gave it, kept when TMDb's is absent (an
    /// offline import leaves a stripped record): `stats`, writers and `hydrate` use it where
    /// ``metadata`` has none. It is not TMDb's metadata, so a stripped record stays stripped
    /// (formatVersion 5 on, docs/FORMAT.md#formatversion-5).
    public var exportTitle: String?
    /// The release year the export gave with ``exportTitle`` (formatVersion 5 on).
    public var exportYear: Int?
    /// The title's ids at other services as `service:id` (`trakt:12345`, `imdb:tt0111161`,
    /// `letterboxd:heat`, `myanimelist:anime:9969`), distinct, sorted; the user's data, so
    /// `strip` keeps them (formatVersion 5 on, ``ServiceID``).
    public var serviceIds: [String] = []
    /// The show's episodes its export named by title alone, with no number the episodes table
    /// could key them by (``UnnumberedEpisode``, `<season>|<days>|<title>`), sorted; their
    /// viewings are on the show too. `strip` keeps them (formatVersion 5 on).
    public var unnumberedEpisodes: [String] = []

    /// Whether the TMDb-derived metadata has been removed.
    public var isStripped: Bool { metadata == nil }

    /// The name to show or write: TMDb's when present, else the export's (nil when neither).
    public var knownName: String? { metadata?.title ?? exportTitle }
    /// The year to show or write: TMDb's when present, else the export's (nil when neither or 0).
    public var knownYear: Int? {
        if let y = metadata?.year { return y == 0 ? nil : y }
        return exportYear
    }
}

/// The TMDb-derivable part of a title. Optional fields v1 cannot carry stay `nil` when unknown.
@PublicMemberwiseInit
public struct TitleMetadata: Equatable, Sendable {
    public var title: String
    public var originalTitle: String?
    public var imdbId: String?
    public var year: Int = 0
    public var overview: String?
    public var genres: [String] = []
    public var runtime: Int = 0
    public var posterPath: String?
    public var backdropPath: String?
    public var originalLanguage: String?
    public var popularity: Double?
    public var voteAverage: Double?
    public var voteCount: Int?
    public var releaseDate: Date?
    public var firstAirDate: Date?
    public var lastAirDate: Date?
    public var status: String?
    public var numberOfSeasons: Int?
    public var numberOfEpisodes: Int?
}
