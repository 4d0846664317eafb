import Foundation
@testable import MWImport
@testable import MWMatching
import MWCore
import MWTMDb
import Testing

/// The pieces of the matcher without a server: title folding, the clear-winner rule on real
/// TMDb answers (../shared/tmdb-fixtures, read in place), decision forms.
@Suite struct MatchingRuleTests {
    @Test func titlesFoldCaseAccentsPunctuationAndAmpersands() {
        #expect(TitleNormalizer.normalize("Amélie") == "amelie")
        #expect(TitleNormalizer.normalize("  Face/Off ") == "face off")
        #expect(TitleNormalizer.normalize("Fast & Furious") == "fast and furious")
        #expect(TitleNormalizer.normalize("Schindler’s List") == "schindlers list")
        #expect(TitleNormalizer.normalize("ＡＫＩＲＡ") == "akira")
        #expect(TitleNormalizer.normalize("Se7en") == "se7en")
        #expect(TitleNormalizer.compare("The Matrix", "Matrix") == .article)
        #expect(TitleNormalizer.compare("Matrix, The", "The Matrix") != .exact)
        #expect(TitleNormalizer.compare("A Quiet Place", "Quiet Place") == .article)
        #expect(TitleNormalizer.compare("Le Samouraï", "Samourai") == .foreignArticle)
        #expect(TitleNormalizer.compare("Die Hard", "Hard") == .foreignArticle)
        #expect(!TitleNormalizer.compare("Die Hard", "Hard").isSameTitle)
        #expect(TitleNormalizer.compare("Heat", "Heat 2") == .partial(0.5))
        #expect(TitleNormalizer.compare("A", "A") == .exact)
        #expect(TitleNormalizer.compare("", "") == .none)
    }

    @Test func decisionForms() throws {
        #expect(try ReviewDecision.parse("") == nil)
        #expect(try ReviewDecision.parse("  ") == nil)
        #expect(try ReviewDecision.parse("IGNORE") == .ignore)
        #expect(try ReviewDecision.parse("movie:603") == .match(tmdbId: 603, mediaType: .movie))
        #expect(try ReviewDecision.parse("tv:1396") == .match(tmdbId: 1396, mediaType: .tv))
        #expect(try ReviewDecision.parse("TV/1396") == .match(tmdbId: 1396, mediaType: .tv))
        #expect(try ReviewDecision.parse("movie 603") == .match(tmdbId: 603, mediaType: .movie))
        #expect(try ReviewDecision.parse("https://www.themoviedb.org/tv/1396-breaking-bad") == .match(tmdbId: 1396, mediaType: .tv))
        #expect(try ReviewDecision.parse("https://www.themoviedb.org/movie/603") == .match(tmdbId: 603, mediaType: .movie))
        // A bare ID: the candidate's type, else the row's kind; refused when it could be either.
        #expect(try ReviewDecision.parse("603", kind: "movie") == .match(tmdbId: 603, mediaType: .movie))
        #expect(try ReviewDecision.parse("1396", kind: "tv") == .match(tmdbId: 1396, mediaType: .tv))
        #expect(try ReviewDecision.parse("1396", kind: "film", candidates: ["movie:5", "tv:1396"]) == .match(tmdbId: 1396, mediaType: .tv))
        #expect(throws: ReviewDecision.Refused.self) { try ReviewDecision.parse("1396", kind: "film") }
        #expect(throws: ReviewDecision.Refused.self) { try ReviewDecision.parse("7", kind: "any", candidates: ["movie:7", "tv:7"]) }
        for bad in ["movie:", "movie:abc", "tv:12x", "0", "-5", "yes", "movie603", "https://example.org/movie/5x"] {
            #expect(throws: ReviewDecision.Refused.self, "\(bad)") { try ReviewDecision.parse(bad, kind: "movie") }
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/tmdb-fixtures").standardized

    /// A real TMDb body, or nil (the test then skips) when ../shared is absent.
    static func fixture<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        let url = fixtures.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }

    static func subject(_ service: ForeignService, _ title: String, _ year: Int?, kind: ForeignKind = .movie) -> MatchSubject {
        MatchSubject(foreign(service, title, year, kind: kind, line: 2))!
    }

    static func verdict(_ page: TMDbSearchPage, _ type: MediaType?, _ s: MatchSubject) -> CandidateJudge.Verdict {
        CandidateJudge.verdict(page.results.compactMap { CandidateJudge.candidate($0, endpointType: type) }, s)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: fixtures.path), "../shared/tmdb-fixtures absent"))
    func clearWinnerRuleOnRealSearchAnswers() throws {
        guard let inception = try Self.fixture("search-movie-inception.json", as: TMDbSearchPage.self),
              let arrow = try Self.fixture("search-multi-arrow.json", as: TMDbSearchPage.self),
              let bad = try Self.fixture("search-tv-breaking-bad.json", as: TMDbSearchPage.self) else { return }
        // Inception (2010) among namesakes and a 1980 "Inception": the 2010 film.
        #expect(Self.verdict(inception, .movie, Self.subject(.letterboxd, "Inception", 2010)).accepted?.tmdbId == 27205)
        #expect(Self.verdict(inception, .movie, Self.subject(.imdb, "inception", 1980)).accepted?.tmdbId == 1359046)
        #expect(Self.verdict(inception, .movie, Self.subject(.letterboxd, "Inception", nil)).accepted == nil)
        #expect(Self.verdict(inception, .movie, Self.subject(.letterboxd, "Inception", 2011)).accepted == nil)
        // /search/multi "Arrow": the 2012 show and the 2009 one are apart; 1997 has a film and
        // a show both called "The Arrow"; people are never candidates.
        let any = { (y: Int?) in Self.subject(.imdb, "Arrow", y, kind: .unknown) }
        #expect(Self.verdict(arrow, nil, any(2012)).accepted.map(\.reference) == "tv:1412")
        #expect(Self.verdict(arrow, nil, any(2009)).accepted.map(\.reference) == "tv:280224")
        #expect(Self.verdict(arrow, nil, any(1997)).accepted == nil)
        #expect(Self.verdict(arrow, nil, any(nil)).accepted == nil)
        #expect(!arrow.results.compactMap { CandidateJudge.candidate($0, endpointType: nil) }.contains { $0.title == "Jack Arrow" })
        // "Broken Arrow" 1996 film (a 1956 show of that name is far off).
        #expect(Self.verdict(arrow, nil, Self.subject(.imdb, "Broken Arrow", 1996, kind: .unknown)).accepted.map(\.reference) == "movie:9208")
        #expect(Self.verdict(bad, .tv, Self.subject(.tvtime, "Breaking Bad", 2008, kind: .tvShow)).accepted.map(\.reference) == "tv:1396")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: fixtures.path), "../shared/tmdb-fixtures absent"))
    func findAnswersName() throws {
        guard let movie = try Self.fixture("find-imdb-tt0088247-movie.json", as: TMDbFindResult.self),
              let episode = try Self.fixture("find-imdb-tt0959621-episode.json", as: TMDbFindResult.self) else { return }
        #expect(movie.movieResults.map(\.id) == [218])
        #expect(episode.tvEpisodeResults.compactMap(\.showId) == [1396])
    }
}

extension CandidateJudge.Verdict {
    var accepted: MatchCandidate? { if case .accept(let c) = self { return c }; return nil }
}
