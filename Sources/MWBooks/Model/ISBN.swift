import MWFoundation

/// ISBN shape, check digits and ISBN-10 → ISBN-13 conversion: the one copy the importers
/// (matching) and the validator (check-digit warnings) share.
///
/// Exports write ISBNs many ways — `="0465042333"` (Goodreads), `[1578660289]` (LibraryThing),
/// `978-0-465-04233-3`, `ISBN 0 465 04233 3`, a lowercase `x` — so everything starts with
/// ``normalize(_:)``; nothing here guesses a digit or accepts a wrong check digit as valid.
public enum ISBN {
    /// The bare ISBN in `raw`: wrappers (`="…"`, `[…]`, quotes), an `ISBN`/`ISBN-13:` prefix,
    /// hyphens and spaces removed, a final `x` upper-cased. Nil unless what is left is 10
    /// characters (9 digits then a digit or `X`) or 13 digits. Check digits are not checked
    /// (see ``isValid10(_:)``, ``isValid13(_:)``), so a mistyped ISBN is still kept as written.
    public static func normalize(_ raw: String) -> String? {
        var raw = raw
        let fast = raw.withUTF8 { normalizeASCII($0) }
        return fast.ascii ? fast.value : normalizeUnicode(raw)
    }

    /// ``normalize(_:)`` on the bytes of an all-ASCII value (nearly every ISBN field), with
    /// the same result as the Unicode path (a property test holds them equal): a 50,000-row
    /// import spent 13% of its time in the Character walk. `ascii` is false, and nothing
    /// decided, when a byte is not ASCII.
    static func normalizeASCII(_ u: UnsafeBufferPointer<UInt8>) -> (ascii: Bool, value: String?) {
        for c in u where c >= 0x80 { return (false, nil) }
        func blank(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        func upper(_ c: UInt8) -> UInt8 { c >= 0x61 && c <= 0x7A ? c - 0x20 : c }
        var lo = 0, hi = u.count
        while lo < hi && blank(u[lo]) { lo += 1 }
        while hi > lo && blank(u[hi - 1]) { hi -= 1 }
        if lo < hi && u[lo] == UInt8(ascii: "=") { lo += 1 }
        while hi - lo >= 2 {
            let f = u[lo], l = u[hi - 1]
            guard (f == 0x22 && l == 0x22) || (f == UInt8(ascii: "[") && l == UInt8(ascii: "]")) || (f == 0x27 && l == 0x27) else { break }
            lo += 1; hi -= 1
        }
        if hi - lo >= 4 && upper(u[lo]) == UInt8(ascii: "I") && upper(u[lo + 1]) == UInt8(ascii: "S")
            && upper(u[lo + 2]) == UInt8(ascii: "B") && upper(u[lo + 3]) == UInt8(ascii: "N") {
            lo += 4
            let one = UInt8(ascii: "1")
            func tenOr13(_ i: Int) -> Bool { u[i] == one && (u[i + 1] == UInt8(ascii: "3") || u[i + 1] == UInt8(ascii: "0")) }
            if hi - lo >= 3 && u[lo] == UInt8(ascii: "-") && tenOr13(lo + 1) {
                lo += 3
            } else if hi - lo >= 3 && tenOr13(lo) && (u[lo + 2] == UInt8(ascii: ":") || u[lo + 2] == 0x20) {
                lo += 2
            }
            if lo < hi && u[lo] == UInt8(ascii: ":") { lo += 1 }
        }
        // Two passes over the bytes, no buffer: the first checks what is kept (at most 13
        // digits, an `X` only as an ISBN-10's check digit), the second writes it. (A buffer
        // from withUnsafeTemporaryAllocation cost its generic metadata every call: 16,000
        // instructions an ISBN, issue 29.)
        func kept(_ c: UInt8) -> Bool { c != UInt8(ascii: "-") && c != 0x20 }
        let x = UInt8(ascii: "X")
        var n = 0, firstX = -1
        for i in lo..<max(lo, hi) {
            let c = upper(u[i])
            guard kept(c) else { continue }
            guard (c >= 0x30 && c <= 0x39) || c == x else { return (true, nil) }
            if c == x && firstX < 0 { firstX = n }
            n += 1
            if n > 13 { return (true, nil) }
        }
        switch n {
        case 10 where firstX < 0 || firstX == 9, 13 where firstX < 0: break
        default: return (true, nil)
        }
        let value = String(unsafeUninitializedCapacity: n) { out in
            var k = 0
            for i in lo..<max(lo, hi) where kept(upper(u[i])) {
                out[k] = upper(u[i])
                k += 1
            }
            return k
        }
        return (true, value)
    }

    /// The ISBN-10 a spreadsheet made of one by reading it as a number: `306406152` for
    /// `0306406152` (one or two leading zeros lost). Restored only when `raw` is 8 or 9 digits
    /// (after the wrappers ``normalize(_:)`` removes) and the zero-padded form passes the
    /// ISBN-10 check digit; nil otherwise, so no digit is ever guessed.
    public static func restoringLeadingZeros(_ raw: String) -> String? {
        var digits = ""
        for u in raw.utf8 {
            if u >= 0x30 && u <= 0x39 { digits.append(Character(Unicode.Scalar(u))); continue }
            // Only the wrappers and blanks an export puts around a number.
            guard u == UInt8(ascii: "=") || u == 0x22 || u == 0x27 || u == UInt8(ascii: "[") || u == UInt8(ascii: "]") || u == 0x20 || u == 0x09 else { return nil }
        }
        guard (8...9).contains(digits.count) else { return nil }
        let ten = String(repeating: "0", count: 10 - digits.count) + digits
        return isValid10(ten) ? ten : nil
    }

    /// ``normalize(_:)`` for any value.
    static func normalizeUnicode(_ raw: String) -> String? {
        var s = Substring(raw.trimmedBlanks())
        // Goodreads writes `="0465042333"`; a CSV reader already removed the outer quotes.
        if s.hasPrefix("=") { s = s.dropFirst() }
        while let f = s.first, let l = s.last, s.count >= 2,
              (f == "\"" && l == "\"") || (f == "[" && l == "]") || (f == "'" && l == "'") {
            s = s.dropFirst().dropLast()
        }
        let upper = s.uppercased()
        var body = Substring(upper)
        if body.hasPrefix("ISBN") {
            body = body.dropFirst(4)
            if body.hasPrefix("-13") || body.hasPrefix("-10") { body = body.dropFirst(3) }
            else if body.hasPrefix("13") || body.hasPrefix("10") {
                // `ISBN13: …` but not `ISBN 1…`: only when a separator follows the 13/10.
                let rest = body.dropFirst(2)
                if let c = rest.first, c == ":" || c == " " { body = rest }
            }
            if body.first == ":" { body = body.dropFirst() }
        }
        var out = ""
        out.reserveCapacity(13)
        for ch in body {
            if ch == "-" || ch == " " || ch == "\u{2010}" || ch == "\u{2011}" || ch == "\u{00A0}" { continue }
            guard ch.isASCII, ch.isNumber || ch == "X" else { return nil }
            out.append(ch)
            if out.count > 13 { return nil }
        }
        switch out.count {
        case 10:
            return out.dropLast().allSatisfy(\.isNumber) ? out : nil
        case 13:
            return out.allSatisfy(\.isNumber) ? out : nil
        default:
            return nil
        }
    }

    /// Whether `isbn` (already normalised) is an ISBN-10 whose check digit is right:
    /// Σ (10 − i) · dᵢ ≡ 0 (mod 11), `X` = 10 in the last place only.
    public static func isValid10(_ isbn: String) -> Bool {
        let chars = isbn.utf8
        guard chars.count == 10 else { return false }
        // Counted by hand: `enumerated()` ran unspecialised here (issue 29), as in the others.
        var sum = 0, i = 0
        for c in chars {
            let v: Int
            if c >= 0x30 && c <= 0x39 { v = Int(c - 0x30) } else if (c == 0x58 || c == 0x78) && i == 9 { v = 10 } else { return false }
            sum += (10 - i) * v
            i += 1
        }
        return sum % 11 == 0
    }

    /// Whether `isbn` (already normalised) is an ISBN-13 whose check digit is right:
    /// weights 1, 3, 1, 3, … sum to a multiple of 10.
    public static func isValid13(_ isbn: String) -> Bool {
        let chars = isbn.utf8
        guard chars.count == 13 else { return false }
        var sum = 0, i = 0
        for c in chars {
            guard c >= 0x30 && c <= 0x39 else { return false }
            sum += Int(c - 0x30) * (i % 2 == 0 ? 1 : 3)
            i += 1
        }
        return sum % 10 == 0
    }

    /// Whether `isbn` is a valid ISBN-10 or ISBN-13 (already normalised).
    public static func isValid(_ isbn: String) -> Bool { isValid10(isbn) || isValid13(isbn) }

    /// The ISBN-13 of a valid ISBN-10 (`978` + its first nine digits + a new check digit); a
    /// valid ISBN-13 unchanged; nil for anything else — an invalid ISBN-10 is not converted,
    /// since the new check digit would hide the mistake.
    public static func toISBN13(_ isbn: String) -> String? {
        if isValid13(isbn) { return isbn }
        guard isValid10(isbn) else { return nil }
        let body = "978" + isbn.prefix(9)
        return body + String(check13(body))
    }

    /// The ISBN-10 of a valid `978` ISBN-13 (`979` ones have none); a valid ISBN-10 unchanged.
    public static func toISBN10(_ isbn: String) -> String? {
        if isValid10(isbn) { return isbn.uppercased() }
        guard isValid13(isbn), isbn.hasPrefix("978") else { return nil }
        let body = isbn.dropFirst(3).prefix(9)
        var sum = 0, i = 0
        for c in body.utf8 {
            sum += (10 - i) * Int(c - 0x30)
            i += 1
        }
        let check = (11 - sum % 11) % 11
        return String(body) + (check == 10 ? "X" : String(check))
    }

    /// The key two ISBNs of one edition share: the ISBN-13 when the value is valid (an ISBN-10
    /// converted), else the normalised value as written; nil when `raw` is not ISBN-shaped.
    public static func matchKey(_ raw: String) -> String? {
        guard let n = normalize(raw) else { return nil }
        return toISBN13(n) ?? n
    }

    /// The match keys of `values`, in their order, each once; values that are not
    /// ISBN-shaped are left out.
    public static func matchKeys<S: Sequence<String>>(_ values: S) -> [String] {
        var out: [String] = []
        out.appendUnique(values.lazy.compactMap(matchKey))
        return out
    }

    /// The ISBN-13 check digit for twelve digits.
    static func check13(_ twelve: String) -> Int {
        var sum = 0, i = 0
        for c in twelve.utf8 {
            sum += Int(c - 0x30) * (i % 2 == 0 ? 1 : 3)
            i += 1
        }
        return (10 - sum % 10) % 10
    }
}
