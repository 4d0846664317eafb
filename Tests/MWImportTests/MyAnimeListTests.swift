import Foundation
@testable import MWImport
import MWCore
import MWFoundation
import MWJobs
import Testing

/// MyAnimeList's XML anime list, our own fixtures written from the format facts of the
/// samples' README (docs/IMPORT.md "MyAnimeList"): statuses, score 0 unscored, `0000-00-00`
/// no date, CDATA titles, the `.xml.gz` as downloaded (told by its bytes), a manga list.
@Suite struct MyAnimeListTests {
    static func entry(_ id: Int, _ title: String, _ type: String, status: String, score: Int = 0, start: String = "0000-00-00",
                      finish: String = "0000-00-00", times: Int = 0, comments: String = "", tags: String = "", watched: Int = 0) -> String {
        """
        \t\t<anime>
        \t\t\t<series_animedb_id>\(id)</series_animedb_id>
        \t\t\t<series_title><![CDATA[\(title)]]></series_title>
        \t\t\t<series_type>\(type)</series_type>
        \t\t\t<series_episodes>12</series_episodes>
        \t\t\t<my_id>0</my_id>
        \t\t\t<my_watched_episodes>\(watched)</my_watched_episodes>
        \t\t\t<my_start_date>\(start)</my_start_date>
        \t\t\t<my_finish_date>\(finish)</my_finish_date>
        \t\t\t<my_rated></my_rated>
        \t\t\t<my_score>\(score)</my_score>
        \t\t\t<my_storage></my_storage>
        \t\t\t<my_storage_value>0.00</my_storage_value>
        \t\t\t<my_status>\(status)</my_status>
        \t\t\t<my_comments><![CDATA[\(comments)]]></my_comments>
        \t\t\t<my_times_watched>\(times)</my_times_watched>
        \t\t\t<my_rewatch_value></my_rewatch_value>
        \t\t\t<my_priority>LOW</my_priority>
        \t\t\t<my_tags><![CDATA[\(tags)]]></my_tags>
        \t\t\t<my_rewatching>0</my_rewatching>
        \t\t\t<my_rewatching_ep>0</my_rewatching_ep>
        \t\t\t<update_on_import>0</update_on_import>
        \t\t</anime>

        """
    }

