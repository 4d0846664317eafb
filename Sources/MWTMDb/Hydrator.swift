import Foundation
import MWCore

/// Options of a hydration run.
public struct HydrateOptions: Sendable {
    /// Re-fetch the metadata of every record, not only stripped ones.
    public var refresh: Bool
    /// Where to download posters, backdrops and stills (nil: no images).
    public var imagesDirectory: URL?
    /// Image size; nil takes the library's `preferences.imageQuality`, else "w500".
    public var imageSize: String?
    /// Titles worked on at once. The client still limits requests in flight and per second;
    /// this only keeps enough work queued (and lets cached titles decode in parallel).
    public var parallelTitles: Int

    public init(refresh: Bool = false, imagesDirectory: URL? = nil, imageSize: String? = nil, parallelTitles: Int = 16) {
        self.refresh = refresh
        self.imagesDirectory = imagesDirectory
        self.imageSize = imageSize
        self.parallelTitles = max(1, parallelTitles)
    }
}

/// One record hydrate could not fill; it is left exactly as it was.
public struct HydrateFailure: Sendable, Equatable, CustomStringConvertible {
    public var entity: EntityKind
    public var recordId: String
    /// What the record is, e.g. "movie 550" or "tv 1396 S01E02" or an image file name.
    public var label: String
    public var reason: String

    public var description: String { "\(entity.rawValue) \(recordId) (\(label)): \(reason)" }
}

/// Progress of a run, reported after each title and each image.
public struct HydrateProgress: Sendable {
    public enum Phase: String, Sendable { case metadata, images }
    public var phase: Phase
    public var done: Int
    public var total: Int
}

/// What a hydration run did.
public struct HydrateReport: Sendable {
    public var library: Library
    public var failures: [HydrateFailure]
    /// Titles whose records needed work (stripped, refreshed, or holding stripped episodes).
    public var titlesConsidered = 0
    public var titlesHydrated = 0
    public var episodesHydrated = 0
    /// Episodes named only by title that TMDb's season numbered (new episode records).
    public var episodesNumbered = 0
    public var imagesDownloaded = 0
    public var imagesPresent = 0
    /// Wall time of the metadata phase, in seconds.
    public var metadataSeconds = 0.0
    public var imageSeconds = 0.0
    public var clientStats: TMDbClient.Stats = .init()
}

/// Fills the TMDb-derived metadata of stripped records (all records with `refresh`) from TMDb,
/// one request per title where TMDb allows: movie details with `external_ids` appended; show
/// details with `external_ids` and the needed seasons appended (`season/1,…`, 20 items a call).
/// User data is never touched. A record that fails (404, persistent 5xx, bad body) is reported
/// and left as it was; a credential error (401) stops the run by throwing.
public struct Hydrator: Sendable {
    public let client: TMDbClient
    public let options: HydrateOptions

    public init(client: TMDbClient, options: HydrateOptions = .init()) {
        self.client = client
        self.options = options
    }

    /// The work for one title: which of its own and its episodes' metadata to fill.
    struct Job: Sendable {
        var titleIndex: Int
        var title: Title
        var fillTitle: Bool
        /// (index into library.episodes, episode) pairs to fill.
        var episodes: [(Int, Episode)]
        /// The seasons of the show's episodes named only by title (``Title/unnumberedEpisodes``),
        /// fetched to number them by name.
        var unnumberedSeasons: [Int] = []
    }

    /// The outcome of one job, applied to the library in title order.
    struct Outcome: Sendable {
        var titleIndex: Int
        var metadata: TitleMetadata?
        var episodes: [(Int, EpisodeMetadata, Int64)] = []
        /// TMDb's episodes of ``Job/unnumberedSeasons``, by season.
        var seasons: [Int: [TMDbEpisode]] = [:]
        var failures: [HydrateFailure] = []
    }

