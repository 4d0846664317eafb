import Foundation
import MWCore
import MWImport
import MWJobs
import Testing

/// Yamtrack's CSV export in both header generations, our own fixtures written from the format
/// facts (docs/IMPORT.md "Yamtrack").
@Suite struct YamtrackTests {
    static let header2025 = "\"media_id\",\"source\",\"media_type\",\"title\",\"image\",\"season_number\",\"episode_number\",\"score\",\"status\",\"notes\",\"start_date\",\"end_date\",\"progress\",\"created_at\",\"progressed_at\"\r\n"
    static let rows2025 = """
    "949","tmdb","movie","Heat","","","","9.5","Completed","Mine only.","","2024-01-02","1","2024-01-01T10:00:00Z","2024-01-02T22:00:00Z"\r
    "949","tmdb","movie","Heat","","","","","Completed","","","2024-06-01","1","2024-06-01T10:00:00Z","2024-06-01T22:00:00Z"\r
    "1396","tmdb","tv","Breaking Bad","","","","","In progress","","2024-02-01","","3","2024-02-01T10:00:00Z",""\r
    "1396","tmdb","season","Breaking Bad","","1","","8.0","Completed","","","2024-02-10","7","",""\r
    "1396","tmdb","episode","Breaking Bad","","1","1","","","","","2024-02-01","","","2024-02-01T21:00:00Z"\r
    "438631","tmdb","movie","Dune","","","","","Planning","","","","","2024-03-01T10:00:00Z",""\r
    "21","mal","anime","Monster","","","","","Completed","","","","","",""\r
    "7","igdb","game","Portal","","","","","Completed","","","","","",""\r
    "","","movie","","","","","","Completed","","","","","",""\r

    """
    static let file2024 = """
    "media_id","source","media_type","title","image","season_number","episode_number","score","progress","status","repeats","start_date","end_date","notes","watch_date"\r
    "10494","tmdb","movie","Perfect Blue","","","","9.0","1","Completed","2","","2024-02-09","",""\r
    "1668","tmdb","episode","Friends","","1","24","","","","0","","","","2024-02-09"\r

    """

    func read(_ text: String, name: String = "yamtrack.csv") throws -> ForeignExport {
        let fx = try Fixture()
        return MWImport.read(sources: [try fx.write(name, text)], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
    }

    @Test func filmsShowsSeasonsAndEpisodes() throws {
        let r = try read(Self.header2025 + Self.rows2025)
        #expect(r.files.map(\.kind) == ["yamtrackItems"] && r.files.first?.isBalanced == true)
        let heat = try #require(r.items.first { $0.ids.tmdb == 949 })
        // A rewatch is one more row (2025): two dated watches, both kept.
        #expect(heat.watches.map { $0.date?.day } == ["2024-01-02", "2024-06-01"])
        #expect(heat.ratings.map(\.value) == [9.5] && heat.reviews.map(\.text) == ["Mine only."])
        let show = try #require(r.items.first { $0.ids.tmdb == 1396 && $0.kind == .tvShow })
        #expect(show.has(.followed) && show.has(.watched))  // in progress; season 1 completed
        #expect(show.ratings.first?.season == 1 && show.ratings.first?.value == 8)
        let ep = try #require(r.items.first { $0.kind == .episode })
        #expect(ep.episode?.showIDs.tmdb == 1396 && ep.episode?.number == 1 && ep.watches.first?.date?.day == "2024-02-01")
        #expect(r.items.first { $0.ids.tmdb == 438631 }?.has(.watchlist) == true)
        // Other kinds are counted with their kind, not lost in silence; a row naming nothing is malformed.
        #expect(r.files.first?.ignored["anime (not a film or TV kind)"] == 1 && r.files.first?.ignored["game (not a film or TV kind)"] == 1)
        #expect(r.files.first?.malformed.count == 1)
    }

    @Test func the2024GenerationWithRepeatsAndWatchDate() throws {
        let r = try read(Self.file2024)
        let blue = try #require(r.items.first { $0.ids.tmdb == 10494 })
        #expect(blue.watches.count == 3 && blue.watches.filter(\.rewatch).count == 2 && blue.watches.first?.date?.day == "2024-02-09")
        #expect(r.items.first { $0.kind == .episode }?.watches.first?.date?.day == "2024-02-09")
    }

    @Test func aShiftedShortRowIsMalformedNotGuessed() throws {
        let r = try read(Self.header2025 + "\"1668\",\"tmdb\",\"tv\",\"\",\"\",\"\",\"\",\"\",\"Completed\",\"\",\"\",\"\",\"\",\"\"\r\n")
        #expect(r.items.isEmpty && r.files.first?.malformed.first?.position.hasSuffix(":2") == true)
    }
}
