import Foundation
import Testing
import MWFoundation

@Suite("trimmedBlanks agrees with Foundation")
struct FastTrimTests {
    static let pieces = ["", " ", "\t", "\n", "\r\n", "\u{00A0}", "\u{2003}", "a", "Z", "é", "日本", "=\"\"", "x y", "\u{0B}", "\u{0C}", "🎬"]

    @Test("every string of up to four pieces trims as trimmingCharacters(in:) does")
    func agreesOnEveryCombination() {
        var checked = 0
        for a in Self.pieces { for b in Self.pieces { for c in Self.pieces { for d in ["", " ", "\u{00A0}", "q"] {
            let s = a + b + c + d
            #expect(s.trimmedBlanks() == s.trimmingCharacters(in: .whitespacesAndNewlines), "\(s.debugDescription)")
            #expect(s.trimmedBlanks(newlines: false) == s.trimmingCharacters(in: .whitespaces), "\(s.debugDescription)")
            checked += 1
        } } } }
        #expect(checked == Self.pieces.count * Self.pieces.count * Self.pieces.count * 4)
    }

    @Test("substrings trim too")
    func substrings() {
        let s = "  Le Guin, Ursula K.  "
        let parts = s.split(separator: ",")
        #expect(parts.map { $0.trimmedBlanks() } == ["Le Guin", "Ursula K."])
    }
}
