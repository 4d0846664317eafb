import Foundation
import MWFoundation
import MWImport
import MWCore
import MWTMDb

/// The lookup chain of one subject: IMDb ID → TVDB ID → the episode's own IDs → search.
extension TMDbMatcher {
    /// An answer, or why there is none. Fatal errors (credentials) are thrown instead.
    enum Fetched<T> {
        case value(T)
        /// Not answered: offline and not cached, or a TMDb/network error after retries.
        case failed(String)
    }

    func lookUp(_ s: MatchSubject, _ memo: RequestMemo) async throws -> SubjectResult {
        var notes: [String] = []
        var incomplete = false
        func note(_ f: Fetched<Found>) -> Found? {
            switch f {
            case .value(let r): return r
            case .failed(let why): notes.append(why); incomplete = true; return nil
            }
        }

        if let imdb = s.imdb, let r = note(try await find(imdb, .imdb, memo)) {
            if let m = pick(r, s, .imdb) { return SubjectResult(outcome: .matched(m), candidates: []) }
            notes.append("IMDb ID \(imdb) " + (r.isEmpty ? "is not on TMDb" : "names no single TMDb title"))
        }
        if let tvdb = s.tvdb, let r = note(try await find(String(tvdb), .tvdb, memo)) {
            if let m = pick(r, s, .tvdb) { return SubjectResult(outcome: .matched(m), candidates: []) }
            notes.append("TVDB ID \(tvdb) " + (r.isEmpty ? "is not on TMDb" : "names no single TMDb title"))
        }
        // An episode known only by its own IDs: `/find` names the show it belongs to.
        if s.imdb == nil, s.tvdb == nil {
            for (id, source, method) in [(s.episodeIMDb, TMDbClient.ExternalSource.imdb, MatchMethod.imdb),
                                         (s.episodeTVDB.map(String.init), .tvdb, .tvdb)] {
                guard let id, let r = note(try await find(id, source, memo)) else { continue }
                let shows = Set(r.episodeShows)
                if shows.count == 1 { return SubjectResult(outcome: .matched(TMDbMatch(tmdbId: shows.first!, mediaType: .tv, method: method)), candidates: []) }
                notes.append("episode ID \(id) names no single show on TMDb")
            }
        }
        guard s.title != nil else {
            return SubjectResult(outcome: .review(ReviewEntry(reason: notes.isEmpty ? "no title to search by" : Self.reason(notes),
                                                              incomplete: incomplete)), candidates: [])
        }
        return try await search(s, memo, notes: notes, incomplete: incomplete)
    }

    /// The one title a `/find` answer names for the subject: the single result of the kind
    /// asked for, else the single result of any kind (an ID names one title; TMDb may file an
    /// IMDb "TV movie" as a show). Nil when it names none or several.
    func pick(_ r: Found, _ s: MatchSubject, _ method: MatchMethod) -> TMDbMatch? {
        let all = r.titles
        let preferred = all.filter { s.kind == .movie ? $0.mediaType == .movie : s.kind == .tv ? $0.mediaType == .tv : false }
        guard let c = preferred.count == 1 ? preferred[0] : all.count == 1 ? all[0] : nil else { return nil }
        return TMDbMatch(c, method: method)
    }

