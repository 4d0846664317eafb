import Foundation
import MWFoundation

/// Reading single values the way the book exports write them.
enum BookValues {
    /// The value trimmed, nil when empty or a placeholder (`(blank)` in LibraryThing's TSV).
    static func text(_ s: String?) -> String? {
        guard let t = s?.trimmedBlanks(), !t.isEmpty, t != "(blank)" else { return nil }
        return t
    }

    /// What is inside Goodreads' `="…"` and LibraryThing's `[…]` wrappers, trimmed; nil when
    /// nothing is (`=""`, `[]`).
    static func unwrapped(_ s: String?) -> String? {
        guard let t = text(s) else { return nil }
        if t.utf8.allSatisfy({ $0 < 0x80 }) {
            // The same steps on the bytes of an ASCII value (every ISBN field in practice).
            let u = Array(t.utf8)
            var lo = 0, hi = u.count
            if lo < hi && u[lo] == UInt8(ascii: "=") { lo += 1 }
            while hi - lo >= 2, (u[lo] == 0x22 && u[hi - 1] == 0x22) || (u[lo] == UInt8(ascii: "[") && u[hi - 1] == UInt8(ascii: "]")) {
                lo += 1; hi -= 1
            }
            return lo == 0 && hi == u.count ? t : text(String(decoding: u[lo..<hi], as: UTF8.self))
        }
        return unwrappedCharacters(t)
    }

    /// ``unwrapped(_:)`` on Characters (any text; a property test holds the byte path equal).
    static func unwrappedCharacters(_ value: String) -> String? {
        guard var t = text(value) else { return nil }
        if t.hasPrefix("=") { t.removeFirst() }
        while t.count >= 2, (t.first == "\"" && t.last == "\"") || (t.first == "[" && t.last == "]") {
            t = String(t.dropFirst().dropLast())
        }
        return text(t)
    }

    /// Splits `s` at `separator`, trims, drops empties; order kept, duplicates removed.
    static func list(_ s: String?, separator: Character) -> [String] {
        guard let t = text(s) else { return [] }
        var out: [String] = []
        out.appendUnique(t.split(separator: separator).lazy.map { $0.trimmedBlanks(newlines: false) }.filter { !$0.isEmpty })
        return out
    }

    /// Names separated by commas (`Ann Lee, Bo Chen`), as Goodreads' additional authors and
    /// StoryGraph's authors are written; a suffix after a comma stays with its name (`Martin
    /// Luther King, Jr.`, `Jr. (Foreword)` too), so it never becomes an author of its own.
    static func names(_ s: String?) -> [String] {
        var unique: [String] = []
        unique.appendUnique(nameList(s))
        return unique
    }

    /// ``names(_:)`` as written, a name given twice kept twice (Goodreads' credit list).
    static func nameList(_ s: String?) -> [String] {
        // Split without de-duplicating: two names may share a suffix (`A, Jr., B, Jr.`).
        guard let t = text(s) else { return [] }
        var out: [String] = []
        for part in t.split(separator: ",").lazy.map({ $0.trimmedBlanks(newlines: false) }) where !part.isEmpty {
            let base = part.range(of: " (").map { String(part[..<$0.lowerBound]) } ?? part
            if let last = out.last, nameSuffixes.contains(base.lowercased()) {
                out[out.count - 1] = last + ", " + part
            } else {
                out.append(part)
            }
        }
        return out
    }

