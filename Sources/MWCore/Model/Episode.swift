import Foundation

/// One episode of a TV show (docs/SPEC.md#episode). `metadata == nil` marks a stripped record.
public struct Episode: Equatable, Sendable {
    public var id: String
    /// The `id` of the parent title (a `tv` title).
    public var showId: String
    /// TMDb episode id; `nil` when unknown (v1 does not carry it).
    public var tmdbId: Int64?
    public var seasonNumber: Int
    public var episodeNumber: Int
    /// TMDb-derived metadata; `nil` when the record is stripped.
    public var metadata: EpisodeMetadata?
    public var watched: Bool
    public var watchedDate: Date?
    public var dateModified: Date?
    public var localStillPath: String?
    /// Ratings as given in other services (formatVersion 3 on; v1 and formatVersion 2 drop them).
    public var ratings: [OriginalRating] = []
    /// Every recorded watch, oldest first (formatVersion 3 on; `watchedDate` is the most recent).
    public var viewings: [Viewing] = []
    /// Where the record came from (formatVersion 3 on).
    public var sources: [RecordSource] = []

    public init(id: String, showId: String, tmdbId: Int64? = nil, seasonNumber: Int, episodeNumber: Int,
                metadata: EpisodeMetadata?, watched: Bool = false, watchedDate: Date? = nil,
                dateModified: Date? = nil, localStillPath: String? = nil) {
        self.id = id
        self.showId = showId
        self.tmdbId = tmdbId
        self.seasonNumber = seasonNumber
        self.episodeNumber = episodeNumber
        self.metadata = metadata
        self.watched = watched
        self.watchedDate = watchedDate
        self.dateModified = dateModified
        self.localStillPath = localStillPath
    }

    /// Whether the TMDb-derived metadata has been removed.
    public var isStripped: Bool { metadata == nil }

    /// "S01E02", as the app shows it (docs/SPEC.md#episode-code).
    public var episodeCode: String {
        func pad(_ n: Int) -> String { n >= 0 && n < 10 ? "0\(n)" : "\(n)" }
        return "S\(pad(seasonNumber))E\(pad(episodeNumber))"
    }
}

/// The TMDb-derivable part of an episode.
public struct EpisodeMetadata: Equatable, Sendable {
    public var name: String
    public var overview: String?
    public var airDate: Date?
    public var runtime: Int?
    public var stillPath: String?

    public init(name: String, overview: String? = nil, airDate: Date? = nil, runtime: Int? = nil,
                stillPath: String? = nil) {
        self.name = name
        self.overview = overview
        self.airDate = airDate
        self.runtime = runtime
        self.stillPath = stillPath
    }
}
