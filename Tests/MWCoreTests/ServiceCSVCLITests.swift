import Foundation
@testable import MWCore
import Testing

/// `mwkit convert --to letterboxd-csv | imdb-csv` end to end, on our own v2 sample.
@Suite("CLI: letterboxd-csv and imdb-csv")
struct ServiceCSVCLITests {
    let v2 = TestSupport.samples.appendingPathComponent("mediawatch-v2.json").path
    static let header = "tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review\r\n"

    @Test func helpListsTheWriteOnlyFormats() throws {
        let r = try TestSupport.run(["convert", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("letterboxd (films, read, write, also letterboxd-csv):") && r.stdout.contains("imdb (films, read, write, also imdb-csv):"))
        #expect(r.stdout.contains("--rating-from-liked"))
    }

    @Test func letterboxdCSVFromTheSample() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("letterboxd.csv")
        let r = try TestSupport.run(["convert", v2, "--to", "letterboxd-csv", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        // Fight Club is the one watched title; its owner-only note was written in MediaWatch, so it stays private.
        #expect(try String(contentsOf: out, encoding: .utf8) == Self.header + "550,tt0137523,Fight Club,1999,,2023-06-20,,,\r\n")
        #expect(r.stderr.contains("warning: [write-notes-left-out]"))
        #expect(r.stderr.contains("(letterboxd)"))
    }

    @Test func ratingFromLikedToStandardOutput() throws {
        let r = try TestSupport.run(["convert", v2, "--to", "letterboxd-csv", "--rating-from-liked", "-o", "-"])
        #expect(r.status == 0)
        // Fight Club is liked: 4 stars. Breaking Bad is liked but not watched: no row.
        #expect(r.stdout == Self.header + "550,tt0137523,Fight Club,1999,4,2023-06-20,,,\r\n")
        let again = try TestSupport.run(["convert", v2, "--to", "letterboxd-csv", "--rating-from-liked", "-o", "-"])
        #expect(again.stdout == r.stdout)
    }

    @Test func imdbCSVFromTheSample() throws {
        let r = try TestSupport.run(["convert", v2, "--to", "imdb-csv", "-o", "-"])
        #expect(r.status == 0)
        #expect(r.stdout == "Const,Title,Title Type,Year,Your Rating,Date Rated\r\n"
            + "tt0137523,Fight Club,movie,1999,,\r\ntt15239678,Dune: Part Two,movie,2024,,\r\ntt0903747,Breaking Bad,tvSeries,2008,,\r\n")
        #expect(r.stderr.components(separatedBy: "[write-no-imdb-id]").count - 1 == 2)
    }

    @Test func aSwitchTheFormatDoesNotReadIsAUsageError() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.json")
        let r = try TestSupport.run(["convert", v2, "--to", "mediawatch-v1", "--rating-from-liked", "-o", out.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--rating-from-liked applies to letterboxd, imdb"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func moreThanAThousandRowsMakeAFolder() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func uuid(_ n: Int, _ kind: Int) -> String { String(format: "00000000-0000-4000-8%03d-%012d", kind, n) }
        var lib = Library(sourceVersion: "1.0")
        var list = MediaList(id: uuid(0, 1), name: "Watched")
        for n in 1...1_001 {
            lib.titles.append(Title(id: uuid(n, 2), tmdbId: Int64(n), mediaType: .movie, metadata: TitleMetadata(title: "Film \(n)", year: 2000),
                                    watched: true, dateAdded: Date(timeIntervalSince1970: 1_600_000_000)))
            list.items.append(ListItem(titleId: uuid(n, 2), orderIndex: n - 1))
        }
        lib.lists = [list]
        let input = dir.appendingPathComponent("big.json")
        _ = try BackupIO.write(lib, as: .mediawatchV2, to: input)
        let out = dir.appendingPathComponent("letterboxd")
        let r = try TestSupport.run(["convert", input.path, "--to", "letterboxd-csv", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("is a folder of 2 files"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["letterboxd-001.csv", "letterboxd-002.csv"])
        let second = try String(contentsOf: out.appendingPathComponent("letterboxd-002.csv"), encoding: .utf8)
        #expect(second == Self.header + "1001,,Film 1001,2000,,,,,\r\n")
        // To standard output it cannot go: a usage error, exit 2.
        let piped = try TestSupport.run(["convert", input.path, "--to", "letterboxd-csv", "-o", "-"])
        #expect(piped.status == 2 && piped.stdout.isEmpty)
    }
}
