import Foundation

// The enums of docs/SPEC.md "Books: enumerations" (BooksTrack's ModelTypes), with the raw values the app stores.

/// Physical form of an edition (docs/SPEC.md "Books: enumerations").
public enum EditionFormat: String, Sendable, Codable, CaseIterable, Hashable {
    case hardcover, paperback, ebook, audiobook, massMarket
}

/// An author's gender as recorded; `unknown` when not known (docs/SPEC.md "Books: enumerations").
public enum AuthorGender: String, Sendable, Codable, CaseIterable, Hashable {
    case female, male, nonBinary, other, unknown
}

/// The 11 cultural regions of docs/SPEC.md "Books: enumerations".
public enum CulturalRegion: String, Sendable, Codable, CaseIterable, Hashable {
    case africa, asia, europe, northAmerica, southAmerica, oceania
    case middleEast, caribbean, centralAsia, indigenous, international
}

/// Where the user is with a book (docs/SPEC.md "Books: enumerations"). A wishlist entry has no edition.
public enum ReadingStatus: String, Sendable, Codable, CaseIterable, Hashable {
    case wishlist, toRead, reading, read, onHold, dnf
}

/// Whether a work's identity was confirmed (docs/SPEC.md "Books: review queue"): an uncertain import
/// merge is `pending` until the user decides.
public enum ReviewStatus: String, Sendable, Codable, CaseIterable, Hashable {
    case verified, pending
}
