import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWReport
import MWTestSupport
import Testing

/// Every number in a report's tables, recomputed from the library it was made from
/// (FilmOracle, BookOracle), on random libraries; and the page's promises: self-contained,
/// accessible structure, same bytes for the same input.
@Suite("Report numbers")
struct ReportNumbersTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("every table of an all-time and of each year's report holds the numbers the library gives", arguments: [UInt64(1), 7, 31, 2024])
    func tablesMatchTheLibrary(seed: UInt64) throws {
        var g = TestSeed.generator(seed)
        let seed = TestSeed.describe(g.seed)
        let films = RandomLibraries.films(&g), books = RandomLibraries.books(&g)
        for year in [nil, 2019, 2021, 2024, 2030] as [Int?] {
            let html = ReportPage.render(films: films, books: books, period: year.map { .year($0) } ?? .allTime, inputs: ["x"], now: Self.now)
            let page = PageTables(html)
            let (filmTables, first, last, streakStart) = FilmOracle.tables(films, year: year)
            var expected = filmTables.merging(BookOracle.tables(books, year: year)) { a, _ in a }
            let ends = "First and last watch\(year.map { ", \($0)" } ?? "")"
            if let got = page.tables[ends] {
                var rows = got[...]
                if let first { let r = rows.removeFirst(); #expect(r[0] == "First watch" && r[1] == first.0 && first.1.contains(r[2]), "\(seed) year \(String(describing: year)): \(r)") }
                if let last { let r = rows.removeFirst(); #expect(r[0] == "Last watch" && r[1] == last.0 && last.1.contains(r[2]), "\(seed) year \(String(describing: year)): \(r)") }
                if let streakStart { let r = rows.removeFirst(); #expect(r[0] == "Longest streak starts" && r[1] == streakStart, "\(seed): \(r)") }
                #expect(rows.isEmpty, "\(seed): extra rows \(rows)")
                expected[ends] = got
            } else {
                #expect(first == nil && last == nil, "\(seed) year \(String(describing: year)): no first/last table")
            }
            #expect(Set(page.tables.keys) == Set(expected.keys), "\(seed) year \(String(describing: year)): captions differ: page-only \(Set(page.tables.keys).subtracting(expected.keys)), expected-only \(Set(expected.keys).subtracting(page.tables.keys))")
            for (caption, rows) in expected {
                #expect(page.tables[caption] == rows, "\(seed) year \(String(describing: year)): \(caption)\n page: \(page.tables[caption] ?? [])\n library: \(rows)")
            }
        }
    }

    @Test("what cannot be counted is said with its count")
    func uncountedAreSaid() throws {
        var g = SeededGenerator(seed: 5)
        let films = RandomLibraries.films(&g)
        let html = ReportPage.render(films: films, books: nil, period: .allTime, inputs: ["x"], now: Self.now)
        let undated = FilmOracle.viewings(films).filter { $0.date == nil }.count
        let noRuntime = FilmOracle.viewings(films).filter { ($0.runtime ?? 0) <= 0 }.count
        let stripped = films.titles.filter(\.isStripped).count
        #expect(undated > 0 && noRuntime > 0 && stripped > 0, "seed 5 should draw each kind")
        #expect(html.contains("\(counted(undated, "viewing", verb: ("has", "have"))) no date"), "seed 5")
        #expect(html.contains("\(counted(noRuntime, "viewing", verb: ("has", "have"))) no known runtime"), "seed 5")
        #expect(html.contains("\(counted(stripped, "title", verb: ("is", "are"))) stripped"), "seed 5")
    }

    @Test("the page is self-contained, accessible and the same bytes for the same input", .drawsFromSeeds(11))
    func pageStructure() throws {
        var g = SeededGenerator(seed: 11)
        let films = RandomLibraries.films(&g), books = RandomLibraries.books(&g)
        for period in [ReportPeriod.allTime, .year(2022)] {
            let html = ReportPage.render(films: films, books: books, period: period, inputs: ["a.json", "b.json"], now: Self.now)
            #expect(html == ReportPage.render(films: films, books: books, period: period, inputs: ["a.json", "b.json"], now: Self.now))
            #expect(html.contains("<html lang=\"en\">"))
            #expect(html.components(separatedBy: "<h1>").count == 2, "one h1")
            #expect(!html.contains("<script"), "no script")
            for attr in ["src=\"", "href=\"", "url("] { #expect(!html.contains(attr), "nothing fetched: \(attr)") }
            #expect(html.contains("prefers-color-scheme: dark") && html.contains("@media print") && html.contains("width=device-width"))
            // Headings in order: never a jump of more than one level down.
            var level = 1
            for part in html.components(separatedBy: "<h").dropFirst() {
                guard let n = part.first?.wholeNumberValue else { continue }
                #expect(n <= level + 1, "heading h\(n) after h\(level)")
                level = n
            }
            // Every chart: role img, title and desc, then a table whose caption is the title.
            let charts = html.components(separatedBy: "<svg ").dropFirst()
            #expect(charts.count >= 8)
            for svg in charts {
                #expect(svg.hasPrefix("role=\"img\""))
                let title = try #require(PageTables.between(svg, "\">", "</title>").map { String($0.split(separator: ">").last ?? "") })
                #expect(svg.contains("<desc id="))
                let after = try #require(svg.components(separatedBy: "</svg>").dropFirst().first)
                let caption = PageTables.between(after, "<caption>", "</caption>")
                #expect(caption == title, "chart \(title) is followed by table \(caption ?? "none")")
            }
        }
    }

    @Test("posters are embedded as data URIs from what the caller found, by content; none without")
    func postersEmbedded() throws {
        var g = SeededGenerator(seed: 3)
        var films = RandomLibraries.films(&g)
        for i in films.titles.indices where films.titles[i].metadata != nil { films.titles[i].metadata!.posterPath = "/p\(i).png" }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let asked = Locked<[String]>([])
        let posters = ReportPosters(prepare: { names in asked.withLock { $0 += names } },
                                    lookup: { name in name.hasPrefix("p1") ? Array("not an image".utf8) : png })
        let html = ReportPage.render(films: films, books: nil, period: .allTime, inputs: ["x"], now: Self.now, posters: posters)
        let imgs = html.components(separatedBy: "<img ").count - 1
        #expect(imgs > 0 && imgs <= 8, "seed 3: \(imgs) posters")
        #expect(html.contains("src=\"data:image/png;base64,\(Data(png).base64EncodedString())\""))
        #expect(!html.contains("src=\"http") && !html.contains("src=\"/"), "never hot-linked")
        #expect(!asked.withLock { $0.isEmpty })
        let plain = ReportPage.render(films: films, books: nil, period: .allTime, inputs: ["x"], now: Self.now)
        #expect(!plain.contains("<img"), "without images, none")
    }
}
