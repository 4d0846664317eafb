import Foundation

/// The columns of the film services' CSV files, to tell a user whose CSV no reader claims which
/// file it is closest to and what it lacks ("no service recognises this CSV; closest: Netflix
/// ViewingActivity.csv, no column 'Start Time'") rather than only that nothing was found
/// (docs/IMPORT.md "Detection").
enum CSVSignatures {
    struct Signature {
        var file: String
        /// The columns the reader needs to claim the file.
        var needed: [String]
        /// Other columns the file has.
        var other: [String] = []
    }

    static let all: [Signature] = [
        Signature(file: "Netflix ViewingActivity.csv", needed: ["Profile Name", "Start Time", "Title"],
                  other: ["Duration", "Attributes", "Supplemental Video Type", "Device Type", "Bookmark", "Latest Bookmark", "Country"]),
        Signature(file: "Netflix NetflixViewingHistory.csv", needed: ["Title", "Date"]),
        Signature(file: "Netflix Ratings.csv", needed: ["Profile Name", "Title Name", "Rating Type", "Thumbs Value"], other: ["Star Value", "Device Model", "Event Utc Ts"]),
        Signature(file: "Netflix MyList.csv", needed: ["Profile Name", "Title Name", "Utc Title Add Date"], other: ["Country"]),
        Signature(file: "Letterboxd diary.csv", needed: ["Date", "Name", "Year", "Letterboxd URI", "Watched Date"], other: ["Rating", "Rewatch", "Tags"]),
        Signature(file: "Letterboxd ratings.csv", needed: ["Date", "Name", "Year", "Letterboxd URI", "Rating"]),
        Signature(file: "Letterboxd watched.csv", needed: ["Date", "Name", "Year", "Letterboxd URI"]),
        Signature(file: "IMDb ratings", needed: ["Const", "Title", "Your Rating"], other: ["Date Rated", "URL", "Title Type", "Year", "Genres"]),
        Signature(file: "IMDb list (watchlist)", needed: ["Position", "Const", "Title"], other: ["Created", "Modified", "Description", "URL", "Title Type"]),
        Signature(file: "Movary history.csv", needed: ["title", "tmdbId", "imdbId", "watchedAt"], other: ["year", "comment", "location"]),
        Signature(file: "Yamtrack CSV", needed: ["media_id", "source", "media_type", "title", "season_number", "episode_number"], other: ["score", "status", "progress"]),
        Signature(file: "TMDb ratings/watchlist CSV", needed: ["TMDb ID", "Type", "Name"], other: ["IMDb ID", "Release Date", "Your Rating", "Date Rated"]),
        Signature(file: "Simkl CSV", needed: ["SIMKL_ID", "Title", "Type"], other: ["Year", "Watchlist", "LastEpWatched", "WatchedDate", "Rating"]),
    ]

    /// A column name without case, blanks or underscores.
    static func squeeze(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" } }

    /// "closest: Netflix ViewingActivity.csv, no column 'Start Time'" for header `keys`; nil when
    /// no signature shares two columns with it.
    static func closest(_ keys: [String]) -> String? {
        let have = Set(keys.map(squeeze))
        var best: (Signature, Int)?
        for s in all {
            let shared = (s.needed + s.other).filter { have.contains(squeeze($0)) }.count
            if shared >= 2, shared > (best?.1 ?? 0) { best = (s, shared) }
        }
        guard let (s, _) = best else { return nil }
        let missing = s.needed.filter { !have.contains(squeeze($0)) }
        let lacks = missing.isEmpty ? "its columns are there but not as the reader needs them"
            : (missing.count == 1 ? "no column " : "no columns ") + missing.map { "'\($0)'" }.joined(separator: ", ")
        return "closest: \(s.file), \(lacks)"
    }
}
