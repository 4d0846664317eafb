import Foundation
import MWCore
import MWFoundation
import MWImport
import MWTMDb

/// How ``TMDbMatcher`` works.
public struct MatchOptions: Sendable {
    /// Candidates kept per item for the review file.
    public var maxCandidates: Int
    /// Lookups run at once. Requests are still limited by the client (rate, 6 connections);
    /// this only keeps enough lookups waiting to use them.
    public var concurrentLookups: Int
    /// Also search TV shows for a Letterboxd film whose film search has no clear winner
    /// (Letterboxd lists some TV miniseries as films).
    public var searchTVForFilms: Bool
    /// When the first page of an unfiltered search holds nothing near the row's year and
    /// there are more pages, search again filtered by the year (one more request).
    public var searchAgainByYear: Bool

    public init(maxCandidates: Int = 5, concurrentLookups: Int = 12, searchTVForFilms: Bool = true, searchAgainByYear: Bool = true) {
        self.maxCandidates = max(1, maxCandidates)
        self.concurrentLookups = max(1, concurrentLookups)
        self.searchTVForFilms = searchTVForFilms
        self.searchAgainByYear = searchAgainByYear
    }
}

/// Gives each imported item (movie, show; for an episode, its show) a TMDb ID and media type,
/// or sends it to review. In order: the review file's decision (overrides win over
/// everything) → a TMDb ID in the file (Trakt) → `/find` by IMDb ID → `/find` by TVDB ID →
/// a search by title and year, accepted only for a clear winner (``CandidateJudge``).
///
/// Items are deduplicated before lookup (same ID, or same kind + normalised title + year: one
/// lookup), each distinct request is sent once per run (``RequestMemo``) and through the
/// client, so its rate limit, retries, connection cap, cache and redaction apply; a re-run
/// over a warm cache sends nothing. With an offline client only IDs in the file, cached
/// answers and overrides match; the rest go to review marked incomplete.
public final class TMDbMatcher: TitleMatcher {
    public let client: TMDbClient
    public let options: MatchOptions

    public init(client: TMDbClient, options: MatchOptions = MatchOptions()) {
        self.client = client
        self.options = options
    }

    /// Matches `items`. Throws only when TMDb refuses the credentials (or none are set while
    /// online): every other failure sends the items concerned to review. `progress` is called
    /// with (lookups done, lookups to do) as each distinct lookup ends (for a progress bar).
    public func match(_ items: [ForeignItem], overrides: MatchOverrides = MatchOverrides(),
                      progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) async throws -> MatchResult {
        let before = client.stats
        var keys = [String](repeating: "", count: items.count)
        var outcomes = [MatchOutcome?](repeating: nil, count: items.count)
        var subjectOf = [String?](repeating: nil, count: items.count)
        var subjects: [String: MatchSubject] = [:]
        var lookupKeys = Set<String>()
        var filmDecisionsOnEpisodes: [String: (id: Int64, episodes: Int)] = [:]

        let allSubjects = items.map(MatchSubject.init)
        // Records with different ids of one service never share a review key (issue 30 §1).
        let reviewKeys = IdentityRule.split(allSubjects.map { $0?.key }, items)
        for (i, item) in items.enumerated() {
            let subject = allSubjects[i]
            keys[i] = reviewKeys[i].map { "\(item.source.service.rawValue):\($0)" } ?? MatchKey.position(item)
            if let d = overrides[keys[i]] {
                // A film has no episodes: a film decision on a row of a show's episodes would
                // fold them (several films Netflix's structure grouped, `Saga: One`, `Saga: Two`)
                // into one film. It is not applied; the items are matched as if undecided.
                if case .match(let id, .movie) = d, item.episode != nil {
                    filmDecisionsOnEpisodes[keys[i], default: (id, 0)].1 += 1
                } else {
                    outcomes[i] = d.outcome
                    continue
                }
            }
            guard let subject else {
                outcomes[i] = .review(ReviewEntry(reason: "neither an ID nor a title to match by"))
                continue
            }
            lookupKeys.insert(subject.key)
            if let tmdb = subject.tmdb {
                outcomes[i] = .matched(TMDbMatch(tmdbId: tmdb, mediaType: subject.kind == .tv ? .tv : .movie, method: .fileId))
                continue
            }
            subjectOf[i] = subject.key
            if subjects[subject.key] == nil { subjects[subject.key] = subject }
        }

        let found = try await lookUp(Array(subjects.values).sorted { $0.key < $1.key }, progress: progress)

        var result = MatchResult(items: [], stats: MatchStats(), statsByFile: [:], diagnostics: [])
        var failures: [String: Int] = [:]
        var candidatesOf = [[MatchCandidate]](repeating: [], count: items.count)
        for i in items.indices {
            if outcomes[i] == nil, let k = subjectOf[i], let r = found[k] {
                outcomes[i] = r.outcome
                candidatesOf[i] = r.candidates
                if case .review(let e) = r.outcome, e.incomplete { failures[e.reason, default: 0] += 1 }
            }
        }
        try await wholeTitles(&outcomes, &candidatesOf, items)
        IdentityRule.unshare(&outcomes, items)
        for (i, item) in items.enumerated() {
            let candidates = candidatesOf[i]
            let outcome = outcomes[i] ?? .review(ReviewEntry(reason: "not looked up", incomplete: true))
            result.items.append(ItemMatch(index: i, key: keys[i], outcome: outcome, candidates: candidates))
            result.stats.count(outcome)
            result.statsByFile[item.source.file, default: MatchStats()].count(outcome)
        }
        result.stats.distinctKeys = lookupKeys.count
        let after = client.stats
        result.stats.requests = after.requests - before.requests
        result.stats.cacheHits = after.cacheHits - before.cacheHits
        result.diagnostics = overrides.unused(keys) + filmDecisionsOnEpisodes.sorted { $0.key < $1.key }.map { key, d in
            .warning(.importReviewDecision, "decision movie:\(d.id) names a film, but the row holds \(d.episodes) episode(s) of a show: not applied, they are matched as if undecided (write tv:ID for the show, or ignore): \(key)")
        } + failures.sorted { $0.key < $1.key }.map { reason, n in
            .warning(.importMatchIncomplete, "\(n) item(s) not matched, sent to review: \(reason)")
        }
        return result
    }

