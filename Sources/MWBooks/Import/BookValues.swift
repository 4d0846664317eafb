import Foundation
import MWFoundation
import MWImport

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
        guard var t = text(s) else { return nil }
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
        for part in t.split(separator: separator) {
            let v = part.trimmedBlanks(newlines: false)
            if !v.isEmpty && !out.contains(v) { out.append(v) }
        }
        return out
    }

    /// `Last, First` → `First Last` when the name has exactly one comma; else as written.
    static func firstLast(_ name: String) -> String {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return name.trimmedBlanks(newlines: false) }
        let last = parts[0].trimmedBlanks(newlines: false), first = parts[1].trimmedBlanks(newlines: false)
        if first.isEmpty { return last }
        if last.isEmpty { return first }
        return first + " " + last
    }

    /// Review text with HTML line breaks (`<br/>`, `<br />`, `<br>`) as newlines; other markup kept.
    static func reviewText(_ s: String?) -> String? {
        guard let t = text(s) else { return nil }
        guard t.contains("<") else { return t }
        let out = t.replacingOccurrences(of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        return text(out)
    }

    /// Notes joined with a blank line, empties left out; nil when none.
    static func joinNotes(_ parts: [String?]) -> String? {
        let p = parts.compactMap { $0 }
        return p.isEmpty ? nil : p.joined(separator: "\n\n")
    }

    /// A whole number ≥ 0 (`128 `, `1,552`); nil when absent; `.failure` when unreadable.
    static func count(_ s: String?) -> Result<Int, Bad>? {
        guard let t = text(s) else { return nil }
        let digits = t.replacingOccurrences(of: ",", with: "")
        guard let n = Int(digits), n >= 0 else { return .failure(Bad(t)) }
        return .success(n)
    }

    /// A year (1–2999); nil when absent; `.failure` when not a year.
    static func year(_ s: String?) -> Result<Int, Bad>? {
        guard let t = text(s) else { return nil }
        guard let y = Int(t), (1...2999).contains(y) else { return .failure(Bad(t)) }
        return .success(y)
    }

    /// A date as the book exports write it: `2020/05/20`, `2010-11-27`, an ISO instant, or
    /// LibraryThing's older `Sep 3, 2006`. Nil when absent; `.failure` when unreadable.
    static func date(_ s: String?) -> Result<Date, Bad>? {
        guard let t = text(s) else { return nil }
        if let d = ForeignDate.parse(t) { return .success(d.date) }
        if let d = monthDayYear(t) { return .success(d) }
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

    /// A star rating on 0–5 in halves (`4`, `4.5`, `4.0`); 0 means unrated (nil). `.failure`
    /// for anything off that scale.
    static func stars(_ s: String?) -> Result<Double, Bad>? {
        guard let t = text(s) else { return nil }
        guard let v = Double(t), v >= 0, v <= 5, (v * 2).rounded() == v * 2 else { return .failure(Bad(t)) }
        return v == 0 ? nil : .success(v)
    }

    /// The edition format a binding or media name means; nil when unknown.
    static func format(_ s: String?) -> EditionFormat? {
        guard let t = text(s)?.lowercased() else { return nil }
        if t.contains("mass market") { return .massMarket }
        if t.contains("audio") || t.contains("mp3") || t.contains("audible") { return .audiobook }
        if t.contains("kindle") || t.contains("ebook") || t.contains("e-book") || t.contains("nook") || t == "digital" || t.contains("epub") {
            return .ebook
        }
        if t.contains("hardcover") || t.contains("hardback") || t.contains("leather") || t.contains("library binding") || t.contains("board book") {
            return .hardcover
        }
        if t.contains("paperback") || t.contains("softcover") || t.contains("flexibound") || t.contains("paper book") || t == "paper" {
            return .paperback
        }
        return nil
    }

    /// An unreadable value, as written.
    struct Bad: Error { var value: String; init(_ v: String) { value = v } }
}
