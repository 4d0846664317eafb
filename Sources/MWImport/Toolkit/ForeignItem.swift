import Foundation
import MWFoundation
import MWCore
import MWMacros

/// One thing the user tracked in another service — a film, a show, an episode — with
/// everything the export says about it, folded from every row of that export that names it
/// (a Letterboxd film seen in watched.csv, diary.csv twice and a list is one item with two watch
/// events and a list membership). Nothing here is matched to TMDb or shaped for the MediaWatch
/// model yet: values are kept as the service wrote them, each with the row it came from, so a
/// later step can decide and nothing the user typed is lost.
public struct ForeignItem: Sendable, Codable, Hashable {
    /// The row that first named the item.
    public var source: SourceRef
    /// Every row folded into the item, in reading order (the first is ``source``).
    public var sources: [SourceRef]
    public var kind: ForeignKind
    /// The service's own type string (`tvMiniSeries`, `Feature Film`, `show`, `series`), when it has one.
    public var rawType: String?
    public var title: String
    /// The original-language title (IMDb from 2024), when given.
    public var originalTitle: String?
    /// Release year; nil when empty or `????`.
    public var year: Int?
    /// Director names, when the export lists them (IMDb).
    public var directors: [String]
    public var ids: ForeignIDs
    /// For an episode: its show and numbers.
    public var episode: EpisodeRef?
    /// Every rating given, as given (the current rating and the rating of each diary entry).
    public var ratings: [ForeignRating]
    /// Every watch (diary entry, history play, tracked episode), oldest first.
    public var watches: [WatchEvent]
    /// Statuses set on the item: watched (without a dated watch), watchlist, liked, favourite,
    /// followed, archived…, each with its date and row.
    public var marks: [ForeignMark]
    /// Tags, deduplicated, in first-seen order.
    public var tags: [String]
    /// Reviews, comments and notes the user wrote about the item.
    public var reviews: [ForeignReview]
    /// Lists the item is in, with its position.
    public var lists: [ListMembership]
    /// TV Time emotion votes (and other reactions), raw.
    public var emotions: [ForeignEmotion]
    /// Values of columns/keys this reader does not interpret, kept so nothing is lost.
    public var extras: [ForeignExtra]
    /// When the user added the item to the service (Watcharr's `createdAt`), where no other
    /// date says it: the earliest such date counts for the title's dateAdded.
    public var addedAt: ForeignDate?

    public init(source: SourceRef, kind: ForeignKind, title: String) {
        self.source = source
        self.sources = [source]
        self.kind = kind
        self.title = title
        self.directors = []
        self.ids = ForeignIDs()
        self.ratings = []
        self.watches = []
        self.marks = []
        self.tags = []
        self.reviews = []
        self.lists = []
        self.emotions = []
        self.extras = []
    }

    /// Whether any mark of `kind` is set.
    public func has(_ kind: ForeignMark.Kind) -> Bool { marks.contains { $0.kind == kind } }
    /// On the service's watchlist (or TV Time's "for later").
    public var isWatchlisted: Bool { has(.watchlist) }
    /// Liked (Letterboxd heart, TV Time LIKE list).
    public var isLiked: Bool { has(.liked) }
    /// Marked watched, by a dated watch or a mark.
    public var isWatched: Bool { !watches.isEmpty || has(.watched) }
    /// The latest dated watch.
    public var lastWatch: WatchEvent? { watches.filter { $0.date != nil }.max { $0.date! < $1.date! } }
}

/// What an item is.
public enum ForeignKind: String, Sendable, Codable, Hashable {
    case movie, tvShow, episode, unknown
}

/// Identifiers the export gives. IMDb IDs are normalised to `tt` + digits (a bare `16968450`
/// becomes `tt16968450`); an empty or null ID is nil.
@PublicMemberwiseInit
public struct ForeignIDs: Sendable, Codable, Hashable {
    public var tmdb: Int?
    public var imdb: String?
    public var tvdb: Int?
    public var trakt: Int?
    /// Trakt's slug (`pulp-fiction-1994`).
    public var traktSlug: String?
    /// The Letterboxd film link (`https://boxd.it/oNB8` or `https://letterboxd.com/film/heat/`).
    public var letterboxdURI: String?
    /// The Letterboxd film slug, when a link names it (`heat` from `…/film/heat/`).
    public var letterboxdSlug: String?
    /// TV Time's own UUID for the record, when given.
    public var tvtimeUUID: String?
    /// The record's id at a service TMDb cannot look up, with the service's name
    /// (`myanimelist:anime:9969`, `simkl:movie:53536`): records with different ones are
    /// different records (issue 30 §1, ``IdentityRule``).
    public var serviceID: String?
    /// Other ids the export gives at services nothing looks up, as `service:id` (``ServiceID``:
    /// `myanimelist:anime:9969` from a Simkl row): kept on the title, never matched on.
    public var others: [String] = []

