/// Every stable diagnostic code mwkit emits. Codes are never renamed or reused once shipped;
/// docs/DIAGNOSTICS.md describes each. `Samples/invalid/<code>.json` demonstrates each rule.
public enum DiagnosticCode: String, Sendable, CaseIterable {
    // Input and JSON syntax
    case ioUnreadable = "io-unreadable"
    case jsonEmpty = "json-empty"
    case jsonSyntax = "json-syntax"
    case jsonTruncated = "json-truncated"
    case jsonInvalidUTF8 = "json-invalid-utf8"
    case jsonDuplicateKey = "json-duplicate-key"
    case jsonTooDeep = "json-too-deep"
    case jsonNumberRange = "json-number-range"
    case jsonNonFinite = "json-non-finite"
    case jsonTooLarge = "json-too-large"
    // Format detection and structure
    case formatUnrecognized = "format-unrecognized"
    case formatUnknownVersion = "format-unknown-version"
    case schemaType = "schema-type"
    case schemaRequired = "schema-required"
    case schemaUnknownKey = "schema-unknown-key"
    case schemaRange = "schema-range"
    case dateInvalid = "date-invalid"
    case dateImplausible = "date-implausible"
    case strippedWithMetadata = "stripped-record-metadata"
    // Identifiers
    case idFormat = "id-format"
    case idDuplicate = "id-duplicate"
    // Title (seeds/000 §2.1, §4.1)
    case titleTmdbIdPositive = "title-tmdbid-positive"
    case titleMediaType = "title-media-type"
    case titleEmpty = "title-title-empty"
    case titleNotInList = "title-not-in-list"
    case titleDuplicate = "title-duplicate"
    case titleImdbId = "title-imdbid-format"
    case titleLikedStatus = "title-liked-status"
    case titleLanguage = "title-language-format"
    // Episode (§2.2, §4.2)
    case episodeSeasonNumber = "episode-season-number"
    case episodeEpisodeNumber = "episode-episode-number"
    case episodeNameEmpty = "episode-name-empty"
    case episodeShowMissing = "episode-show-missing"
    case episodeShowNotTV = "episode-show-not-tv"
    case episodeDuplicate = "episode-duplicate"
    // List and ListItem (§2.3, §2.4, §4.3)
    case listNameEmpty = "list-name-empty"
    case listNameLength = "list-name-length"
    case listColorHex = "list-color-hex"
    case listItemTitleMissing = "listitem-title-missing"
    case listItemDuplicate = "listitem-duplicate"
    // Note (§2.5, §4.4)
    case noteTextLength = "note-text-length"
    case noteParentType = "note-parent-type"
    case noteParentMissing = "note-parent-missing"
    // Preferences (§2.6)
    case preferencesDefaultList = "preferences-default-list-missing"
    case preferencesLikedStatus = "preferences-liked-status"
    // Conversion
    case strippedInV1 = "v1-stripped-record"
    case fieldDropped = "field-dropped"
    case limitReached = "max-errors-reached"
}