    /// Episodes made by a file's structure only (``EpisodeRef/wholeTitle``) whose show found no
    /// match: each title is looked up whole, and one TMDb names clearly (a film, `Star Wars: …`)
    /// is matched as that title; the others keep their show's review (docs/IMPORT.md "Netflix").
    private func wholeTitles(_ outcomes: inout [MatchOutcome?], _ candidates: inout [[MatchCandidate]], _ items: [ForeignItem]) async throws {
        var subjectOf: [Int: String] = [:]
        var subjects: [String: MatchSubject] = [:]
        for (i, item) in items.enumerated() {
            guard case .review? = outcomes[i], let whole = item.episode?.wholeTitle else { continue }
            guard let s = MatchSubject(ForeignItem(source: item.source, kind: .unknown, title: whole)) else { continue }
            subjectOf[i] = s.key
            subjects[s.key] = s
        }
        guard !subjects.isEmpty else { return }
        let found = try await lookUp(Array(subjects.values).sorted { $0.key < $1.key }, progress: nil)
        for (i, key) in subjectOf {
            guard let r = found[key], case .matched = r.outcome else { continue }
            outcomes[i] = r.outcome
            candidates[i] = r.candidates
        }
    }

    /// Runs the lookups of `subjects`, at most ``MatchOptions/concurrentLookups`` at a time.
    private func lookUp(_ subjects: [MatchSubject], progress: (@Sendable (Int, Int) -> Void)?) async throws -> [String: SubjectResult] {
        let memo = RequestMemo()
        // A warm re-run reads the first request of every lookup in one database read instead
        // of one read per lookup.
        client.preloadCache(Array(Set(subjects.compactMap(\.firstRequest).map(RequestKey.init))).map { ($0.path, $0.query) })
        var out: [String: SubjectResult] = [:]
        try await withThrowingTaskGroup(of: (String, SubjectResult).self) { group in
            var next = 0
            func start() {
                let s = subjects[next]
                next += 1
                group.addTask { (s.key, try await self.lookUp(s, memo)) }
            }
            while next < min(options.concurrentLookups, subjects.count) { start() }
            progress?(0, subjects.count)
            while let (key, r) = try await group.next() {
                out[key] = r
                progress?(out.count, subjects.count)
                if next < subjects.count { start() }
            }
        }
        return out
    }
}

/// A request as a hashable value, to preload each once.
struct RequestKey: Hashable {
    var path: String
    var query: [(String, String)]
    init(_ r: (path: String, query: [(String, String)])) { path = r.path; query = r.query }
    static func == (a: Self, b: Self) -> Bool { a.path == b.path && a.query.elementsEqual(b.query, by: ==) }
    func hash(into h: inout Hasher) {
        h.combine(path)
        for (n, v) in query { h.combine(n); h.combine(v) }
    }
}

extension MatchSubject {
    /// The request the lookup starts with (as the client's endpoints form it).
    var firstRequest: (path: String, query: [(String, String)])? {
        if let i = imdb { return TMDbClient.findRequest(i, source: .imdb) }
        if let t = tvdb { return TMDbClient.findRequest(String(t), source: .tvdb) }
        if let i = episodeIMDb { return TMDbClient.findRequest(i, source: .imdb) }
        if let t = episodeTVDB { return TMDbClient.findRequest(String(t), source: .tvdb) }
        guard let title else { return nil }
        let path = kind == .tv ? "/search/tv" : kind == .any ? "/search/multi" : "/search/movie"
        return (path, [("query", title), ("page", "1")])
    }
}

/// What the lookup of one subject found.
struct SubjectResult: Sendable {
    var outcome: MatchOutcome
    var candidates: [MatchCandidate]
}

extension MatchKey {
    /// The key of an item with neither ID nor title: its position (`letterboxd:row:diary.csv:12`).
    static func position(_ item: ForeignItem) -> String {
        "\(item.source.service.rawValue):row:\(item.source.position)"
    }
}
