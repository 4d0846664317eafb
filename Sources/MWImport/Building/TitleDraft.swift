import Foundation
import MWFoundation
import MWCore

/// Everything an import knows about one TMDb title (one `tmdbId` + media type), gathered from
/// every item matched to it — several rows, files, exports and services fold into one title.
struct TitleDraft {
    let tmdbId: Int64
    let mediaType: MediaType
    let id: String
    /// Items that are the title itself (a film's or a show's rows), in reading order.
    var items: [ForeignItem] = []
    /// What the show takes from its episode items that became episodes (``EpisodeSummary``);
    /// the items themselves are held once, by their ``EpisodeDraft``.
    var episodes = EpisodeSummary()
    /// Episode items without season or number: their watches, ratings and reviews are kept on the show.
    var looseEpisodes: [ForeignItem] = []
    /// What the matcher answered for each item, in the same order as they were added.
    var matches: [TMDbMatch] = []

    init(tmdbId: Int64, mediaType: MediaType) {
        self.tmdbId = tmdbId
        self.mediaType = mediaType
        id = ImportIDs.title(mediaType, tmdbId)
    }

    /// Title-level records: the title's own items, and loose episodes kept on the show.
    var own: [ForeignItem] { items + looseEpisodes }

    /// The title record.
    func title(_ options: ImportBuildOptions) -> Title {
        let marks = items.flatMap(\.marks)
        let viewings = RecordValues.viewings(own.flatMap(\.watches), marks: marks)
        let (watched, watchedDate) = RecordValues.watched(viewings, marks: marks)
        let dates = RecordValues.dates(items + looseEpisodes).compactMap { ImportDates.date($0) }
        let earliest = [dates.min(), episodes.earliest].compactMap { $0 }.min()
        var t = Title(id: id, tmdbId: tmdbId, mediaType: mediaType, metadata: metadata(options),
                      watched: watched, watchedDate: watchedDate, likedStatus: liked(options.profile),
                      dateAdded: earliest ?? options.now)
        t.viewings = viewings
        t.ratings = RecordValues.ratings(own.flatMap(\.ratings))
        var tags: [String] = []
        // Episodes have no tags in the model: an episode's tags are kept on its show.
        for i in own { Values.union(&tags, i.tags); for w in i.watches { Values.union(&tags, w.tags) } }
        Values.union(&tags, episodes.tags)
        t.tags = tags
        var refs = own.flatMap(\.sources)
        // A show known only from its episodes names the first episode row it came from.
        if refs.isEmpty, let first = episodes.firstSource { refs = [first] }
        t.sources = RecordValues.sources(refs)
        if let m = Self.status(marks) {
            t.setWatchStatus(m.status, word: m.statusWord, date: ImportDates.date(m.date), source: m.source.service.rawValue)
        }
        // The export's own name stays where TMDb's is absent (docs/IMPORT.md "Metadata").
        if t.metadata == nil { (t.exportTitle, t.exportYear) = fileName }
        t.serviceIds = serviceIds
        t.unnumberedEpisodes = unnumberedEpisodes
        return t
    }

    /// The loose episodes named by title without a number (Netflix's `Show: Season 2: Title`),
    /// kept by season and title with their viewings' days (``UnnumberedEpisode``, docs/IMPORT.md
    /// "Netflix"); their viewings are the show's too. A marker that numbers no season (`Part 2`,
    /// an arc's name) stays before the title, so two parts' episodes of one name stay two.
    var unnumberedEpisodes: [String] {
        let values: [String] = looseEpisodes.compactMap { item in
            guard let ref = item.episode, ref.number == nil, let name = Values.text(ref.episodeTitle) else { return nil }
            let marker = ref.season == nil ? Values.text(item.rawType) : nil
            let title = marker.map { "\($0): \(name)" } ?? name
            return UnnumberedEpisode(season: ref.season, days: item.watches.compactMap { $0.date?.day }, title: title).encoded
        }
        return UnnumberedEpisode.union([], values)
    }

    /// The title and year the export gave (the first item naming them; a show known only from
    /// its episodes by their show's name).
    var fileName: (String?, Int?) {
        let title = items.lazy.compactMap { Values.text($0.title) }.first
            ?? episodes.showTitle ?? looseEpisodes.lazy.compactMap { Values.text($0.episode?.showTitle) }.first
        let year = items.lazy.compactMap(\.year).first ?? episodes.showYear ?? looseEpisodes.lazy.compactMap { $0.episode?.showYear }.first
        return (title, year)
    }

    /// Every id at another service the title's items (and its episodes' show ids) carry.
    var serviceIds: [String] {
        let all = items.map(\.ids) + looseEpisodes.compactMap { $0.episode?.showIDs }
        return ServiceID.union(episodes.serviceIds, all.flatMap(\.serviceIds))
    }

    /// The title's watch status: of the marks that say one (docs/IMPORT.md "Watch status"), the
    /// one set last by its date; when none is dated, the last one read.
    static func status(_ marks: [ForeignMark]) -> ForeignMark? {
        let said = marks.filter { $0.status != nil }
        let dated = said.compactMap { m in ImportDates.date(m.date).map { (m, $0) } }
        guard let latest = dated.map(\.1).max() else { return said.last }
        return dated.last { $0.1 == latest }?.0
    }

