import MWTestSupport
import PropertyBased
import Testing
@testable import MWFoundation

/// The ASCII fast path of `TitleNormalizer.normalize` must agree with the Unicode path on
/// every ASCII title: random strings over the characters that steer the folding (letters of
/// both cases, digits, `&`, apostrophes, punctuation, blanks and line breaks).
@Suite struct TitleNormalizerPropertyTests {
    static let alphabet = Array("aZm09 &'`-/.:,()#!\t\r\n\u{7F}\u{01}")

    @Test func asciiPathAgreesWithUnicodePath() async {
        let titles = Gen.int(in: 0...(Self.alphabet.count - 1)).array(of: 0...40).map { String($0.map { Self.alphabet[$0] }) }
        await seededCheck(count: 2_000, seed: 0x5EED_2914, input: titles) { title in
            let fast = TitleNormalizer.normalizeASCII(title)
            #expect(fast != nil)
            #expect(fast == TitleNormalizer.normalizeUnicode(title), "\(title.debugDescription)")
        }
    }

    @Test func nonASCIITitlesTakeTheUnicodePath() {
        #expect(TitleNormalizer.normalizeASCII("Amélie") == nil)
        #expect(TitleNormalizer.normalize("Amélie") == "amelie")
        #expect(TitleNormalizer.normalize("Schindler’s List") == TitleNormalizer.normalize("Schindler's List"))
    }
}
