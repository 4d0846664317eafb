import PropertyBased
import Testing
@testable import MWImport

/// The ASCII fast path of `TitleNormalizer.normalize` must agree with the Unicode path on
/// every ASCII title: random strings over the characters that steer the folding (letters of
/// both cases, digits, `&`, apostrophes, punctuation, blanks and line breaks).
@Suite struct TitleNormalizerPropertyTests {
    static let alphabet = Array("aZm09 &'`-/.:,()#!\t\r\n\u{7F}\u{01}")

    @Test func asciiPathAgreesWithUnicodePath() async {
        await propertyCheck(count: 2_000, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 0...40)) { seed, length in
            var state = seed
            var title = ""
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                title.append(Self.alphabet[Int(state >> 33) % Self.alphabet.count])
            }
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
