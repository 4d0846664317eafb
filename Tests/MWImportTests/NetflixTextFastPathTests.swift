import Foundation
import MWFoundation
@testable import MWImport
import MWTestSupport
import Testing

/// The byte-level paths of Netflix title reading (``NetflixText``, `Values.text`/`key`, `trimmedBlanks`, the
/// ISO start-time test) give exactly what the Foundation calls they stand for give, on seeded
/// random strings of the characters that make them differ: blanks of every kind, newlines,
/// composed and decomposed accents, a lone combining mark, Hangul, the ": " separator.
@Suite struct NetflixTextFastPathTests {
    static let pieces: [String] = [":", " ", ": ", "\t", "\u{A0}", "\u{202F}", "a", "Z", "Q", "1", "2", "-", "\r", "\n", "\r\n",
                                   "é", "e\u{301}", "\u{301}", "시", "null", "<nil>", "(", ")", "_", "\u{2003}", "\u{85}", "0", "9",
                                   "\u{1C}", "\u{0B}"]
    static let datePrefixes = ["2021-", "2021-0", "20a1-", "2021-\u{301}", "202"]

    static func text(_ s: String?) -> String? {
        guard let t = s?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty, t != "null", t != "<nil>" else { return nil }
        return t
    }
    static func key(_ title: String) -> String { title.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
    static func title(_ raw: String) -> String {
        raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    }
    static func isISO(_ raw: String) -> Bool {
        let c = Array(raw.prefix(5))
        return c.count == 5 && c[..<4].allSatisfy { $0.isASCII && $0.isNumber } && c[4] == "-"
    }
    static func bytes(_ s: String?) -> [UInt8]? { s.map { Array($0.utf8) } }

    @Test func fastPathsGiveFoundationsBytes() {
        let seed = TestSeed.seed(29)
        var rng = SeededGenerator(seed: seed)
        for n in 0..<30_000 {
            var s = (0..<Int.random(in: 0...8, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            if n % 3 == 0 { s = Self.datePrefixes.randomElement(using: &rng)! + s }
            let sub = s.dropFirst(min(1, s.count))
            let at = "\(TestSeed.describe(seed)), case \(n): \(s.unicodeScalars.map { String($0.value, radix: 16) })"
            #expect(Self.bytes(Values.text(s)) == Self.bytes(Self.text(s)), "text, \(at)")
            #expect(Array(Values.key(s).utf8) == Array(Self.key(s).utf8), "key, \(at)")
            #expect(Array(NetflixText.title(s).utf8) == Array(Self.title(s).utf8), "title, \(at)")
            #expect(NetflixText.parts(s).map { Array($0.utf8) } == s.components(separatedBy: ": ").map { Array($0.utf8) }, "parts, \(at)")
            #expect(Array(s.trimmedBlanks(newlines: false).utf8) == Array(s.trimmingCharacters(in: .whitespaces).utf8), "trimmed, \(at)")
            #expect(Array(s.trimmedBlanks().utf8) == Array(s.trimmingCharacters(in: .whitespacesAndNewlines).utf8), "trimmed+newlines, \(at)")
            #expect(Array(sub.trimmedBlanks(newlines: false).utf8) == Array(sub.trimmingCharacters(in: .whitespaces).utf8), "trimmed substring, \(at)")
            #expect(NetflixColumns.StartTimes.isISO(s) == Self.isISO(s), "isISO, \(at)")
        }
    }
}
