import Foundation
@testable import MWImport
import MWFoundation
import Testing

@Suite("TV Time")
struct TVTimeTests {
    static let trackingV2 = crlf("""
    created_at,user_id,key,total_series_runtime,updated_at,s_id,is_for_later,is_followed,followed_at,is_archived,bulk_type,s_no,ep_no,ep_id,rewatch_count,is_special,series_name,season_number,episode_number
    2021-11-12 17:11:33,0,tracking-stats,13800540,2026-06-04 14:04:56,,,,,,,,,,,,,,
    2024-11-02 11:53:58,0,watch-episode-aaa-bbb,,2024-11-02 11:53:58,413526,,,,,season,1,5,9476788,,false,Treason,1,5
    2024-12-01 20:00:00,0,rewatch-episode-aaa-ccc,,2024-12-01 20:00:00,413526,,,,,,1,5,9476788,1,false,Treason,1,5
    2018-12-09 00:22:02,0,watch-episode-ddd-eee,,2018-12-09 00:22:02,304219,,,,,,0,2,6668403,0,true,Marvel's Luke Cage,0,2
    2020-01-01 10:00:00,0,user-series-fff,,2020-01-02 10:00:00,304219,1,1,0001-01-01 00:00:00,0,,,,,,,Marvel's Luke Cage,,
    2020-01-01 10:00:00,0,user-series-ggg,,2020-01-02 10:00:00,,1,0,,1,,,,,,,,,
    """) + "\n"

    // The same table with its columns moved and two of them gone.
    static let trackingV2Moved = """
    key,series_name,ep_no,s_no,ep_id,s_id,created_at
    watch-episode-zzz,Treason,5,1,9476788,413526,2024-11-02 11:53:58

    """

    static let trackingV1 = """
    created_at,watch_count,user_id,series_id,type,updated_at,uuid,entity_type,watch_date,episode_number,episode_id,season_number,movie_name,series_name
    2025-05-10 21:50:59,1,7,,watch,2025-05-10 21:50:59,u-1,movie,2014-11-19 00:00:00,,,,The Matrix,
    2025-05-11 08:00:00,,7,,towatch,2025-05-11 08:00:00,u-2,movie,,,,,Dune,
    2025-05-12 08:00:00,,7,,count-watch-episode-series,2025-05-12 08:00:00,,episode,,,,,,

    """

    static let followed = "active,diffusion,notification_type,notification_offset,user_id,tv_show_id,created_at,tv_show_name,updated_at,folder_id,archived\n1,original,2,1440,7,73762,2016-04-30 20:18:17,Grey's Anatomy,2017-05-21 20:32:42,,1\n"
    static let showData = "user_id,tv_show_id,is_followed,is_favorited,nb_episodes_seen\n7,73762,1,1,48\n7,71663,0,0,0\n"
    static let lists = crlf("""
    ordering,s_key,name,type,description,is_public,user_id,objects,created_at,lists,list_count
    0,00000000-0000-0000-0000-000000000000,Slice of life,list,calm ones,true,0,[map[created_at:1.707766149e+09 id:422981 type:series] map[created_at:1.707766174e+09 id:80644 type:series]],2024-02-12 19:28:40,,
    1,00000000-0000-0000-0000-000000000001,Broken,list,,true,0,not a map dump,2024-02-12 19:28:40,,
    """) + "\n"
    static let showRate = "user_id,tv_show_id,rating,created_at,updated_at,tv_show_name\n7,73762,4,2019-01-01 10:00:00,2019-01-01 10:00:00,Grey's Anatomy\n"
    static let emotions = "user_id,episode_id,emotion_id,created_at,updated_at,tv_show_name,episode_season_number,episode_number\n7,9476788,3,2024-11-02 12:00:00,2024-11-02 12:00:00,Treason,1,5\n"

