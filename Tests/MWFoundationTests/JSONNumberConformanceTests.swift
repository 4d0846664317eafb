import Foundation
import MWFoundation
import Testing

/// Number cases in the style of the public JSONTestSuite (nst/JSONTestSuite's `y_number_*`,
/// `n_number_*`, `i_number_*`), written by us: what the grammar accepts is scanned whole, what
/// it rejects is an error, and a valid number's value is the double strtod gives — a tiny value
/// written out in full or one that rounds to a subnormal or to zero is an ordinary number; only a
/// magnitude beyond a double's is infinite (and a reader that needs a double reports it).
@Suite struct JSONNumberConformanceTests {
    static func scan(_ text: String) throws -> (token: String, value: Double) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            var s = JSONScanner(bytes: raw, limits: .init())
            let t = try s.scanNumber()
            guard s.pos == bytes.count else { throw MWError.failed("trailing bytes after the number in \(text)") }
            return (String(decoding: bytes[t.start..<t.end], as: UTF8.self), s.doubleValue(t))
        }
    }

    static let tiny = "-0." + String(repeating: "0", count: 78) + "1"

    @Test("y_: accepted, with strtod's value", arguments: [
        "0", "-0", "1", "-1", "123", "1E22", "1e-400", "0e1", "0E+1", "20e1", "1E+2", "1e-2", "123.456e78", "123e65",
        "-123.123e-45", "1.5", "-0.0", "4.9e-324", "2.2250738585072014e-308", JSONNumberConformanceTests.tiny,
        "0." + String(repeating: "0", count: 400) + "1", "1" + String(repeating: "0", count: 300),
    ])
    func accepted(_ text: String) throws {
        let (token, value) = try Self.scan(text)
        #expect(token == text)
        #expect(value.isFinite && value == strtod(text, nil), "\(text) → \(value)")
    }

    @Test func aTinyValueWrittenOutInFullIsAnOrdinaryDouble() throws {
        #expect(try Self.scan(Self.tiny).value == -1e-79)
    }

    @Test("n_: rejected", arguments: [
        "01", "-01", "1.", ".1", "+1", "1e", "1e+", "-", "0x1", "1.e1", "2.e3", "Inf", "-Infinity", "NaN", "- 1", "1.a", "1ee2", "0.e1", "--1",
    ])
    func rejected(_ text: String) {
        #expect(throws: (any Error).self) { try Self.scan(text) }
    }

    @Test("i_: beyond a double's range, read as infinite for the reader to report", arguments: ["1e400", "-1e400", "1" + String(repeating: "0", count: 400)])
    func overflows(_ text: String) throws {
        #expect(try Self.scan(text).value.isInfinite)
    }
}
