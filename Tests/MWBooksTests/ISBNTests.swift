import Foundation
import MWTestSupport
import PropertyBased
import Testing
@testable import MWBooks

@Suite("ISBN")
struct ISBNTests {
    @Test("wrappers, hyphens, spaces and prefixes are removed; what is left must be ISBN-shaped")
    func normalize() {
        #expect(ISBN.normalize("=\"0465042333\"") == "0465042333")
        #expect(ISBN.normalize("[1578660289]") == "1578660289")
        #expect(ISBN.normalize("978-0-465-04233-3") == "9780465042333")
        #expect(ISBN.normalize("ISBN 0 8044 2957 x") == "080442957X")
        #expect(ISBN.normalize("ISBN-13: 978-0306406157") == "9780306406157")
        #expect(ISBN.normalize("=\"\"") == nil)
        #expect(ISBN.normalize("B0084FWN26") == nil, "an ASIN is not an ISBN")
        #expect(ISBN.normalize("12345") == nil)
        #expect(ISBN.normalize("97803064061570") == nil, "14 digits")
        #expect(ISBN.normalize("X123456789") == nil, "X only in the last place")
    }

    @Test("check digits of known ISBNs; one changed digit is caught")
    func checkDigits() {
        #expect(ISBN.isValid10("0306406152"))
        #expect(ISBN.isValid10("080442957X"))
        #expect(!ISBN.isValid10("0306406153"))
        #expect(ISBN.isValid13("9780306406157"))
        #expect(!ISBN.isValid13("9780306406158"))
        #expect(!ISBN.isValid13("978030640615X"))
        #expect(ISBN.toISBN13("0306406152") == "9780306406157")
        #expect(ISBN.toISBN13("0306406153") == nil, "a wrong check digit is not converted")
        #expect(ISBN.toISBN10("9790306406156") == nil, "979 ISBNs have no ISBN-10")
        #expect(ISBN.matchKey("=\"0306406152\"") == ISBN.matchKey("978-0-306-40615-7"))
    }

    static func tenDigits(_ seed: UInt64) -> String {
        var x = seed, s = ""
        for _ in 0..<9 { s += String(x % 10); x /= 10 }
        var sum = 0
        for (i, c) in s.enumerated() { sum += (10 - i) * Int(String(c))! }
        let c = (11 - sum % 11) % 11
        return s + (c == 10 ? "X" : String(c))
    }

    @Test("ISBN-10 → 13 → 10 gives the same ISBN, and both are valid")
    func conversionRoundTrip() async {
        await seededCheck(count: 500, seed: 0x5EED_2902, input: Gen.uint64(in: 0...999_999_999)) { seed in
            let ten = Self.tenDigits(seed)
            #expect(ISBN.isValid10(ten))
            let thirteen = ISBN.toISBN13(ten)
            #expect(thirteen.map(ISBN.isValid13) == true, "\(ten)")
            #expect(thirteen.flatMap(ISBN.toISBN10) == ten)
        }
    }

    @Test("changing one digit of a valid ISBN always breaks its check digit")
    func singleDigitErrorsAreCaught() async {
        await seededCheck(count: 300, seed: 0x5EED_2903, input: Gen.uint64(in: 0...999_999_999), Gen.int(in: 0...8), Gen.int(in: 1...9)) { seed, pos, delta in
            let ten = Self.tenDigits(seed)
            var chars = Array(ten)
            chars[pos] = Character(String((Int(String(chars[pos]))! + delta) % 10))
            #expect(!ISBN.isValid10(String(chars)), "\(ten) → \(String(chars))")
            let thirteen = ISBN.toISBN13(ten)!
            var c13 = Array(thirteen)
            c13[pos + 3] = Character(String((Int(String(c13[pos + 3]))! + delta) % 10))
            #expect(!ISBN.isValid13(String(c13)), "\(thirteen) → \(String(c13))")
        }
    }

