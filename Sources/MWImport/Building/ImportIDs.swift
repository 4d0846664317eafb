import Foundation
import MWFoundation
import MWCore

/// Ids of the records a film import creates, made by ``StableID`` (the one id maker). Importing
/// the same export again gives the same ids, so the output is byte-identical and a merge into
/// the library database finds every record already there. Names are built from what a record stands for — a title from its
/// TMDb kind and ID, an episode from its show and numbers — never from row positions, so a
/// later export of the same account (rows added, moved) keeps the ids of what it already had.
public enum ImportIDs {
    /// The id of `name` (``StableID``).
    public static func uuid(_ name: String) -> String { StableID.uuid(name) }

    /// A title: `title/movie/603`.
    public static func title(_ type: MediaType, _ tmdbId: Int64) -> String { uuid("title/\(type.rawValue)/\(tmdbId)") }

    /// An episode of the show with TMDb ID `showTmdbId`, by season and number.
    public static func episode(show showTmdbId: Int64, season: Int, number: Int) -> String {
        uuid("episode/tv/\(showTmdbId)/\(season)/\(number)")
    }

    /// A list by its role or its origin (`watchlist`, `watched/<name>`, `letterboxd/<file>/<name>`).
    public static func list(_ name: String) -> String { uuid("list/" + name) }

    /// A list's membership of a title.
    public static func listItem(list: String, title: String) -> String { uuid("list-item/\(list)/\(title)") }

    /// A note on a record, by its text (the same review imported twice is one note).
    public static func note(parent: String, text: String) -> String { uuid("note/\(parent)/\(text)") }
}