    /// Searches by title (and original title), then applies the clear-winner rule.
    func search(_ s: MatchSubject, _ memo: RequestMemo, notes: [String], incomplete: Bool) async throws -> SubjectResult {
        var queries = [s.title!]
        if let o = s.originalTitle, TitleNormalizer.normalize(o) != TitleNormalizer.normalize(s.title!) { queries.append(o) }
        var candidates: [MatchCandidate] = []
        var failures: [String] = []
        var complete = true   // every page seen listed all its results

        func add(_ results: [TMDbSearchItem], _ type: MediaType?) {
            for r in results {
                guard let c = CandidateJudge.candidate(r, endpointType: type),
                      !candidates.contains(where: { $0.tmdbId == c.tmdbId && $0.mediaType == c.mediaType }) else { continue }
                candidates.append(c)
            }
        }
        func run(_ type: MediaType?) async throws {
            for q in queries {
                switch try await searchPage(q, type, year: nil, memo) {
                case .failed(let why): failures.append(why)
                case .value(let page):
                    add(page.results, type)
                    if (page.totalPages ?? 1) > 1 { complete = false }
                    // Popular titles fill the first page with namesakes; look once more by year.
                    if options.searchAgainByYear, let y = s.year, let type, (page.totalPages ?? 1) > 1,
                       !candidates.contains(where: { CandidateJudge.titleMatch($0, s).couldBeSameTitle && abs(($0.year ?? 0) - y) <= 1 }) {
                        switch try await searchPage(q, type, year: y, memo) {
                        case .failed(let why): failures.append(why)
                        case .value(let p): add(p.results, type)
                        }
                    }
                }
            }
        }

        switch s.kind {
        case .movie, .film: try await run(.movie)
        case .tv: try await run(.tv)
        case .any: try await run(nil)
        }
        // A film may be a show on TMDb (a miniseries): without a year, a film is the one of its
        // name only once the shows were searched too.
        if s.kind == .film, s.year == nil, !options.searchTVForFilms { complete = false }
        var verdict = CandidateJudge.verdict(candidates, s, complete: complete)
        if s.kind == .film, options.searchTVForFilms, failures.isEmpty {
            let searchTV: Bool
            switch verdict {
            case .review: searchTV = CandidateJudge.showCouldWin(candidates, s)
            case .accept: searchTV = s.year == nil
            }
            if searchTV {
                try await run(.tv)
                verdict = CandidateJudge.verdict(candidates, s, complete: complete)
            }
        }
        var ranked = Array(CandidateJudge.ranked(candidates, s))
        // A lookup that did not complete never accepts: the missing answer might hold a rival.
        if !failures.isEmpty {
            let why = Self.reason(notes + failures)
            return SubjectResult(outcome: .review(ReviewEntry(reason: why, candidates: Array(ranked.prefix(options.maxCandidates)), incomplete: true)),
                                 candidates: [])
        }
        switch verdict {
        case .accept(let c):
            ranked.removeAll { $0.tmdbId == c.tmdbId && $0.mediaType == c.mediaType }
            let scored = CandidateJudge.ranked([c], s)[0]
            ranked.insert(scored, at: 0)
            let m = TMDbMatch(c, method: .search)
            return SubjectResult(outcome: .matched(m), candidates: Array(ranked.prefix(options.maxCandidates)))
        case .review(let why):
            let reason = Self.reason(notes + [why])
            return SubjectResult(outcome: .review(ReviewEntry(reason: reason, candidates: Array(ranked.prefix(options.maxCandidates)),
                                                              incomplete: incomplete)),
                                 candidates: [])
        }
    }

    /// The parts of a review reason, each once, in order: the same failure met by several
    /// requests of one lookup (offline, every request fails alike) is said once, not "X; X".
    static func reason(_ parts: [String]) -> String {
        var seen = Set<String>()
        return parts.filter { seen.insert($0).inserted }.joined(separator: "; ")
    }

    /// What a `/find` answer names: movies and shows, and the shows of the episodes found.
    struct Found: Sendable {
        var titles: [MatchCandidate] = []
        var episodeShows: [Int64] = []
        var isEmpty: Bool { titles.isEmpty && episodeShows.isEmpty }
    }

    /// `/find` through the memo; a 404 is an empty answer.
    func find(_ id: String, _ source: TMDbClient.ExternalSource, _ memo: RequestMemo) async throws -> Fetched<Found> {
        let client = self.client
        return try await fetch("find:\(source.rawValue):\(id)", memo) {
            let r: TMDbFindResult
            do {
                switch source {
                case .imdb: r = try await client.find(imdbID: id)
                case .tvdb: r = try await client.find(tvdbID: Int(id) ?? 0)
                }
            } catch TMDbError.notFound {
                return Found()
            }
            return Found(titles: r.movieResults.compactMap { CandidateJudge.candidate($0, endpointType: .movie) }
                             + r.tvResults.compactMap { CandidateJudge.candidate($0, endpointType: .tv) },
                         episodeShows: r.tvEpisodeResults.compactMap(\.showId))
        }
    }

    /// One search page through the memo: `/search/movie`, `/search/tv`, or `/search/multi`
    /// when `type` is nil; filtered by `year` when given.
    func searchPage(_ text: String, _ type: MediaType?, year: Int?, _ memo: RequestMemo) async throws -> Fetched<TMDbSearchPage> {
        let client = self.client
        let key = "search:\(type?.rawValue ?? "multi"):\(year.map(String.init) ?? ""):\(text)"
        return try await fetch(key, memo) {
            switch (type, year) {
            case (.movie?, let y?): return try await client.searchMovies(text, primaryReleaseYear: y)
            case (.tv?, let y?): return try await client.searchTV(text, firstAirDateYear: y)
            case (.movie?, nil): return try await client.searchMovies(text)
            case (.tv?, nil): return try await client.searchTV(text)
            default: return try await client.searchMulti(text)
            }
        }
    }

    /// Runs a request once per run; fatal errors are thrown, others become ``Fetched/failed(_:)``.
    private func fetch<T: Sendable>(_ key: String, _ memo: RequestMemo, _ body: @escaping @Sendable () async throws -> T) async throws -> Fetched<T> {
        do {
            return .value(try await memo.value(key, body))
        } catch let e as TMDbError {
            if e.isFatal { throw e }
            if case .offlineMiss = e { return .failed("offline and not in the TMDb cache") }
            return .failed("TMDb lookup failed: \(e)")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .failed("TMDb lookup failed: \(error)")
        }
    }
}