    static func list(_ entries: [String], type: Int = 1) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n\t\t<!--\n\t\t Created by XML Export feature at MyAnimeList.net\n\t\t Version 1.1.0\n\t\t-->\n\n\t\t<myanimelist>\n"
            + "\t\t\t<myinfo>\n\t\t\t\t<user_id>1</user_id>\n\t\t\t\t<user_name>someone</user_name>\n\t\t\t\t<user_export_type>\(type)</user_export_type>\n\t\t\t</myinfo>\n"
            + entries.joined() + "\t\t</myanimelist>"
    }

    static let anime = list([
        entry(199, "Sen to Chihiro no Kamikakushi", "Movie", status: "Completed", score: 10, start: "2020-01-01", finish: "2020-01-02", times: 2,
              comments: "Still <the> best & more", tags: "ghibli, favourites"),
        entry(1535, "Death Note", "TV", status: "Completed", score: 9, finish: "2019-05-06", watched: 37),
        entry(16498, "Shingeki no Kyojin", "TV", status: "Watching", start: "2021-03-04", watched: 5),
        entry(20, "Naruto", "TV", status: "Dropped", score: 0),
        entry(44511, "Chainsaw Man", "TV", status: "Plan to Watch"),
        entry(30, "Neon Genesis Evangelion: The End of Evangelion", "Movie", status: "On-Hold", finish: "2020-13-45"),
        entry(32281, "Kimi no Na wa.", "OVA", status: "Completed", score: 11),
    ])

    static func read(_ url: URL) -> ForeignExport {
        MWImport.read(sources: [url], options: ImportOptions(readers: FormatRegistry.standard.filmReaders))
    }

    @Test func everyEntryIsReadWithItsStatusScoreAndDates() throws {
        let fx = try Fixture()
        let read = Self.read(try fx.write("animelist.xml", Self.anime))
        read.expectBalanced()
        #expect(read.files.map(\.kind) == [MyAnimeListReader.malAnime] && read.files.first?.rowsRead == 7 && read.items.count == 7)
        // No TMDb ID: a title for the matcher, the kind from series_type.
        let spirited = try #require(read.item("Sen to Chihiro no Kamikakushi"))
        #expect(spirited.kind == .movie && spirited.ids.isEmpty && spirited.source.line == 13)
        #expect(spirited.watches.map { $0.date?.day } == ["2020-01-02", nil, nil] && spirited.watches.map(\.rewatch) == [false, true, true])
        #expect(spirited.ratings.map(\.value) == [10] && spirited.ratings.first?.scale == .tenPoint)
        #expect(spirited.reviews.map(\.text) == ["Still <the> best & more"] && spirited.tags == ["ghibli", "favourites"])
        // The id is the title's own (a service id), not an extra counted as "not kept".
        #expect(spirited.ids.serviceID == "myanimelist:anime:199" && !spirited.extras.contains { $0.field == "series_animedb_id" })
        #expect(spirited.extras.contains { $0.field == "my_priority" && $0.value == "LOW" })
        let deathNote = try #require(read.item("Death Note"))
        #expect(deathNote.kind == .tvShow && deathNote.marks.map(\.kind) == [.watched] && deathNote.marks.first?.date?.day == "2019-05-06")
        #expect(deathNote.extras.contains { $0.field == "my_watched_episodes" && $0.value == "37 of 12" })
        let aot = try #require(read.item("Shingeki no Kyojin"))
        #expect(aot.marks.map(\.kind) == [.followed] && aot.marks.first?.date?.day == "2021-03-04" && aot.marks.first?.detail == "Watching")
        // Score 0 is unscored; 0000-00-00 is no date.
        let naruto = try #require(read.item("Naruto"))
        #expect(naruto.ratings.isEmpty && naruto.marks.map(\.kind) == [.archived] && naruto.marks.first?.date == nil)
        #expect(read.item("Chainsaw Man")?.isWatchlisted == true)
        // An impossible date and an off-scale score are warnings with their line; the rest is kept.
        #expect(read.diagnostics(.importBadValue).contains { $0.field == "my_finish_date" && $0.line == 136 })
        let kimi = try #require(read.item("Kimi no Na wa."))
        #expect(kimi.kind == .unknown && kimi.ratings.isEmpty && kimi.extras.contains { $0.field == "my_score" && $0.value == "11" })
        #expect(read.diagnostics(.importBadValue).contains { $0.field == "my_score" && $0.file?.hasSuffix("animelist.xml") == true })
    }

    @Test func theGzipAsDownloadedIsReadByItsBytesNotItsName() throws {
        let fx = try Fixture()
        let plain = Self.read(try fx.write("a/animelist.xml", Self.anime))
        let gz = try fx.write("b/export.bin", bytes: Self.gzip(Array(Self.anime.utf8)))
        let packed = Self.read(gz)
        #expect(packed.files.map(\.kind) == [MyAnimeListReader.malAnime])
        #expect(packed.items.map(\.title) == plain.items.map(\.title) && packed.items.count == 7)
        // The registry claims it too (validate sniffs the start of the file).
        let head = ExportFile(inner: "x", bytes: Self.gzip(Array(Self.anime.utf8)))
        #expect(MyAnimeListReader.detect(head, ExportContent(head)) == MyAnimeListReader.malAnime)
        // A gzip stream cut short is an error naming the file; nothing is invented.
        let cut = try fx.write("c/animelist.xml.gz", bytes: Array(Self.gzip(Array(Self.anime.utf8)).dropLast(20)))
        let broken = Self.read(cut)
        #expect(broken.items.isEmpty && broken.diagnostics(.importMalformedFile).contains { $0.message.contains("animelist.xml.gz") })
    }

    @Test func aMangaListIsCountedNotImportedAndBadXMLHasItsPlace() throws {
        let fx = try Fixture()
        let manga = Self.list(["\t\t<manga>\n\t\t\t<manga_mangadb_id>2</manga_mangadb_id>\n\t\t\t<manga_title><![CDATA[Berserk]]></manga_title>\n\t\t</manga>\n"], type: 2)
        let m = Self.read(try fx.write("mangalist.xml", manga))
        m.expectBalanced()
        #expect(m.files.map(\.kind) == [MyAnimeListReader.malManga] && m.items.isEmpty && m.files.first?.ignored == ["manga (not a film or TV kind)": 1])
        let bad = Self.list([Self.entry(20, "Naruto", "TV", status: "Dropped")]).replacingOccurrences(of: "</my_status>", with: "</my_statu>")
        let b = Self.read(try fx.write("bad.xml", bad))
        b.expectBalanced()
        let d = try #require(b.diagnostics(.importMalformedFile).first)
        #expect(d.line == 26 && d.column != nil && d.file?.hasSuffix("bad.xml") == true)
    }

    @Test func aDecidedEntryComesInRatedAndWatched() async throws {
        let fx = try Fixture()
        var o = ImportJobOptions(sources: [try fx.write("animelist.xml", Self.anime)])
        o.output = fx.url("out.json")
        o.format = .mediawatchV2
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        o.overridesFile = try fx.write("decisions.csv", "key,decision\nmyanimelist:title:tv:death note:,tv:13916\nmyanimelist:title:movie:sen to chihiro no kamikakushi:,movie:129\n")
        let lib = try await ImportJob.run(o, environment: [:]).library
        let dn = try #require(lib.titles.first { $0.tmdbId == 13916 })
        #expect(dn.watched && dn.ratings.map(\.value) == [9] && dn.ratings.first?.scale == 10)
        let spirited = try #require(lib.titles.first { $0.tmdbId == 129 })
        #expect(spirited.viewings.count == 3 && spirited.viewings.filter(\.rewatch).count == 2 && spirited.tags == ["ghibli", "favourites"])
        #expect(lib.titles.count == 2, "the undecided entries wait in review")
    }

    /// `bytes` as a gzip stream of stored (uncompressed) deflate blocks.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var chunks = stride(from: 0, to: bytes.count, by: 65535).map { Array(bytes[$0..<min($0 + 65535, bytes.count)]) }
        if chunks.isEmpty { chunks = [[]] }
        for (i, c) in chunks.enumerated() {
            let n = UInt16(c.count)
            out += [i == chunks.count - 1 ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let size = UInt32(truncatingIfNeeded: bytes.count)
        for v in [crc, size] { out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        return out
    }

    // MARK: Real samples

    static let samples = ConformanceTests.root.appendingPathComponent("myanimelist")
    static let present = FileManager.default.fileExists(atPath: samples.path)

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party/myanimelist; not checked"))
    func everyRealListIsReadWithEveryEntryAccounted() throws {
        let counts = try RealSampleCounts.records()
        let files = ["TimFenwick15-rust-anime-stats/animelist_1734298612_-_16433979.xml", "TimFenwick15-rust-anime-stats/mangalist_1734298628_-_16433979.xml",
                     "Yobokata-malinformatics/animelist.xml", "IgorVaryvoda-anime-recommendation-engine/animelist.xml"]
        for path in files {
            let read = Self.read(Self.samples.appendingPathComponent(path))
            read.expectBalanced()
            #expect(read.files.first?.rowsRead == counts["myanimelist/\(path)"], "\(path)")
            #expect(read.diagnostics.filter { $0.severity == .error }.isEmpty, "\(path): \(read.diagnostics.map(\.message))")
            if path.contains("mangalist") {
                #expect(read.files.first?.kind == MyAnimeListReader.malManga && read.items.isEmpty, "\(path)")
            } else {
                #expect(read.files.first?.kind == MyAnimeListReader.malAnime && read.items.allSatisfy { $0.ids.isEmpty && !$0.title.isEmpty }, "\(path)")
                // Unknown dates (0000-00-00) give no date and no warning; scores are 1–10.
                #expect(read.items.flatMap(\.ratings).allSatisfy { (1...10).contains($0.value) }, "\(path)")
                #expect(read.items.contains { !$0.marks.isEmpty || !$0.watches.isEmpty }, "\(path)")
            }
        }
        // The same list gzipped, as MyAnimeList serves it, reads the same.
        let url = Self.samples.appendingPathComponent("IgorVaryvoda-anime-recommendation-engine/animelist.xml")
        let fx = try Fixture()
        let gz = try fx.write("animelist.xml.gz", bytes: Self.gzip([UInt8](try Data(contentsOf: url))))
        #expect(Self.read(gz).items.map(\.title) == Self.read(url).items.map(\.title))
    }
}