    /// Generational and degree suffixes written after a comma in names.
    static let nameSuffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "ph.d.", "md", "m.d.", "esq", "esq."]

    /// `Last, First` → `First Last` when the name has exactly one comma, `Last, First,
    /// Suffix` → `First Last, Suffix` (`King, Martin Luther, Jr.`); else as written.
    static func firstLast(_ name: String) -> String {
        var parts = name.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 3, nameSuffixes.contains(parts[2].trimmedBlanks(newlines: false).lowercased()) {
            let suffix = parts.removeLast().trimmedBlanks(newlines: false)
            return firstLast(parts.joined(separator: ",")) + ", " + suffix
        }
        guard parts.count == 2 else { return name.trimmedBlanks(newlines: false) }
        let last = parts[0].trimmedBlanks(newlines: false), first = parts[1].trimmedBlanks(newlines: false)
        if first.isEmpty { return last }
        if last.isEmpty { return first }
        return first + " " + last
    }

    /// A title in sort form, its leading article moved behind a comma (`Great Turning, The`),
    /// in display form (`The Great Turning`); any other title as it is. Articles of the
    /// languages book exports come in: English, German, French, Spanish, Italian, Portuguese,
    /// Dutch, Scandinavian.
    static func displayTitle(_ title: String) -> String {
        guard let comma = title.range(of: ", ", options: .backwards) else { return title }
        let article = String(title[comma.upperBound...])
        let rest = title[..<comma.lowerBound]
        guard !rest.isEmpty, sortArticles.contains(article) else { return title }
        return article.hasSuffix("'") ? article + rest : article + " " + rest
    }

    /// Leading articles as a sort form writes them after the title, case as written.
    static let sortArticles: Set<String> = [
        "The", "A", "An", "Der", "Die", "Das", "Ein", "Eine", "Le", "La", "Les", "L'", "Un", "Une", "El", "Los", "Las",
        "Il", "Lo", "Gli", "Uno", "Una", "Os", "As", "Um", "Uma", "De", "Het", "Een", "Den", "Det", "Et", "En",
    ]

    /// Review text with HTML line breaks (`<br/>`, `<br />`, `<br>`) as newlines; other markup kept.
    static func reviewText(_ s: String?) -> String? {
        guard let t = text(s) else { return nil }
        guard t.utf8.contains(UInt8(ascii: "<")) else { return t }
        return text(replacingLineBreakTags(t) ?? t.replacingOccurrences(of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive]))
    }

    /// `<br\s*/?>` (any case) → newline on the bytes, as the regular expression does (ICU's
    /// `\s` on ASCII: tab, LF, FF, CR, space); nil, for the regular expression to decide, when
    /// a non-ASCII byte follows `<br` (ICU's `\s` also takes Unicode spaces). Long reviews are
    /// full of `<br />`, and a regular expression per review was a tenth of a Goodreads read.
    static func replacingLineBreakTags(_ t: String) -> String? {
        let u = Array(t.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(u.count)
        var i = 0
        while i < u.count {
            let c = u[i]
            if c == UInt8(ascii: "<"), i + 2 < u.count, u[i + 1] | 0x20 == UInt8(ascii: "b"), u[i + 2] | 0x20 == UInt8(ascii: "r") {
                var j = i + 3
                while j < u.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(u[j]) { j += 1 }
                if j < u.count, u[j] >= 0x80 { return nil }
                if j < u.count, u[j] == UInt8(ascii: "/") { j += 1 }
                if j < u.count, u[j] == UInt8(ascii: ">") {
                    out.append(0x0A)
                    i = j + 1
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Notes joined with a blank line, empties left out; nil when none.
    static func joinNotes(_ parts: [String?]) -> String? {
        let p = parts.compactMap { $0 }
        return p.isEmpty ? nil : p.joined(separator: "\n\n")
    }

    /// A whole number ≥ 0 (`128 `, `1,552`); nil when absent; `.failure` when unreadable.
    static func count(_ s: String?) -> Result<Int, Bad>? {
        guard let t = text(s) else { return nil }
        let value = t.utf8.contains(UInt8(ascii: ",")) ? Int(String(decoding: t.utf8.filter { $0 != UInt8(ascii: ",") }, as: UTF8.self)) : Int(t)
        guard let n = value, n >= 0 else { return .failure(Bad(t)) }
        return .success(n)
    }

    /// A year (1–2999); with `beforeCommonEra`, also −9999…−1, as Goodreads writes the
    /// original publication of ancient works (`-600`: 600 BC). Nil when absent; `.failure`
    /// when not a year.
    static func year(_ s: String?, beforeCommonEra: Bool = false) -> Result<Int, Bad>? {
        guard let t = text(s) else { return nil }
        guard let y = Int(t), (1...2999).contains(y) || (beforeCommonEra && (-9999...(-1)).contains(y)) else { return .failure(Bad(t)) }
        return .success(y)
    }

    /// A date as the book exports write it: `2020/05/20`, `2010-11-27`, an ISO instant,
    /// LibraryThing's `[2007-04-16]` or its older `Sep 3, 2006`. Nil when absent; `.failure` when unreadable.
    /// A day without a time becomes its 11:00 UTC instant, the films' rule (``DayDate/instant(ofDay:)``,
    /// docs/FORMAT.md#days): the model's entry dates are instants, and that one shows the same
    /// calendar day from UTC−11 to UTC+12.
    static func date(_ s: String?) -> Result<Date, Bad>? {
        // LibraryThing writes dates in brackets (`[2007-04-16]`), as it writes ISBNs.
        guard let t = unwrapped(s) else { return nil }
        if let d = ForeignDate.parse(t) { return .success(d.precision == .day ? DayDate.instant(ofDay: d.date) : d.date) }
        if let d = monthDayYear(t) { return .success(DayDate.instant(ofDay: d)) }
        return .failure(Bad(t))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Sep 3, 2006` / `September 3, 2006`.
    static func monthDayYear(_ t: String) -> Date? {
        let p = t.replacingOccurrences(of: ",", with: " ").split(separator: " ")
        guard p.count == 3, let m = months.firstIndex(of: String(p[0].prefix(3)).lowercased()),
              let d = Int(p[1]), let y = Int(p[2]), (1...9999).contains(y), d >= 1, d <= DateCoding.daysIn(month: m + 1, year: y)
        else { return nil }
        return Date(timeIntervalSince1970: Double(DateCoding.daysFromCivil(y, m + 1, d) * 86_400))
    }

    /// A star rating on 0–5 (`4`, `4.5`, `4.0`, and StoryGraph's quarter stars `3.75`), kept as
    /// written: the model's rating is a Double, and a step we did not expect is still the user's
    /// rating. 0 means unrated (nil). `.failure` for anything off that scale.
    static func stars(_ s: String?) -> Result<Double, Bad>? {
        guard let t = text(s) else { return nil }
        guard let v = Double(t), v.isFinite, v >= 0, v <= 5 else { return .failure(Bad(t)) }
        return v == 0 ? nil : .success(v)
    }

    /// The edition format a binding or media name means; nil when unknown.
    static func format(_ s: String?) -> EditionFormat? {
        guard let lower = text(s)?.lowercased() else { return nil }
        // Plain byte search: the names are ASCII, and Foundation's `contains` (a locale-aware
        // range search) was 4% of a Goodreads read.
        let hay = Array(lower.utf8)
        let t = lower
        func has(_ needle: StaticString) -> Bool {
            let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
            guard n.count <= hay.count else { return false }
            for i in 0...(hay.count - n.count) where hay[i] == n[0] {
                var j = 1
                while j < n.count && hay[i + j] == n[j] { j += 1 }
                if j == n.count { return true }
            }
            return false
        }
        if has("mass market") { return .massMarket }
        if has("audio") || has("mp3") || has("audible") { return .audiobook }
        if has("kindle") || has("ebook") || has("e-book") || has("nook") || t == "digital" || has("epub") {
            return .ebook
        }
        if has("hardcover") || has("hardback") || has("leather") || has("library binding") || has("board book") {
            return .hardcover
        }
        if has("paperback") || has("softcover") || has("flexibound") || has("paper book") || t == "paper" {
            return .paperback
        }
        return nil
    }

    /// An unreadable value, as written.
    struct Bad: Error { var value: String; init(_ v: String) { value = v } }
}