    func jobs(for library: Library) -> [Job] {
        var byShow: [String: [Int]] = [:]
        for (i, e) in library.episodes.enumerated() where options.refresh || e.isStripped {
            byShow[e.showId, default: []].append(i)
        }
        var jobs: [Job] = []
        for (i, t) in library.titles.enumerated() {
            let eps = t.mediaType == .tv ? (byShow[t.id] ?? []).map { ($0, library.episodes[$0]) } : []
            let fill = options.refresh || t.isStripped
            let seasons = t.mediaType == .tv ? Array(Set(t.unnumberedEpisodes.compactMap { UnnumberedEpisode($0)?.season })).sorted() : []
            if fill || !eps.isEmpty || !seasons.isEmpty {
                jobs.append(Job(titleIndex: i, title: t, fillTitle: fill, episodes: eps, unnumberedSeasons: seasons))
            }
        }
        return jobs
    }

    /// Hydrates `library`. Throws only fatal errors (``TMDbError/isFatal``) and cancellation.
    public func run(_ library: Library, progress: (@Sendable (HydrateProgress) -> Void)? = nil) async throws -> HydrateReport {
        try await run(library, jobs: jobs(for: library), progress: progress)
    }

    /// Numbers the episodes `library` names only by title (``Title/unnumberedEpisodes``) from
    /// TMDb's seasons, by the rule `run` numbers them (``Library/numberUnnumberedEpisodes(ofTitle:seasons:)``),
    /// and fills nothing else: what an online import does once it has built its library
    /// (docs/IMPORT.md "Netflix"). A show whose seasons could not be fetched is a failure, its
    /// episodes left named by title. Throws only fatal errors and cancellation.
    public func numberUnnumberedEpisodes(_ library: Library) async throws -> HydrateReport {
        let jobs = jobs(for: library).compactMap { job -> Job? in
            guard !job.unnumberedSeasons.isEmpty else { return nil }
            var j = job
            (j.fillTitle, j.episodes) = (false, [])
            return j
        }
        return try await run(library, jobs: jobs, progress: nil)
    }

