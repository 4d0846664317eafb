import Foundation
import MWTestSupport
import Testing
@testable import MWCore

/// Issue 2 §7: every kind of bad input yields a diagnostic with a position and never traps.
@Suite("Bad input")
struct BadInputTests {
    let valid = #"{"version":"1.0","exportDate":700000000,"lists":[],"titles":[],"episodes":[],"notes":[]}"#

    func codes(_ s: String) -> [String] { codes(Array(s.utf8)) }
    func codes(_ b: [UInt8]) -> [String] { BackupIO.read(data: b).diagnostics.map(\.code) }

    func first(_ b: [UInt8]) -> Diagnostic? { BackupIO.read(data: b).diagnostics.first }

    @Test func emptyAndWhitespace() {
        #expect(codes("") == ["json-empty"])
        #expect(codes("  \n ") == ["json-empty"])
    }

    @Test func notJSON() {
        let d = first(Array("hello".utf8))
        #expect(d?.code == "json-syntax")
        #expect(d?.line == 1 && d?.column == 1)
    }

    @Test func truncatedAtEveryPrefix() {
        let bytes = Array(valid.utf8)
        for n in 1..<bytes.count {
            let r = BackupIO.read(data: Array(bytes[0..<n]))
            #expect(!r.isValid, "prefix of \(n) bytes accepted")
            #expect(r.diagnostics.first?.line != nil)
        }
    }