    /// Whether any ID a matcher can look up is present.
    public var isEmpty: Bool { tmdb == nil && imdb == nil && tvdb == nil && trakt == nil }

    /// Fills IDs this value lacks from `other` (never overwrites).
    public mutating func fill(from other: ForeignIDs) {
        tmdb = tmdb ?? other.tmdb
        imdb = imdb ?? other.imdb
        tvdb = tvdb ?? other.tvdb
        trakt = trakt ?? other.trakt
        traktSlug = traktSlug ?? other.traktSlug
        letterboxdURI = letterboxdURI ?? other.letterboxdURI
        letterboxdSlug = letterboxdSlug ?? other.letterboxdSlug
        tvtimeUUID = tvtimeUUID ?? other.tvtimeUUID
        others = ServiceID.union(others, other.others)
    }

    /// Every id here as a title's `service:id` value (docs/FORMAT.md#formatversion-5); the
    /// TMDb id is the title's own key, not one of these.
    public var serviceIds: [String] {
        var out: [String?] = [imdb.flatMap { ServiceID.make("imdb", $0) }, tvdb.flatMap { ServiceID.make("tvdb", String($0)) },
                              trakt.flatMap { ServiceID.make("trakt", String($0)) }, traktSlug.flatMap { ServiceID.make("trakt-slug", $0) },
                              letterboxdSlug.flatMap { ServiceID.make("letterboxd", $0) }, letterboxdURI.flatMap { ServiceID.make("letterboxd-uri", $0) },
                              tvtimeUUID.flatMap { ServiceID.make("tvtime", $0) }]
        // `serviceID` is already `service:kind:id`.
        out.append(serviceID.flatMap { ServiceID.parse($0) == nil ? nil : $0 })
        return out.compactMap { $0 } + others.filter { ServiceID.parse($0) != nil }
    }
}

/// An episode's place: its show and its numbers in the service's numbering (TV Time and Trakt
/// use TVDB's order, which can differ from TMDb's). Season 0 holds specials.
@PublicMemberwiseInit
public struct EpisodeRef: Sendable, Codable, Hashable {
    public var showTitle: String?
    public var showYear: Int?
    public var showIDs: ForeignIDs = ForeignIDs()
    public var season: Int?
    public var number: Int?
    /// The episode's own title, when given.
    public var episodeTitle: String?
    /// TV Time's `is_special` / `special` flag, when given.
    public var isSpecial: Bool?
    /// The whole title as the file gives it, when only the file's structure (no marker) made
    /// this an episode (Netflix, ``NetflixShows``): when TMDb has no such show, the title is
    /// looked up whole, so films sharing a prefix (`Star Wars: …`) stay films.
    public var wholeTitle: String?
}

/// A rating as given: the value on the service's scale, never rounded (Letterboxd's 4.5 stays 4.5).
@PublicMemberwiseInit(requiring: ["date"])
public struct ForeignRating: Sendable, Codable, Hashable {
    /// The scales the services use.
    public enum Scale: String, Sendable, Codable {
        /// Letterboxd: 0.5–5 in half stars.
        case halfStars5
        /// IMDb and Trakt: 1–10.
        case tenPoint
        /// TV Time show ratings and vote levels: 1–5.
        case fivePoint
        /// A TV Time vote whose level could not be read as a number; ``raw`` holds it.
        case tvtimeVote
    }

    public var value: Double
    public var scale: Scale
    /// The value as written.
    public var raw: String
    public var date: ForeignDate?
    /// For a Trakt season rating: the season rated (the item is the show).
    public var season: Int?
    public var source: SourceRef
}

