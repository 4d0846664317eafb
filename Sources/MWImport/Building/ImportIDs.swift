import Crypto
import Foundation
import MWFoundation
import MWCore

/// Ids of the records an import creates, as name-based UUIDs (RFC 9562 version 5: SHA-1 of a
/// namespace and a name). Why not `UUID()`: importing the same export again must give the same
/// ids, so the output is byte-identical and a merge into the library database finds every
/// record already there. Names are built from what a record stands for — a title from its
/// TMDb kind and ID, an episode from its show and numbers — never from row positions, so a
/// later export of the same account (rows added, moved) keeps the ids of what it already had.
public enum ImportIDs {
    /// The namespace of every id mwkit's importer makes: 16 bytes chosen once, never to change
    /// (changing them would change every imported id).
    static let namespace: [UInt8] = [0x6F, 0x2B, 0x4A, 0x31, 0x9C, 0x5E, 0x5D, 0x0A, 0x8B, 0x47, 0x1E, 0x93, 0xD2, 0x60, 0xC4, 0x18]

    /// The v5 UUID (upper case, as the app writes ids) of `name` in the import namespace.
    public static func uuid(_ name: String) -> String {
        var sha = Insecure.SHA1()
        sha.update(data: namespace)
        sha.update(data: Array(name.utf8))
        var b = Array(sha.finalize().prefix(16))
        b[6] = (b[6] & 0x0F) | 0x50  // version 5
        b[8] = (b[8] & 0x3F) | 0x80  // RFC 9562 variant
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])).uuidString
    }

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
