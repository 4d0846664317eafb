import Foundation
import MWFoundation

/// How matched items become a library (docs/IMPORT.md "Into the library").
public struct ImportBuildOptions: Sendable {
    /// The list holding titles that are in no other list (watched, rated, reviewed or followed
    /// only): every title must be in a list (docs/SPEC.md "List membership"). `--watched-list`.
    public var watchedListName: String
    /// The list every service's watchlist becomes.
    public var watchlistName: String
    /// The list Trakt and TV Time favourites become.
    public var favoritesName: String
    /// Ratings → likedStatus.
    public var profile: LikedProfile
    /// Give every title and episode metadata, for formats that cannot hold stripped records
    /// (v1): what TMDb's answer said, else the export's own title and year (an episode: its
    /// title, else its code `S01E02`). Off, a title TMDb said nothing about stays stripped for
    /// `hydrate`.
    public var fillMetadata: Bool
    /// "Now": the date of records no date is known for (`SOURCE_DATE_EPOCH` honoured).
    public var now: Date

    public init(watchedListName: String = "Watched", watchlistName: String = "Watchlist", favoritesName: String = "Favorites",
                profile: LikedProfile = LikedProfile(), fillMetadata: Bool = false, now: Date = Clock.now()) {
        self.watchedListName = watchedListName
        self.watchlistName = watchlistName
        self.favoritesName = favoritesName
        self.profile = profile
        self.fillMetadata = fillMetadata
        self.now = now
    }
}
