import Foundation

/// TMDb-shaped response bodies generated in code, in the real shapes (checked against
/// ../shared/tmdb-fixtures): null paths, "" dates, empty `episode_run_time`, season 0,
/// keys mwkit ignores. Values derive from the id so tests can predict them.
enum FakeTMDbData {
    static func movie(_ id: Int64, append: [String]) -> [String: Any] {
        var m: [String: Any] = [
            "adult": false,
            "backdrop_path": id % 3 == 0 ? NSNull() : "/b\(id).jpg",
            "belongs_to_collection": NSNull(),
            "budget": 63_000_000,
            "genres": [["id": 18, "name": "Drama"], ["id": 53, "name": "Thriller"]],
            "homepage": "",
            "id": id,
            "imdb_id": id % 4 == 0 ? NSNull() : "tt\(String(format: "%07d", id))",
            "original_language": "en",
            "original_title": "Original \(id)",
            "overview": "Overview of movie \(id).",
            "popularity": 12.25 + Double(id % 7),
            "poster_path": "/p\(id).jpg",
            "production_companies": [["id": 508, "logo_path": NSNull(), "name": "Regency", "origin_country": "US"]],
            "release_date": id % 5 == 0 ? "" : "1999-10-15",
            "revenue": 100_853_753,
            "runtime": id % 6 == 0 ? NSNull() : 139,
            "status": "Released",
            "tagline": "",
            "title": "Movie \(id)",
            "video": false,
            "vote_average": 8.438,
            "vote_count": 31_000 + Int(id % 100),
        ]
        if append.contains("external_ids") {
            m["external_ids"] = ["imdb_id": id % 4 == 0 ? "tt9\(String(format: "%06d", id))" : "tt\(String(format: "%07d", id))",
                                 "wikidata_id": NSNull(), "facebook_id": NSNull()]
        }
        return m
    }

    /// Season numbers a fake show has: 0 (Specials) and 1...n.
    static func seasonCount(_ id: Int64) -> Int { Int(id % 4) + 2 }
    static let episodesPerSeason = 4

    static func show(_ id: Int64, append: [String]) -> [String: Any] {
        let n = seasonCount(id)
        var s: [String: Any] = [
            "adult": false,
            "backdrop_path": id % 2 == 0 ? NSNull() : "/sb\(id).jpg",
            "created_by": [],
            "episode_run_time": id % 2 == 0 ? [] : [45, 50],
            "first_air_date": id % 7 == 0 ? "" : "2008-01-20",
            "genres": [["id": 18, "name": "Drama"], ["id": 80, "name": "Crime"]],
            "homepage": "",
            "id": id,
            "in_production": false,
            "languages": ["en"],
            "last_air_date": "2013-09-29",
            "last_episode_to_air": ["id": 62161, "name": "Felina", "air_date": "2013-09-29", "episode_number": 16,
                                    "season_number": n, "still_path": NSNull(), "runtime": 56],
            "name": "Show \(id)",
            "next_episode_to_air": NSNull(),
            "number_of_episodes": n * episodesPerSeason,
            "number_of_seasons": n,
            "origin_country": ["US"],
            "original_language": "en",
            "original_name": "Original Show \(id)",
            "overview": "Overview of show \(id).",
            "popularity": 300.5,
            "poster_path": "/sp\(id).jpg",
            "seasons": (0...n).map { k in
                ["air_date": k == 0 ? "" : "2008-01-20", "episode_count": episodesPerSeason, "id": id * 100 + Int64(k),
                 "name": k == 0 ? "Specials" : "Season \(k)", "overview": "", "poster_path": NSNull(),
                 "season_number": k, "vote_average": 0] as [String: Any]
            },
            "status": "Ended",
            "tagline": "",
            "type": "Scripted",
            "vote_average": 8.9,
            "vote_count": 15000,
        ]
        for a in append {
            if a == "external_ids" {
                s["external_ids"] = ["imdb_id": "tt\(String(format: "%07d", id))", "tvdb_id": 81189, "freebase_id": NSNull()]
            } else if a.hasPrefix("season/"), let k = Int(a.dropFirst(7)), (0...n).contains(k) {
                s[a] = season(id, k)
            }
        }
        return s
    }

    static func episodeId(_ show: Int64, _ season: Int, _ ep: Int) -> Int64 { show * 1000 + Int64(season * 100 + ep) }

    static func season(_ id: Int64, _ k: Int) -> [String: Any] {
        [
            "_id": "5256c8c219c2956ff604\(k)",
            "air_date": k == 0 ? "" : "2008-01-20",
            "episodes": (1...episodesPerSeason).map { e in
                [
                    "air_date": e == episodesPerSeason ? "" : "2008-0\(e)-2\(k % 10)",
                    "episode_number": e,
                    "episode_type": e == 1 ? "standard" : "finale",
                    "id": episodeId(id, k, e),
                    "name": "S\(k)E\(e) of \(id)",
                    "overview": e == 2 ? "" : "Episode \(e) overview.",
                    "production_code": "",
                    "runtime": e == 3 ? NSNull() : 47,
                    "season_number": k,
                    "show_id": id,
                    "still_path": e % 2 == 0 ? NSNull() : "/st\(id)_\(k)_\(e).jpg",
                    "vote_average": 8.0,
                    "vote_count": 12,
                    "crew": [],
                    "guest_stars": [],
                ] as [String: Any]
            },
            "name": k == 0 ? "Specials" : "Season \(k)",
            "overview": "",
            "id": id * 100 + Int64(k),
            "poster_path": NSNull(),
            "season_number": k,
            "vote_average": 0,
        ]
    }

    static let configuration: @Sendable (String) -> [String: Any] = { imageBase in
        ["images": ["base_url": imageBase, "secure_base_url": imageBase,
                    "backdrop_sizes": ["w300", "w780", "w1280", "original"],
                    "logo_sizes": ["w45", "original"],
                    "poster_sizes": ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
                    "profile_sizes": ["w45", "original"],
                    "still_sizes": ["w92", "w185", "w300", "original"]],
         "change_keys": ["adult", "air_date"]]
    }

    static func json(_ obj: Any) -> Data {
        try! JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
    }

    /// A tiny valid JPEG header plus payload: enough for the signature check.
    static func jpeg(_ name: String) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data(name.utf8) + Data([0xFF, 0xD9])
    }
}
