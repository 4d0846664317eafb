import Foundation
import MWFoundation
import MWImport
import Testing

/// The toolkit's values get their `public init` from `@PublicMemberwiseInit`: the defaults the
/// hand-written initialisers had are the properties' initial values now, and Codable still
/// reads every such property from the JSON (a `var` with an initial value is decoded).
@Suite struct ForeignValueInitTests {
    let source = SourceRef(service: "letterboxd", file: "diary.csv", line: 4, row: 3)
    let day = ForeignDate(raw: "2024-05-01", precision: .day, date: Date(timeIntervalSince1970: 1_714_521_600))

    @Test func defaultsAreTheOldOnes() {
        let watch = WatchEvent(date: nil, source: source)
        #expect(!watch.rewatch && watch.plays == 1 && watch.tags.isEmpty && watch.loggedDate == nil && watch.detail == nil)
        let review = ForeignReview(text: "t", date: nil, source: source)
        #expect(!review.isHTML && review.kind == "review" && review.spoiler == nil)
        let list = ForeignList(key: "k", service: "letterboxd", name: "n", source: source)
        #expect(list.tags.isEmpty && !list.deleted && list.description == nil)
        let episode = EpisodeRef(showTitle: "Show", season: 1, number: 2)
        #expect(episode.showIDs == ForeignIDs() && episode.showYear == nil)
        #expect(ForeignIDs(imdb: "tt1").others.isEmpty)
    }

    @Test func codableKeepsValuesThatDifferFromTheDefaults() throws {
        let watch = WatchEvent(date: day, loggedDate: day, rewatch: true, plays: 3, tags: ["x"], detail: "scrobble", source: source)
        let review = ForeignReview(text: "<i>t</i>", isHTML: true, date: day, spoiler: true, season: 2, kind: "comment", source: source)
        let list = ForeignList(key: "k", service: "letterboxd", name: "n", tags: ["a"], deleted: true, source: source)
        #expect(try roundTrip(watch) == watch)
        #expect(try roundTrip(review) == review)
        #expect(try roundTrip(list) == list)
    }

    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }
}
