import MWFoundation

/// Codes of the writers of other services' formats (docs/DIAGNOSTICS.md "Writing other
/// services' formats"). All are warnings: the output is written without what they name.
extension DiagnosticCode {
    /// imdb-csv: a title without an IMDb ID (IMDb-style lists are keyed by it); left out.
    public static let writeNoIMDbID: DiagnosticCode = "write-no-imdb-id"
    /// letterboxd-csv: a title with nothing Letterboxd can match (no TMDb movie ID, IMDb ID or
    /// title: a stripped show); left out.
    public static let writeUnidentifiedTitle: DiagnosticCode = "write-unidentified-title"
    /// A kept rating the target scale cannot hold (e.g. 0 of 10 as half stars); its cell is empty.
    public static let writeRatingOffScale: DiagnosticCode = "write-rating-off-scale"
    /// letterboxd-csv: notes written in MediaWatch (no record source) never become public
    /// reviews (owner-only ones are private); one warning with their count.
    public static let writeNotesLeftOut: DiagnosticCode = "write-notes-left-out"

    /// Every code declared by the writers.
    public static let writers: [DiagnosticCode] = [.writeNoIMDbID, .writeUnidentifiedTitle, .writeRatingOffScale, .writeNotesLeftOut]
}
