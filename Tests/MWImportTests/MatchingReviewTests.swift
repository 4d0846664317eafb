import Foundation
@testable import MWImport
@testable import MWMatching
import MWCore
import MWFoundation
import MWTMDb
import Testing

/// The review file: written, filled in as a user would in a spreadsheet, read back, applied.
@Suite struct MatchingReviewTests {
    /// A CSV as a spreadsheet saves it: `;` separated (a European locale), LF, no BOM.
    static func spreadsheetCSV(_ rows: [[String]]) -> String {
        rows.map { $0.map { f in f.contains(";") || f.contains("\"") || f.contains("\n") ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f }
            .joined(separator: ";") }.joined(separator: "\n") + "\n"
    }

    @Test func decisionsRoundTripThroughTheReviewFile() async throws {
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles, episodes: TrapCatalogue.episodes) { server in
            let cache = try TMDbCache(url: fx.url("cache.sqlite"))
            let items = TrapItems.all
            let first = try await TMDbMatcher(client: await matchClient(server, cache: cache)).match(items)
            let reviewURL = fx.url("review.csv")
            let written = try ReviewFile.write(first, items: items, to: reviewURL)

            // The file: BOM, CRLF, the header, one row per review key.
            let bytes = Array(try Data(contentsOf: reviewURL))
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            #expect(String(decoding: bytes, as: UTF8.self).contains("\r\n"))
            let csv = try CSVFile(bytes: bytes, name: "review.csv")
            let table = try #require(csv.table)
            #expect(table.header.fields == ReviewFile.columns)
            #expect(written == 16 && table.rows.count == 16)   // 7 in review + 9 keys matched by search
            func row(_ name: String) -> CSVFile.Record? {
                let key = first.items[TrapItems.index(name)].key
                return table.rows.first { table.value($0, "key") == key }
            }
            let cafe = try #require(row("cafe"))
            #expect(table.value(cafe, "status") == "review")
            #expect(table.value(cafe, "decision") == "")
            #expect(table.value(cafe, "title") == "Cafe Noir" && table.value(cafe, "year") == "2008" && table.value(cafe, "kind") == "film")
            #expect(Set([table.value(cafe, "candidate1_id"), table.value(cafe, "candidate2_id")]) == ["movie:1006", "movie:1007"])
            #expect(table.value(cafe, "file") == "watched.csv" && table.value(cafe, "line") == "7")
            let nightfall = try #require(row("nightfall1995"))
            #expect(table.value(nightfall, "status") == "matched" && table.value(nightfall, "items") == "2")
            #expect(table.value(nightfall, "candidate1_id") == "movie:1001")
            #expect(row("hollowIMDb") == nil)   // matched by ID: no row

            // The user decides in a spreadsheet and saves it back.
            let decisions: [String: String] = [
                "cafe": "1007",                                                   // bare ID among the candidates
                "lanterns": "movie:1008",
                "orchardNoYear": "ignore",
                "orchardUnknown": "tv:2001",
                "silver": "https://www.themoviedb.org/movie/1009-silver-tide",
                "nightfall1995": " Movie:1002 ",                                  // correcting an auto-match
                "grandVoyage": "banana",                                          // unreadable: stays in review
                "ashfall": "1234",                                                // bare, not a candidate, film kind: refused
            ]
            let byKey = Dictionary(uniqueKeysWithValues: decisions.map { (first.items[TrapItems.index($0.key)].key, $0.value) })
            let d = ReviewFile.columns.firstIndex(of: "decision")!, k = ReviewFile.columns.firstIndex(of: "key")!
            let edited = [["Review of my import"], table.header.fields] + table.rows.map { r in
                var f = r.fields
                f[d] = byKey[f[k]] ?? f[d]
                return f
            }
            try fx.write("review.csv", Self.spreadsheetCSV(edited))

            let overrides = try MatchOverrides.read(reviewURL)
            #expect(overrides.decisions.count == 6)
            #expect(overrides.diagnostics.count == 2)
            #expect(overrides.diagnostics.allSatisfy { $0.code == DiagnosticCode.importReviewDecision.rawValue && $0.line != nil })

            let second = try await TMDbMatcher(client: await matchClient(server, cache: cache)).match(items, overrides: overrides)
            expectMatched(second.outcome("cafe"), 1007, .movie, .override)
            expectMatched(second.outcome("lanterns"), 1008, .movie, .override)
            #expect(second.outcome("orchardNoYear") == .ignored)
            expectMatched(second.outcome("orchardUnknown"), 2001, .tv, .override)
            expectMatched(second.outcome("silver"), 1009, .movie, .override)
            expectMatched(second.outcome("nightfall1995"), 1002, .movie, .override)
            expectMatched(second.outcome("nightfallAgain"), 1002, .movie, .override)
            expectReview(second.outcome("grandVoyage"))
            expectMatched(second.outcome("ashfall"), 2002, .tv, .search)
            expectReview(second.outcome("windowSeat"))
            #expect(second.stats.byOverride == 6 && second.stats.ignored == 1)
            #expect(second.stats.requests == 0)

            // Writing the file again over the one passed back keeps every decision.
            try ReviewFile.write(second, items: items, to: reviewURL)
            let again = try MatchOverrides.read(reviewURL)
            #expect(again.decisions == overrides.decisions)
            #expect(again.diagnostics.isEmpty)
        }
    }

    @Test func reviewFileHeaderIsFoundByContentAndBadFilesAreRefused() throws {
        let csv = "notes,,\n,,\ndecision,key,kind\nignore,letterboxd:title:film:x:2000,film\n,letterboxd:title:film:y:2001,film\n"
        let o = try MatchOverrides.parse(bytes: Array(csv.utf8), name: "r.csv")
        #expect(o.decisions == ["letterboxd:title:film:x:2000": .ignore])
        #expect(throws: MWError.self) { _ = try MatchOverrides.parse(bytes: Array("a,b\n1,2\n".utf8), name: "r.csv") }
        // Conflicting decisions for one key: the first wins, the second is reported.
        let twice = "key,decision\nk,movie:1\nk,movie:2\nk,movie:1\n"
        let t = try MatchOverrides.parse(bytes: Array(twice.utf8), name: "r.csv")
        #expect(t.decisions == ["k": .match(tmdbId: 1, mediaType: .movie)])
        #expect(t.diagnostics.count == 1 && t.diagnostics[0].line == 3)
    }

    @Test func formulaLikeCellsAreDefused() throws {
        #expect(ReviewSheet.defused("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")")
        #expect(ReviewSheet.defused("-30-") == "'-30-")
        #expect(ReviewSheet.defused("Heat") == "Heat")
        #expect(try ReviewDecision.parse("'ignore") == .ignore)
    }
}
