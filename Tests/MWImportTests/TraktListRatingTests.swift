import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// A Trakt list element's `my_rating` (the user's rating of the title, undated; in Trakt's
/// export and API answers since 2025) is kept when no ratings file of the export rates the
/// title, and never doubles a rating the ratings files hold (docs/IMPORT.md "Trakt").
@Suite struct TraktListRatingTests {
    static func listed(_ tmdb: Int, _ title: String, myRating: String, rank: Int) -> String {
        #"{"rank": \#(rank), "id": \#(tmdb + 1), "listed_at": "2026-01-02T03:04:05.000Z", "notes": null, "my_rating": \#(myRating), "type": "movie", "movie": {"title": "\#(title)", "year": 2001, "ids": {"trakt": \#(tmdb + 9000), "tmdb": \#(tmdb)}}}"#
    }

    static func run(_ files: [(String, String)]) async throws -> (Library, [Diagnostic]) {
        try await OfflineImport.run(files.map { (name: $0.0, text: $0.1) })
    }

    @Test func aListFileAloneKeepsItsRatings() async throws {
        let list = "[" + [Self.listed(601, "Rated", myRating: "8", rank: 1), Self.listed(602, "Unrated", myRating: "null", rank: 2),
                          Self.listed(603, "Off Scale", myRating: "11", rank: 3)].joined(separator: ", ") + "]"
        let (lib, d) = try await Self.run([("lists-watchlist.json", list)])
        let rated = try #require(lib.titles.first { $0.tmdbId == 601 })
        #expect(rated.ratings.count == 1 && rated.ratings.first?.value == 8 && rated.ratings.first?.date == nil, "\(rated.ratings)")
        #expect(lib.titles.first { $0.tmdbId == 602 }?.ratings.isEmpty == true)
        #expect(lib.titles.first { $0.tmdbId == 603 }?.ratings.isEmpty == true)
        #expect(d.contains { $0.code == DiagnosticCode.importBadValue.rawValue && $0.message.contains("my_rating 11") }, "\(d.map(\.message))")
    }

    @Test func theRatingsFileWinsAndNothingIsDoubled() async throws {
        let ratings = #"[{"rated_at": "2025-05-05T10:00:00.000Z", "rating": 7, "type": "movie", "movie": {"title": "Rated", "year": 2001, "ids": {"trakt": 9601, "tmdb": 601}}}]"#
        // Both list files name the title; their order in the folder must not matter.
        let (lib, _) = try await Self.run([("lists-list-5-a.json", "[" + Self.listed(601, "Rated", myRating: "7", rank: 1) + "]"),
                                           ("lists-watchlist.json", "[" + Self.listed(601, "Rated", myRating: "7", rank: 1) + "]"),
                                           ("ratings-movies.json", ratings)])
        let t = try #require(lib.titles.first { $0.tmdbId == 601 })
        #expect(t.ratings.count == 1, "\(t.ratings)")
        #expect(t.ratings.first?.value == 7 && t.ratings.first?.date != nil)
    }
}