    static func gdpr(_ fx: Fixture) throws -> URL {
        try fx.write("gdpr/tracking-prod-records-v2.csv", trackingV2)
        try fx.write("gdpr/tracking-prod-records.csv", trackingV1)
        try fx.write("gdpr/followed_tv_show.csv", followed)
        try fx.write("gdpr/user_tv_show_data.csv", showData)
        try fx.write("gdpr/lists-prod-lists.csv", lists)
        try fx.write("gdpr/tv_show_rate.csv", showRate)
        try fx.write("gdpr/episode_emotion.csv", emotions)
        try fx.write("gdpr/user_badge.csv", "badge_id,created_at,updated_at,user_id\n1,2020-01-01,2020-01-01,7\n")
        try fx.write("gdpr/access_token.csv", "id,user_id,app_id,access_token,created_at\n1,7,3,SECRET-TOKEN-VALUE,2020-01-01\n")
        try fx.write("gdpr/auth-prod-login.csv", "email,password_hash\nx@example.invalid,HASHVALUE\n")
        // Not named like a credential, but its header has one: used by nobody, echoed nowhere.
        try fx.write("gdpr/device_data.csv", "user_id,name,value,api_secret\n7,phone,x,LEAKED-SECRET\n")
        return fx.url("gdpr")
    }

    @Test func theGDPRExport() throws {
        let fx = try Fixture()
        let out = MWImport.read(sources: [try Self.gdpr(fx)])
        out.expectBalanced()
        let v2 = try #require(out.file("tracking-prod-records-v2.csv"))
        #expect(v2.rowsRead == 6)
        #expect(v2.ignored["statistics row"] == 1)

        let treason = try #require(out.items.first { $0.kind == .episode && $0.ids.tvdb == 9476788 })
        #expect(treason.episode?.showIDs.tvdb == 413526 && treason.episode?.season == 1 && treason.episode?.number == 5)
        #expect(treason.watches.count == 2)
        #expect(treason.watches.map(\.rewatch) == [false, true])
        #expect(treason.watches[0].date?.precision == .localTime && treason.watches[0].date?.raw == "2024-11-02 11:53:58")
        #expect(treason.watches[0].detail == "season")
        #expect(treason.emotions.first?.value == "3")

        let special = try #require(out.items.first { $0.ids.tvdb == 6668403 })
        #expect(special.episode?.season == 0 && special.episode?.isSpecial == true)
        let cage = try #require(out.items.first { $0.kind == .tvShow && $0.ids.tvdb == 304219 })
        #expect(cage.isWatchlisted && cage.has(.followed))
        #expect(cage.marks.first { $0.kind == .followed }?.date?.raw == "2020-01-01 10:00:00", "0001-01-01 is no date")
        #expect(out.file("tracking-prod-records-v2.csv")?.malformed.count == 1, "user-series row without id or title")

        let matrix = try #require(out.item("The Matrix"))
        #expect(matrix.kind == .movie && matrix.watches.first?.date?.day == "2014-11-19")
        #expect(out.item("Dune")?.isWatchlisted == true)

        let grey = try #require(out.items.first { $0.ids.tvdb == 73762 })
        #expect(grey.title == "Grey's Anatomy")
        #expect(grey.has(.archived) && grey.has(.favorite) && grey.has(.followed))
        #expect(grey.marks.first { $0.kind == .watched }?.count == 48)
        #expect(grey.ratings.first?.value == 4 && grey.ratings.first?.scale == .fivePoint)
        #expect(!out.items.contains { $0.ids.tvdb == 71663 }, "an unfollowed show with nothing else is no title")
        #expect(out.file("user_tv_show_data.csv")?.ignored[TVTimeReader.unfollowed] == 1)

        let list = try #require(out.lists.first { $0.name == "Slice of life" })
        #expect(list.description == "calm ones")
        let member = try #require(out.items.first { $0.ids.tvdb == 80644 })
        #expect(member.lists.first?.position == 2 && member.lists.first?.addedAt?.precision == .instant)
        #expect(out.file("lists-prod-lists.csv")?.malformed.count == 1)
        #expect(out.file("user_badge.csv")?.kind == .notImported && out.file("user_badge.csv")?.ignoredCount == 1)
    }