/// One watch: a Letterboxd diary entry, a Trakt history play, a tracked TV Time episode.
@PublicMemberwiseInit(requiring: ["date"])
public struct WatchEvent: Sendable, Codable, Hashable {
    /// When it was watched (a day for Letterboxd, an instant for Trakt); nil when unknown.
    public var date: ForeignDate?
    /// When the entry was logged, when the service keeps it apart (Letterboxd `Date`).
    public var loggedDate: ForeignDate?
    /// The service marks it as a rewatch.
    public var rewatch: Bool = false
    /// Plays this event stands for (Trakt watched-* summaries, TV Time rewatch counts); 1 by default.
    public var plays: Int = 1
    /// Tags set on this entry.
    public var tags: [String] = []
    /// Service specifics: Trakt `action` (watch/scrobble/checkin), TV Time `bulk_type`.
    public var detail: String?
    public var source: SourceRef
}

/// A status the user set on an item.
public struct ForeignMark: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable {
        /// Marked watched without a dated watch (Letterboxd watched.csv, Trakt watched-*, TV Time is_watched).
        case watched
        case watchlist, liked, favorite
        /// TV Time / Trakt: following a show.
        case followed
        /// TV Time: show archived / stopped.
        case archived
        /// Only a watch status (``ForeignMark/status``), where no other mark says it (a
        /// Yamtrack film `Completed` row, whose watch is a viewing).
        case status
    }

    public var kind: Kind
    public var date: ForeignDate?
    /// The service's own value, when it says more than the kind (TV Time status `stopped`, a note).
    public var detail: String?
    /// A count the service keeps with the mark (Trakt plays, TV Time episodes seen).
    public var count: Int?
    public var source: SourceRef
    /// The watch status the mark says, when it is the service's status of the title
    /// (docs/IMPORT.md "Watch status"); ``statusWord`` is then the service's own word for it.
    public var status: WatchStatus?
    /// The service's word for ``status`` as written (`HOLD`, `Paused`, `followed`).
    public var statusWord: String?

    public init(_ kind: Kind, date: ForeignDate? = nil, detail: String? = nil, count: Int? = nil, source: SourceRef,
                status: WatchStatus? = nil, statusWord: String? = nil) {
        self.kind = kind
        self.date = date
        self.detail = detail
        self.count = count
        self.source = source
        self.status = status
        self.statusWord = status == nil ? nil : statusWord ?? detail
    }

    /// ``detail`` of a TV Time show's count of episodes seen (``count``).
    public static let episodesSeen = "episodes seen"
    /// ``detail`` of a Trakt watched-shows show mark: ``count`` is its episodes' plays added up.
    public static let episodePlays = "episode plays"
}

/// Text the user wrote about an item.
@PublicMemberwiseInit(requiring: ["date"])
public struct ForeignReview: Sendable, Codable, Hashable {
    /// The text as exported (Letterboxd reviews hold HTML such as `<i>`, `<blockquote>`); a
    /// CSV's line breaks in it are LF, whichever the file uses.
    public var text: String
    /// Whether the text holds HTML markup.
    public var isHTML: Bool = false
    /// When it was written / logged.
    public var date: ForeignDate?
    /// When the film was watched, for a review tied to a diary entry.
    public var watchedDate: ForeignDate?
    /// Marked as containing spoilers, when the service says so.
    public var spoiler: Bool?
    /// For Trakt comments on a season: the season.
    public var season: Int?
    /// What kind of text: `review`, `comment`, `list-note`, `note`.
    public var kind: String = "review"
    public var source: SourceRef
}

/// An item's place in a list. The list itself (name, description) is in
/// ``ForeignExport/lists``; ``listKey`` names it there.
@PublicMemberwiseInit(requiring: ["position"])
public struct ListMembership: Sendable, Codable, Hashable {
    /// The ``ForeignList/key`` of the list.
    public var listKey: String
    /// The list's name, repeated for convenience.
    public var listName: String
    /// 1-based position / rank / custom order as the service gives it.
    public var position: Int?
    /// The note the user wrote for this entry (Letterboxd list entry `Description`, IMDb
    /// `Description`, Trakt `notes`).
    public var note: String?
    /// When the item was added.
    public var addedAt: ForeignDate?
    public var source: SourceRef
}

/// A TV Time reaction (emotion vote), kept raw: TV Time's vote ids are not documented.
@PublicMemberwiseInit
public struct ForeignEmotion: Sendable, Codable, Hashable {
    /// The emotion id or vote key as written.
    public var value: String
    public var date: ForeignDate?
    public var source: SourceRef
}

/// A value of a column or key the reader does not interpret, kept as written.
@PublicMemberwiseInit
public struct ForeignExtra: Sendable, Codable, Hashable {
    /// The column or key name as written in the file.
    public var field: String
    public var value: String
    public var source: SourceRef
}
