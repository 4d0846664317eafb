import Foundation
import MWTestSupport
import PropertyBased
import Testing
@testable import MWCore

@Suite("Dates")
struct DateCodingTests {
    func ref(_ s: String) -> Double? { DateCoding.parseISO(s)?.timeIntervalSinceReferenceDate }

    @Test func isoVariants() {
        #expect(ref("2001-01-01T00:00:00Z") == 0)
        #expect(ref("2001-01-01T00:00:00.5Z") == 0.5)
        #expect(ref("2001-01-01T02:00:00+02:00") == 0)
        #expect(ref("2001-01-01T02:00:00+0200") == 0)
        #expect(ref("2000-12-31T19:00:00-05:00") == 0)
        #expect(ref("2001-01-01") == 0)
        #expect(ref("2024-02-29T12:00:00Z") != nil)
        for bad in ["2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T25:00:00Z", "2024-01-01T00:00:00", "yesterday", "2024-01-01T00:00:00.Z", ""] {
            #expect(ref(bad) == nil, "\(bad) accepted")
        }
    }

    @Test func numericEncodings() {
        let v1 = #"{"version":"1.0","exportDate":X,"lists":[],"titles":[],"episodes":[],"notes":[]}"#
        func export(_ x: String, _ enc: DateEncoding) -> Double? {
            BackupIO.read(data: Array(v1.replacingOccurrences(of: "X", with: x).utf8), options: ReadOptions(dateEncoding: enc))
                .library?.exportDate?.timeIntervalSince1970
        }
        #expect(export("0", .reference) == 978_307_200)
        #expect(export("978307200", .unix) == 978_307_200)
        #expect(export("978307200000", .unixMs) == 978_307_200)
        #expect(export("\"2001-01-01T00:00:00Z\"", .iso8601) == 978_307_200)
        let r = BackupIO.read(data: Array(v1.replacingOccurrences(of: "X", with: "5").utf8), options: ReadOptions(dateEncoding: .iso8601))
        #expect(r.diagnostics.first?.code == "date-invalid")
    }

    @Test func v1NumbersAreWrittenLikeJSONEncoder() {
        #expect(DateCoding.jsonNumber(722188800) == "722188800")
        #expect(DateCoding.jsonNumber(722188800.5) == "722188800.5")
        #expect(DateCoding.jsonNumber(700000000.123456789) == "700000000.1234568")
    }
}

@Suite("Numbers")
struct NumberTests {
    @Test func fastPathAgreesWithStrtod() async {
        await seededCheck(count: 3000, seed: 0x5EED_2908, input: Gen.uint64(in: 0...999_999_999_999_999), Gen.int(in: 0...17), Gen.bool) { m, frac, neg in
            var digits = String(m)
            if frac > 0 {
                while digits.count <= frac { digits = "0" + digits }
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -frac))
            }
            let text = (neg ? "-" : "") + digits
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { raw in
                var s = JSONScanner(bytes: raw, limits: .init())
                let t = try! s.scanNumber()
                #expect(s.doubleValue(t).bitPattern == Double(text)!.bitPattern, "\(text)")
            }
        }
    }
}