    @Test func credentialsAreNeverOpenedOrEchoed() throws {
        let fx = try Fixture()
        let out = MWImport.read(sources: [try Self.gdpr(fx)])
        #expect(out.file("access_token.csv")?.read == false)
        #expect(out.file("auth-prod-login.csv")?.read == false)
        #expect(out.file("device_data.csv")?.kind == .withheld)
        let all = String(decoding: try JSONEncoder().encode(out), as: UTF8.self)
        for secret in ["SECRET-TOKEN-VALUE", "HASHVALUE", "LEAKED-SECRET", "x@example.invalid"] { #expect(!all.contains(secret)) }
        #expect(WithheldFiles.reason(forName: "gdpr/refresh_token.csv") != nil)
        #expect(WithheldFiles.reason(forName: "letterboxd/profile.csv") != nil)
        #expect(WithheldFiles.reason(forName: "diary.csv") == nil)
    }

    @Test func columnsAreFoundByName() throws {
        let fx = try Fixture()
        try fx.write("moved/tracking-prod-records-v2.csv", Self.trackingV2Moved)
        let out = MWImport.read(sources: [fx.url("moved")])
        let ep = try #require(out.items.first)
        #expect(ep.episode?.season == 1 && ep.episode?.number == 5 && ep.ids.tvdb == 9476788 && ep.episode?.showIDs.tvdb == 413526)
    }

    @Test func theInAppExportOf2026() throws {
        let fx = try Fixture()
        try fx.write("app/tvtime-series.csv", crlf("uuid,tvdb_id,imdb_id,title,status,created_at\nu-0,346328,,Elite,continuing,2018-12-18T12:39:15Z\nu-3,355730,tt0331080,The Wheel of Time,stopped,2022-01-06T03:35:26.067614Z\n"))
        try fx.write("app/tvtime-movies.csv", crlf("uuid,tvdb_id,imdb_id,title,year,created_at,watched_at,is_watched,rewatch_count\nm-0,132390,tt9048786,L'immortale,2020,2022-03-18T00:03:26Z,2022-03-18T00:03:26Z,true,2\nm-4,340491,tt17196124,Grimcutty,2022,2022-10-18T22:12:05Z,,false,0\n"))
        try fx.write("app/tvtime-series-episodes.csv", crlf("series_tvdb_id,series_imdb_id,series_uuid,title,season,episode,tvdb_id,is_watched,watched_at,rewatch_count,special\n346328,,u-0,Elite,1,1,6671792,true,2019-10-04 03:43:42,0,false\n346328,,u-0,Elite,6,1,9367539,false,,0,false\n248736,,u-7,Grimm,0,1,4139574,true,2018-07-15 04:59:42,1,true\n"))
        try fx.write("app/tvtime-lists.csv", "list_id,list_name,item_type,tvdb_id,uuid,name,custom_order\na8,LIKE,series,253463,,Black Mirror,0\nb9,Weekend,series,346328,,Elite,0\nb9,Weekend,movie,132390,,L'immortale,1\n")
        let out = MWImport.read(sources: [fx.url("app")])
        out.expectBalanced()
        let elite = try #require(out.items.first { $0.kind == .tvShow && $0.ids.tvdb == 346328 })
        #expect(elite.marks.first?.detail == "continuing")
        #expect(elite.lists.first?.listName == "Weekend" && elite.lists.first?.position == 1)
        #expect(out.items.first { $0.ids.tvdb == 355730 }?.ids.imdb == "tt0331080")
        let movie = try #require(out.item("L'immortale"))
        #expect(movie.watches.first?.plays == 3 && movie.watches.first?.date?.precision == .instant)
        #expect(movie.lists.first?.position == 2)
        #expect(out.item("Grimcutty")?.isWatchlisted == true)
        #expect(out.file("tvtime-series-episodes.csv")?.ignored["episode not watched (nothing to import)"] == 1)
        let grimm = try #require(out.items.first { $0.ids.tvdb == 4139574 })
        #expect(grimm.episode?.season == 0 && grimm.episode?.isSpecial == true && grimm.watches.first?.plays == 2)
        #expect(out.items.first { $0.ids.tvdb == 253463 }?.isLiked == true)
        #expect(out.lists.map(\.name) == ["Weekend"], "LIKE is the like button, not a list")
    }

    @Test func goMapDumps() {
        let maps = GoMapDump.parse("[map[created_at:1.707766149e+09 id:422981 type:series] map[id:7 type:movie extra:map[a:b c:d]]]")
        #expect(maps?.count == 2)
        #expect(maps?[0]["id"] == "422981" && maps?[0]["type"] == "series")
        #expect(maps?[1]["extra"] == "map[a:b c:d]")
        #expect(GoMapDump.parse("[]")?.isEmpty == true)
        #expect(GoMapDump.parse("map[a:b]") == nil)
    }
}