    @Test func invalidUTF8() {
        var b = Array(#"{"version":"1.0","exportDate":1,"lists":[],"titles":[],"episodes":[],"notes":[],"x":""#.utf8)
        b += [0xC3, 0x28, 0x22, 0x7D]
        let d = first(b)
        #expect(d?.code == "json-invalid-utf8")
        #expect(d?.column == b.count - 3)
        #expect(codes(#"{"version":"\ud800","exportDate":1}"#).contains("json-invalid-utf8"))
        #expect(codes([0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D]).first == "json-invalid-utf8") // encoded surrogate
    }

    @Test func wrongTypesAreReportedWithPointerAndValue() {
        let s = #"{"version":"1.0","exportDate":1,"lists":[],"titles":[{"id":"0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D","tmdbId":"550","mediaType":"movie","title":"X","year":1,"genres":[],"runtime":1,"watched":"yes","likedStatus":0,"dateAdded":1}],"episodes":[],"notes":[]}"#
        let r = BackupIO.read(data: Array(s.utf8))
        let types = r.diagnostics.filter { $0.code == "schema-type" }
        #expect(types.map(\.pointer).sorted() == ["/titles/0/tmdbId", "/titles/0/watched"])
        #expect(types.contains { $0.message.contains("\"550\"") })
        #expect(types.allSatisfy { $0.line == 1 && $0.column != nil })
    }

    @Test func duplicateKeys() {
        let s = valid.replacingOccurrences(of: #""lists":[]"#, with: #""lists":[],"lists":[]"#)
        #expect(codes(s).contains("json-duplicate-key"))
        let t = #"{"version":"1.0","exportDate":1,"lists":[],"titles":[{"id":"0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D","id":"0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9E","tmdbId":1,"mediaType":"movie","title":"X","year":1,"genres":[],"runtime":1,"watched":true,"likedStatus":0,"dateAdded":1}],"episodes":[],"notes":[]}"#
        let d = BackupIO.read(data: Array(t.utf8)).diagnostics.first { $0.code == "json-duplicate-key" }
        #expect(d?.pointer == "/titles/0/id")
    }

    @Test func absurdNestingDoesNotOverflowTheStack() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(codes(#"{"x":"# + deep + "}").first == "json-too-deep")
        #expect(codes(deep).first == "json-too-deep")
    }

    @Test func hugeStringsAndNumbers() {
        var limits = ReadOptions()
        limits.limits.maxStringBytes = 1000
        let big = #"{"version":""# + String(repeating: "a", count: 5000) + #""}"#
        #expect(BackupIO.read(data: Array(big.utf8), options: limits).diagnostics.first?.code == "json-too-large")
        let num = valid.replacingOccurrences(of: "700000000", with: String(repeating: "9", count: 400))
        #expect(codes(num).first == "json-number-range")
        let inf = valid.replacingOccurrences(of: "700000000", with: "1e400")
        #expect(codes(inf).first == "json-number-range")
        let tmdb = #"{"version":"1.0","exportDate":1,"lists":[],"titles":[{"id":"0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D","tmdbId":99999999999999999999,"mediaType":"movie","title":"X","year":1,"genres":[],"runtime":1,"watched":true,"likedStatus":0,"dateAdded":1}],"episodes":[],"notes":[]}"#
        #expect(codes(tmdb).contains("json-number-range"))
        let year = tmdb.replacingOccurrences(of: "99999999999999999999", with: "5").replacingOccurrences(of: #""year":1"#, with: #""year":70000"#)
        #expect(codes(year).contains("schema-range"))
    }

    @Test func nanAndInfinity() {
        for lit in ["NaN", "Infinity", "-Infinity"] {
            #expect(codes(valid.replacingOccurrences(of: "700000000", with: lit)).first == "json-non-finite")
        }
    }

    @Test func unknownKeysWarnInV1AndFailInV2() {
        let r = BackupIO.read(data: Array(valid.replacingOccurrences(of: "\"notes\":[]", with: "\"notes\":[],\"extra\":{\"a\":[1]}").utf8))
        #expect(r.isValid)
        #expect(r.diagnostics.map(\.code) == ["schema-unknown-key"])
        #expect(r.diagnostics.first?.severity == .warning)
        let v2 = #"{"format":"mediawatch-backup","formatVersion":2,"lists":[],"titles":[],"episodes":[],"notes":[],"extra":1}"#
        let r2 = BackupIO.read(data: Array(v2.utf8))
        #expect(!r2.isValid && r2.diagnostics.first?.code == "schema-unknown-key")
    }

    @Test func unknownVersions() {
        #expect(codes(#"{"format":"mediawatch-backup","formatVersion":6,"lists":[]}"#) == ["format-unknown-version"])
        #expect(codes(valid.replacingOccurrences(of: "\"1.0\"", with: "\"7.0\"")) == ["format-unknown-version"])
        #expect(codes(#"{"hello":"world"}"#) == ["format-unrecognized"])
        #expect(codes("[1,2]") == ["format-unrecognized"])
    }

    @Test func trailingGarbageAndCommas() {
        #expect(codes(valid + "x").first == "json-syntax")
        #expect(codes(valid.replacingOccurrences(of: "\"lists\":[]", with: "\"lists\":[],")).isEmpty == false)
        #expect(codes(#"{"version":"1.0","lists":[1,],"titles":[],"episodes":[],"notes":[],"exportDate":1}"#).contains("json-syntax"))
    }

    @Test func bomAndAnyKeyOrderAndPrettyAreAccepted() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(valid.utf8)
        #expect(BackupIO.read(data: bom).isValid)
        let reordered = #"{ "notes" : [ ], "episodes" : [ ], "titles" : [ ], "lists" : [ ], "exportDate" : 1, "version" : "1.0" }"#
        let r = BackupIO.read(data: Array(reordered.utf8))
        #expect(r.isValid && r.format == .mediawatchV1)
    }

    @Test(.drawsFromSeeds(99)) func randomMutationsNeverTrap() {
        var f = LibraryFactory(seed: 99)
        let base = try! BackupIO.encode(f.v2Library(), as: .mediawatchV2, options: .init(pretty: false)).bytes
        let seed = TestSeed.seed(5)
        var rng = SplitMix(seed: seed)
        for trial in 0..<2000 {
            var b = base
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let i = Int(rng.next() % UInt64(b.count))
                switch rng.next() % 3 {
                case 0: b[i] = UInt8(truncatingIfNeeded: rng.next())
                case 1: b.remove(at: i)
                default:
                    let tokens = Array("{}[]\",:\\0e-".utf8)
                    b.insert(tokens[Int(rng.next() % UInt64(tokens.count))], at: i)
                }
            }
            let r = BackupIO.read(data: b)
            for d in r.diagnostics where d.offset != nil { #expect(d.line != nil, "\(TestSeed.describe(seed)), mutation \(trial): [\(d.code)] has an offset but no line") }
        }
    }
}
