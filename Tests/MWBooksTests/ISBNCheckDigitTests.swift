import Testing
@testable import MWBooks

@Suite("ISBN check digits")
struct ISBNCheckDigitTests {
    /// Known-good ISBNs from printed books.
    static let good10 = ["0306406152", "0060853980", "080442957X", "0465042333"]
    static let good13 = ["9780306406157", "9780060853983", "9780465042333", "9780441172719"]

    @Test func knownISBNsPass() {
        for s in Self.good10 { #expect(ISBN.isValid10(s), "\(s)") }
        for s in Self.good13 { #expect(ISBN.isValid13(s), "\(s)") }
        #expect(ISBN.isValid10("080442957x"))
    }

    @Test("changing any one digit breaks the check", arguments: good10 + good13)
    func everySingleDigitChangeIsCaught(_ isbn: String) {
        let chars = Array(isbn)
        for i in chars.indices where chars[i].isNumber {
            for d in "0123456789" where d != chars[i] {
                var c = chars
                c[i] = d
                let s = String(c)
                #expect(!(isbn.count == 10 ? ISBN.isValid10(s) : ISBN.isValid13(s)), "\(s) passed")
            }
        }
    }

    @Test func wrongShapesFail() {
        for s in ["", "030640615", "03064061522", "X306406152", "978030640615", "97803064061570", "978030640615X", "978-0306406157"] {
            #expect(!ISBN.isValid10(s) && !ISBN.isValid13(s), "\(s)")
        }
    }

    @Test("the validator ignores hyphens and spaces and names the value of a bad ISBN")
    func validatorMessage() {
        #expect(BookValidator.isbnProblem("978-0-306-40615-7") == nil)
        #expect(BookValidator.isbnProblem("0 306 40615 2") == nil)
        var lib = BookStoreFixtures.library()
        lib.editions[1].isbns = ["9780060883288"]
        let d = BookValidator.validate(lib)
        #expect(d.count == 1 && d[0].severity == .warning && d[0].message.contains("9780060883288") && d[0].pointer == "/editions/1/isbns/0")
    }
}
