/// Codes of the MediaWatch backup format (docs/DIAGNOSTICS.md).
extension DiagnosticCode {
    // Format detection and structure
    public static let formatUnknownVersion: DiagnosticCode = "format-unknown-version"
    public static let schemaType: DiagnosticCode = "schema-type"
    public static let schemaRequired: DiagnosticCode = "schema-required"
    public static let schemaUnknownKey: DiagnosticCode = "schema-unknown-key"
    public static let schemaRange: DiagnosticCode = "schema-range"
    public static let dateInvalid: DiagnosticCode = "date-invalid"
    public static let dateImplausible: DiagnosticCode = "date-implausible"
    public static let strippedWithMetadata: DiagnosticCode = "stripped-record-metadata"
    // Identifiers
    public static let idFormat: DiagnosticCode = "id-format"
    public static let idDuplicate: DiagnosticCode = "id-duplicate"
    // Title (docs/SPEC.md#invariants-title)
    public static let titleTmdbIdPositive: DiagnosticCode = "title-tmdbid-positive"
    public static let titleMediaType: DiagnosticCode = "title-media-type"
    public static let titleEmpty: DiagnosticCode = "title-title-empty"
    public static let titleNotInList: DiagnosticCode = "title-not-in-list"
    public static let titleDuplicate: DiagnosticCode = "title-duplicate"
    public static let titleImdbId: DiagnosticCode = "title-imdbid-format"
    public static let titleLikedStatus: DiagnosticCode = "title-liked-status"
    public static let titleLanguage: DiagnosticCode = "title-language-format"
    public static let titleWatchStatus: DiagnosticCode = "title-watch-status"
    public static let titleServiceId: DiagnosticCode = "title-service-id"
    public static let titleUnnumberedEpisode: DiagnosticCode = "title-unnumbered-episode"
    // Episode (docs/SPEC.md#invariants-episode)
    public static let episodeSeasonNumber: DiagnosticCode = "episode-season-number"
    public static let episodeEpisodeNumber: DiagnosticCode = "episode-episode-number"
    public static let episodeNameEmpty: DiagnosticCode = "episode-name-empty"
    public static let episodeShowMissing: DiagnosticCode = "episode-show-missing"
    public static let episodeShowNotTV: DiagnosticCode = "episode-show-not-tv"
    public static let episodeDuplicate: DiagnosticCode = "episode-duplicate"
    // List and ListItem (docs/SPEC.md#invariants-list)
    public static let listNameEmpty: DiagnosticCode = "list-name-empty"
    public static let listNameLength: DiagnosticCode = "list-name-length"
    public static let listColorHex: DiagnosticCode = "list-color-hex"
    public static let listItemTitleMissing: DiagnosticCode = "listitem-title-missing"
    public static let listItemDuplicate: DiagnosticCode = "listitem-duplicate"
    // Note (docs/SPEC.md#invariants-note)
    public static let noteTextLength: DiagnosticCode = "note-text-length"
    public static let noteParentType: DiagnosticCode = "note-parent-type"
    public static let noteParentMissing: DiagnosticCode = "note-parent-missing"
    // Preferences (docs/SPEC.md#invariants-preferences)
    public static let preferencesDefaultList: DiagnosticCode = "preferences-default-list-missing"
    public static let preferencesLikedStatus: DiagnosticCode = "preferences-liked-status"
    // Provenance values of formatVersion 3 (docs/FORMAT.md#formatversion-3)
    public static let ratingRange: DiagnosticCode = "rating-range"
    public static let datePrecisionUnknown: DiagnosticCode = "date-precision-unknown"
    public static let dayNotMidnight: DiagnosticCode = "day-not-midnight"
    public static let provenanceDuplicate: DiagnosticCode = "provenance-duplicate"
    // Conversion
    public static let strippedInV1: DiagnosticCode = "v1-stripped-record"
    public static let fieldDropped: DiagnosticCode = "field-dropped"

    /// Every code declared by MWCore.
    public static let core: [DiagnosticCode] = [
        .formatUnknownVersion,
        .schemaType,
        .schemaRequired,
        .schemaUnknownKey,
        .schemaRange,
        .dateInvalid,
        .dateImplausible,
        .strippedWithMetadata,
        .idFormat,
        .idDuplicate,
        .titleTmdbIdPositive,
        .titleMediaType,
        .titleEmpty,
        .titleNotInList,
        .titleDuplicate,
        .titleImdbId,
        .titleLikedStatus,
        .titleLanguage,
        .titleWatchStatus,
        .titleServiceId,
        .titleUnnumberedEpisode,
        .episodeSeasonNumber,
        .episodeEpisodeNumber,
        .episodeNameEmpty,
        .episodeShowMissing,
        .episodeShowNotTV,
        .episodeDuplicate,
        .listNameEmpty,
        .listNameLength,
        .listColorHex,
        .listItemTitleMissing,
        .listItemDuplicate,
        .noteTextLength,
        .noteParentType,
        .noteParentMissing,
        .preferencesDefaultList,
        .preferencesLikedStatus,
        .ratingRange,
        .datePrecisionUnknown,
        .dayNotMidnight,
        .provenanceDuplicate,
        .strippedInV1,
        .fieldDropped,
        .writeExportName,
    ]
}