    /// likedStatus: a heart or a favourite (the user's own "liked") → 1; else the current
    /// rating through the profile; else the latest TV Time emotion that says something; else 0.
    func liked(_ profile: LikedProfile) -> Int {
        if items.contains(where: { $0.isLiked || $0.has(.favorite) }) { return 1 }
        if let r = RecordValues.current(items.flatMap(\.ratings)) {
            return profile.status(value: r.value, scale: r.scale == .tenPoint ? 10 : 5)
        }
        let emotions = RecordValues.stableSorted(items.flatMap(\.emotions)) { ImportDates.date($0.date) }
        return emotions.compactMap { LikedProfile.emotion($0.value) }.last ?? 0
    }

    /// Whether TMDb told the title's metadata (a match with a title and year): what
    /// ``metadata(_:)`` takes first, and what a build with filled metadata does not fill.
    var saidByTMDb: Bool { matches.contains(where: Self.saysMetadata) }

    /// A match that saw TMDb's title (not blank) and year.
    static func saysMetadata(_ m: TMDbMatch) -> Bool {
        guard let title = m.title, m.year != nil else { return false }
        return !title.trimmedBlanks(newlines: false).isEmpty
    }

    /// TMDb's title and year when the matcher saw them; with ``ImportBuildOptions/fillMetadata``
    /// the export's own title and year otherwise; else nil (stripped, for `hydrate`).
    func metadata(_ options: ImportBuildOptions) -> TitleMetadata? {
        let seen = matches.first(where: Self.saysMetadata)
        let imdb = matches.contains { $0.method == .imdb } ? own.lazy.compactMap(\.ids.imdb).first : nil
        if let seen {
            return TitleMetadata(title: seen.title!, originalTitle: seen.originalTitle, imdbId: imdb, year: seen.year!, posterPath: seen.posterPath)
        }
        guard options.fillMetadata else { return nil }
        let any = matches.first { $0.title != nil }
        let (fileTitle, fileYear) = fileName
        return TitleMetadata(title: any?.title ?? fileTitle ?? "\(mediaType.rawValue) \(tmdbId)", originalTitle: any?.originalTitle,
                             imdbId: imdb, year: any?.year ?? fileYear ?? 0, posterPath: any?.posterPath)
    }
}

/// One episode of an imported show, by season and number, from every item naming it.
struct EpisodeDraft {
    let showTmdbId: Int64
    let showId: String
    let season: Int
    let number: Int
    var items: [ForeignItem] = []

    var id: String { ImportIDs.episode(show: showTmdbId, season: season, number: number) }

    /// The episode record. The TMDb episode ID stays nil: exports number episodes as TVDB
    /// does, and `hydrate` finds the TMDb episode.
    func episode(_ options: ImportBuildOptions) -> Episode {
        let marks = items.flatMap(\.marks)
        let viewings = RecordValues.viewings(items.flatMap(\.watches), marks: marks)
        let (watched, watchedDate) = RecordValues.watched(viewings, marks: marks)
        var e = Episode(id: id, showId: showId, seasonNumber: season, episodeNumber: number, metadata: nil,
                        watched: watched, watchedDate: watchedDate)
        if options.fillMetadata {
            let name = items.lazy.compactMap { Values.text($0.episode?.episodeTitle) }.first ?? e.episodeCode
            e.metadata = EpisodeMetadata(name: name)
        }
        e.viewings = viewings
        e.ratings = RecordValues.ratings(items.flatMap(\.ratings))
        e.sources = RecordValues.sources(items.flatMap(\.sources))
        return e
    }
}

/// What a show's title takes from each of its episode items that became an episode, gathered
/// as the item is placed: the earliest date (for dateAdded), the tags (episodes have none in the
/// model), the first row, the show's name and year as the export gives them, its ids at other
/// services. Kept instead of a second copy of every episode item, which lived through the build
/// beside the episode drafts' (a Netflix import's peak, issue 29).
struct EpisodeSummary {
    var earliest: Date?
    /// In the order first met, as the title's own tags are.
    var tags: [String] = []
    var firstSource: SourceRef?
    var showTitle: String?
    var showYear: Int?
    /// As met (repeats included): ``TitleDraft/serviceIds`` makes them one sorted set.
    var serviceIds: [String] = []

    mutating func add(_ i: ForeignItem) {
        if firstSource == nil { firstSource = i.source }
        for d in RecordValues.dates([i]) {
            if let x = ImportDates.date(d), earliest.map({ x < $0 }) ?? true { earliest = x }
        }
        Values.union(&tags, i.tags)
        for w in i.watches { Values.union(&tags, w.tags) }
        if showTitle == nil { showTitle = Values.text(i.episode?.showTitle) }
        if showYear == nil { showYear = i.episode?.showYear }
        if let ids = i.episode?.showIDs.serviceIds { serviceIds += ids }
    }
}