    @Test("normalising is idempotent, whatever the hyphens, spaces and wrappers")
    func normalizeIdempotent() async {
        let wrappers = [("", ""), ("=\"", "\""), ("[", "]"), ("ISBN ", ""), ("ISBN-13: ", "")]
        await seededCheck(count: 500, seed: 0x5EED_2904, input: Gen.uint64(in: 0...999_999_999), Gen.int(in: 0...4), Gen.uint64(in: 0...UInt64.max), Gen.bool) { seed, w, cuts, thirteen in
            let isbn = thirteen ? ISBN.toISBN13(Self.tenDigits(seed))! : Self.tenDigits(seed)
            var dressed = ""
            for (i, c) in isbn.enumerated() {
                dressed.append(c)
                switch (cuts >> (UInt64(i) * 2)) & 3 { case 1: dressed += "-"; case 2: dressed += " "; default: break }
            }
            let raw = wrappers[w].0 + dressed + wrappers[w].1
            let once = ISBN.normalize(raw)
            #expect(once == isbn, "\(raw)")
            #expect(once.flatMap(ISBN.normalize) == once)
        }
    }
}

/// The ASCII fast path of `ISBN.normalize` against the Unicode path, on random values over
/// the characters that steer it (digits, `X`/`x`, wrappers, `=`, `ISBN` prefixes, separators,
/// blanks and line breaks).
@Suite struct ISBNNormalizeFastPathTests {
    static let pieces = ["0", "1", "3", "9", "7", "8", "5", "X", "x", "-", " ", "\t", "\r\n", "\n", "=", "\"", "[", "]", "'",
                         "ISBN", "isbn", "ISBN-13", "ISBN-10", "ISBN13", "ISBN10", ":", "B", "0465042333", "978-0-306-40615-7"]

    @Test func asciiPathAgreesWithUnicodePath() async {
        await seededCheck(count: 3_000, seed: 0x5EED_2905, input: joined(Self.pieces, upTo: 12)) { value in
            var bytes = value
            let fast = bytes.withUTF8 { ISBN.normalizeASCII($0) }
            #expect(fast.ascii)
            #expect(fast.value == ISBN.normalizeUnicode(value), "\(value.debugDescription)")
        }
    }

    @Test func nonASCIIValuesTakeTheUnicodePath() {
        var v = "978\u{2010}0306406157"
        #expect(v.withUTF8 { ISBN.normalizeASCII($0) }.ascii == false)
        #expect(ISBN.normalize(v) == "9780306406157")
    }
}

/// The byte-level `<br>` replacement of Goodreads reviews against the regular expression it
/// stands for, on random texts over the characters that steer it.
@Suite struct ReviewLineBreakTests {
    static let pieces = ["<", ">", "/", "b", "B", "r", "R", " ", "\t", "\n", "x", "<br/>", "<BR />", "<br>", "<br  /", "é", "\u{00A0}"]

    @Test func bytePathAgreesWithTheRegularExpression() async {
        await seededCheck(count: 2_000, seed: 0x5EED_2906, input: joined(Self.pieces, upTo: 14)) { text in
            let regex = text.replacingOccurrences(of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
            if let fast = BookValues.replacingLineBreakTags(text) {
                #expect(fast == regex, "\(text.debugDescription)")
            }
            #expect(BookValues.reviewText(text) == BookValues.text(regex), "\(text.debugDescription)")
        }
    }
}

/// The byte path of `BookValues.unwrapped` (ASCII values) against its Character path.
@Suite struct UnwrappedFastPathTests {
    static let pieces = ["=", "\"", "[", "]", " ", "0", "9", "X", "(blank)", "\t", ","]

    @Test func bytePathAgreesWithCharacterPath() async {
        await seededCheck(count: 2_000, seed: 0x5EED_2907, input: joined(Self.pieces, upTo: 10)) { value in
            #expect(BookValues.unwrapped(value) == BookValues.unwrappedCharacters(value), "\(value.debugDescription)")
        }
    }
}

/// Strings of up to `count` pieces drawn from `pieces` (the generator the fast-path tests share).
func joined(_ pieces: [String], upTo count: Int) -> Generator<String, some SendableSequenceType> {
    Gen.int(in: 0...(pieces.count - 1)).array(of: 0...count).map { $0.map { pieces[$0] }.joined() }
}
