import Foundation
import MWReview
import MWTMDb
import Testing

/// Candidates' overviews and posters come from cached TMDb answers, offline; a missing cache
/// is the offline case (no details), never an error, and is not created.
@Suite("Candidate details")
struct CandidateDetailsTests {
    @Test("overviews and posters of the listed candidates are read from cached search and details answers")
    func fromTheCache() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mwreview-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("tmdb-cache.sqlite")
        let cache = try TMDbCache(url: url)
        let search = #"{"page":1,"results":[{"id":949,"title":"Heat","overview":"A group of robbers.","poster_path":"/heat.jpg"},{"id":111,"title":"Heat","overview":"","poster_path":null},{"id":5,"title":"Other","overview":"Not listed.","poster_path":"/o.jpg"}]}"#
        cache.store(Data(search.utf8), for: "https://api.themoviedb.org/3/search/movie?query=heat&year=1995")
        cache.store(Data(#"{"id":2103,"name":"Solaris","overview":"A station.","poster_path":"/../x.jpg"}"#.utf8), for: "https://api.themoviedb.org/3/tv/2103")
        let d = CandidateDetails(cacheURL: url, references: ["movie:949", "movie:111", "tv:2103"])
        #expect(d.info["movie:949"] == .init(overview: "A group of robbers.", poster: "heat.jpg"))
        #expect(d.info["movie:111"] == .init(overview: nil, poster: nil))
        #expect(d.info["tv:2103"] == .init(overview: "A station.", poster: nil), "a poster path that is not one file name is not taken")
        #expect(d.info["movie:5"] == nil, "only the listed candidates")
        let missing = dir.appendingPathComponent("none.sqlite")
        #expect(CandidateDetails(cacheURL: missing, references: ["movie:949"]).info.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
