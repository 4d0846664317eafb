import Foundation
import MWTestSupport
import MWFoundation
import Testing

@Suite("CSV reading")
struct CSVFileTests {
    func csv(_ s: String, name: String = "t.csv") throws -> CSVFile { try CSVFile(bytes: Array(s.utf8), name: name) }

    @Test func recordsKnowTheLineTheyStartOn() throws {
        let f = try csv("a,b\r\n1,\"two\r\nlines\"\r\n3,x\n\"q\"\"uote\",\"l1\nl2\nl3\"\n5,y\n")
        #expect(f.records.map(\.line) == [1, 2, 4, 5, 8])
        #expect(f.records[1].fields == ["1", "two\nlines"])  // a line break inside a field is LF
        #expect(f.records[3].fields == ["q\"uote", "l1\nl2\nl3"])
    }

    @Test func theHeaderIsFoundByContentBelowAMetadataBlock() throws {
        let f = try csv("Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-01-01,Faves,,https://x,\"my\nlist\"\n\nPosition,Name,Year,URL,Description\n1,Heat,1995,https://boxd.it/1,\n2,Alien,,https://boxd.it/2,\n")
        let t = try #require(f.table { $0.first == "Position" })
        #expect(t.header.line == 6)
        #expect(t.rows.count == 2)
        #expect(t.value(t.rows[0], "name") == "Heat")
        #expect(t.value(t.rows[1], "Year") == "")
        #expect(t.rowNumber(t.rows[1]) == 2)
        #expect(t.column("Missing", "URL") == 3)
    }

    @Test func headerOnlyAndEmptyFilesHaveNoRows() throws {
        #expect(try csv("Date,Name,Year\n").table?.rows.isEmpty == true)
        #expect(try csv("").table == nil)
    }

    @Test func windows1252AndUTF16AreDecoded() throws {
        // "Amélie" in ISO-8859-1 / Windows-1252: é = 0xE9, not valid UTF-8.
        let latin = try CSVFile(bytes: Array("Title\n".utf8) + [0x41, 0x6D, 0xE9, 0x6C, 0x69, 0x65, 0x0A], name: "r.csv")
        #expect(latin.encoding == .windows1252)
        #expect(latin.records[1].fields == ["Amélie"])
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in "A\tB\nÉ\t2\n".utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let tsv = try CSVFile(bytes: utf16, name: "lt.tsv", delimiter: "\t")
        #expect(tsv.encoding == .utf16LE)
        #expect(tsv.records[1].fields == ["É", "2"])
        let bom = try CSVFile(bytes: [0xEF, 0xBB, 0xBF] + Array("Const,Title\n".utf8), name: "b.csv")
        #expect(bom.records[0].fields == ["Const", "Title"])
    }

    @Test func aFileOfNULBytesIsADiagnosticNotACrash() {
        do {
            _ = try CSVFile(bytes: [UInt8](repeating: 0, count: 64), name: "diary.csv")
            Issue.record("NUL bytes were accepted")
        } catch let MWError.invalid(d) {
            #expect(d.first?.code == "csv-not-text")
            #expect(d.first?.file == "diary.csv")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func raggedRowsAreReportedWithTheirPosition() throws {
        let t = try #require(try csv("Const,Your Rating,Title\ntt1,8,Heat\ntt2,7\n").table)
        let d = t.raggedRows
        #expect(d.count == 1)
        #expect(d[0].line == 3 && d[0].row == 2 && d[0].file == "t.csv")
        let rating = t.diagnostic(.error, "rating-range", "11 is not 1–10", row: t.rows[0], column: "your rating")
        #expect(rating.column == 2 && rating.field == "Your Rating" && rating.line == 2)
    }
}

@Suite("Date text")
struct DateTextTests {
    /// The fast fixed-point formatter must write exactly what printf writes (the v2 writer's
    /// bytes depend on it).
    @Test func fixedMatchesPrintf() {
        var g = TestSeed.generator(0xD47E)
        var samples: [Double] = [0.5, 0.25, 0.125, 0.0625, 0.1, 0.7, 0.999_999_999_999_999_9, 1e-9, 3.0517578125e-05]
        for _ in 0..<20_000 {
            let x = Double.random(in: 1e8...1e9, using: &g)   // seconds since 2001, like real dates
            samples.append(x - x.rounded(.down))
            samples.append(Double.random(in: 0..<1, using: &g))
        }
        for f in samples where f > 0 && f < 1 {
            for d in 1...17 {
                #expect(DateCoding.fixed(f, digits: d) == String(format: "%.\(d)f", f), "\(f) with \(d) digits (\(TestSeed.describe(g.seed)))")
            }
        }
    }
}