    private func run(_ library: Library, jobs: [Job], progress: (@Sendable (HydrateProgress) -> Void)?) async throws -> HydrateReport {
        var lib = library
        var report = HydrateReport(library: library, failures: [])
        report.titlesConsidered = jobs.count
        let start = ContinuousClock.now
        client.preloadCache(jobs.flatMap { requests(for: $0) })
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(jobs.count)
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var next = 0
            func submit() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask { try await self.hydrate(job) }
            }
            for _ in 0..<min(options.parallelTitles, jobs.count) { submit() }
            while let o = try await group.next() {
                outcomes.append(o)
                progress?(HydrateProgress(phase: .metadata, done: outcomes.count, total: jobs.count))
                submit()
            }
        }
        outcomes.sort { $0.titleIndex < $1.titleIndex }
        for o in outcomes {
            if let m = o.metadata { lib.titles[o.titleIndex].metadata = m; report.titlesHydrated += 1 }
            for (i, m, tmdbId) in o.episodes {
                lib.episodes[i].metadata = m
                lib.episodes[i].tmdbId = tmdbId
                report.episodesHydrated += 1
            }
            report.failures += o.failures
        }
        // Then episodes named only by title get the number TMDb's season gives that name.
        for o in outcomes where !o.seasons.isEmpty {
            let byNumber = o.seasons.mapValues { eps in eps.compactMap { e in e.episodeNumber.map { ($0, e) } } }
            let names = byNumber.mapValues { $0.map { (number: $0.0, name: $0.1.name ?? "") } }
            for i in lib.numberUnnumberedEpisodes(ofTitle: o.titleIndex, seasons: names) {
                report.episodesNumbered += 1
                let e = lib.episodes[i]
                guard e.isStripped, let found = byNumber[e.seasonNumber]?.first(where: { $0.0 == e.episodeNumber })?.1 else { continue }
                lib.episodes[i].metadata = TMDbMapper.metadata(episode: found)
                lib.episodes[i].tmdbId = found.id
            }
        }
        report.metadataSeconds = (ContinuousClock.now - start) / .seconds(1)
        report.library = lib

        if let dir = options.imagesDirectory {
            let imgStart = ContinuousClock.now
            let size = options.imageSize ?? lib.preferences?.imageQuality ?? "w500"
            let downloader = ImageDownloader(client: client, directory: dir, preferredSize: size)
            let r = try await downloader.download(lib.imageReferences, progress: progress)
            report.imagesDownloaded = r.downloaded
            report.imagesPresent = r.present
            report.failures += r.failures
            report.imageSeconds = (ContinuousClock.now - imgStart) / .seconds(1)
        }
        report.clientStats = client.stats
        return report
    }

    /// Fetches what one title needs and maps it; non-fatal errors become failures.
    func hydrate(_ job: Job) async throws -> Outcome {
        let t = job.title
        let label = "\(t.mediaType.rawValue) \(t.tmdbId)"
        var out = Outcome(titleIndex: job.titleIndex)
        func fail(_ reason: String) {
            out.failures.append(HydrateFailure(entity: .title, recordId: t.id, label: label, reason: reason))
        }
        do {
            switch t.mediaType {
            case .movie:
                let m = try await client.movie(t.tmdbId)
                out.metadata = TMDbMapper.metadata(movie: m)
            case .tv:
                try await hydrateShow(job, label: label, into: &out)
            default:
                fail("unknown media type \(quoted(t.mediaType.rawValue))")
            }
        } catch let e as TMDbError where !e.isFatal {
            fail(e.description + (job.episodes.isEmpty ? "" : " (\(job.episodes.count) episode(s) left as they were)"))
            out.metadata = nil
            out.episodes = []
            out.seasons = [:]
        }
        if !job.fillTitle { out.metadata = nil }
        return out
    }

    /// The requests a job makes (for preloading the cache). A request that cannot be formed is
    /// left out here; the fetch itself then reports it for the record.
    func requests(for job: Job) -> [(path: String, query: [(String, String)])] {
        switch job.title.mediaType {
        case .movie: return [["external_ids"]].compactMap { try? TMDbClient.movieRequest(job.title.tmdbId, append: $0) }
        case .tv: return showBatches(job).compactMap { try? TMDbClient.showRequest(job.title.tmdbId, append: $0) }
        default: return []
        }
    }

    /// `append_to_response` lists for a show: `external_ids` and up to 19 seasons in the first
    /// call; 20 seasons in each further call when a library holds episodes of more seasons.
    func showBatches(_ job: Job) -> [[String]] {
        let seasons = Array(Set(job.episodes.map { $0.1.seasonNumber } + job.unnumberedSeasons)).sorted()
        var batches: [[String]] = []
        var rest = seasons.map { "season/\($0)" }
        let firstCount = min(rest.count, TMDbClient.maxAppend - 1)
        batches.append(["external_ids"] + rest.prefix(firstCount))
        rest.removeFirst(firstCount)
        while !rest.isEmpty {
            let n = min(rest.count, TMDbClient.maxAppend)
            batches.append(Array(rest.prefix(n)))
            rest.removeFirst(n)
        }
        return batches
    }

    /// Fetches a show with its external ids and the seasons its episodes need.
    private func hydrateShow(_ job: Job, label: String, into out: inout Outcome) async throws {
        let t = job.title
        let batches = showBatches(job)
        var show: TMDbShow? = nil
        var seasonData: [Int: TMDbSeason] = [:]
        for b in batches {
            let s = try await client.show(t.tmdbId, append: b)
            if show == nil { show = s }
            seasonData.merge(s.appendedSeasons) { a, _ in a }
        }
        guard let show else { return }
        out.metadata = TMDbMapper.metadata(show: show)
        for n in job.unnumberedSeasons { out.seasons[n] = seasonData[n]?.episodes ?? [] }
        for (i, e) in job.episodes {
            let found = seasonData[e.seasonNumber]?.episodes?.first { $0.episodeNumber == e.episodeNumber }
            if let found {
                out.episodes.append((i, TMDbMapper.metadata(episode: found), found.id))
            } else {
                out.failures.append(HydrateFailure(entity: .episode, recordId: e.id, label: "\(label) \(e.episodeCode)",
                                                   reason: "episode not found in TMDb season data"))
            }
        }
    }
}
