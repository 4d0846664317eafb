import Foundation

/// Titles folded for comparison. Two exports (or an export and TMDb) spell one title
/// differently — `Amélie` / `Amelie`, `Face/Off` / `Face Off`, `Fast & Furious` /
/// `Fast and Furious`, `The Matrix` / `Matrix` — and the matcher must see them as one without
/// seeing two different titles as one, so the folding is in steps, each reported as a
/// ``TitleMatch`` level that scores lower than the one before.
public enum TitleNormalizer {
    /// Lower case, diacritics and width folded, `&` → `and`, every run of characters other than
    /// letters and digits → one space, trimmed. Nothing is dropped: `The Matrix` stays
    /// `the matrix`. This form names titles in keys (dedup, review rows).
    public static func normalize(_ title: String) -> String {
        if let ascii = normalizeASCII(title) { return ascii }
        return normalizeUnicode(title)
    }

    /// ``normalize(_:)`` for a title that is all ASCII (most are), on its bytes: the same
    /// result as the Unicode path (a property test holds them equal), without Foundation's
    /// folding and a Character walk — the import of 50,000 book rows spent 15% of its time
    /// there. Nil when the title holds any non-ASCII byte.
    static func normalizeASCII(_ title: String) -> String? {
        var title = title
        return title.withUTF8 { u -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(u.count + 8)
            var pendingSpace = false
            for c in u {
                if c >= 0x80 { return nil }
                if c == UInt8(ascii: "&") {
                    if !out.isEmpty { out.append(0x20) }
                    out.append(contentsOf: [0x61, 0x6E, 0x64]) // "and"
                    pendingSpace = true
                } else if c == UInt8(ascii: "'") || c == UInt8(ascii: "`") {
                    continue
                } else if (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) {
                    if pendingSpace && !out.isEmpty { out.append(0x20) }
                    pendingSpace = false
                    out.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
                } else {
                    pendingSpace = true
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// ``normalize(_:)`` for any title.
    static func normalizeUnicode(_ title: String) -> String {
        let folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var out = ""
        out.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for ch in folded {
            if ch == "&" {
                out += out.isEmpty ? "and" : " and"
                pendingSpace = true
                continue
            }
            // Apostrophes join (`Schindler's` = `Schindlers`) rather than split, so a possessive
            // does not turn into a separate `s` word.
            if ch == "'" || ch == "’" || ch == "`" { continue }
            if ch.isLetter || ch.isNumber {
                if pendingSpace && !out.isEmpty { out += " " }
                pendingSpace = false
                out.append(ch)
            } else {
                pendingSpace = true
            }
        }
        return out
    }

    /// English leading articles: stripping them is safe enough to auto-accept on.
    static let englishArticles: Set<Substring> = ["the", "a", "an"]
    /// Common leading articles of other languages. Some are also ordinary words (`Die Hard`,
    /// `La La Land`), so a match that needed one of these stripped is never auto-accepted.
    static let otherArticles: Set<Substring> = ["le", "la", "les", "l", "el", "los", "las", "der", "die", "das",
                                                "il", "lo", "gli", "un", "une", "una", "uno", "ein", "eine"]

    /// `normalize(title)` without a leading article from `articles` (unchanged when the
    /// article is the whole title: `A` stays `a`).
    static func strippingArticle(_ normalized: String, _ articles: Set<Substring>) -> String {
        guard let space = normalized.firstIndex(of: " ") else { return normalized }
        return articles.contains(normalized[..<space]) ? String(normalized[normalized.index(after: space)...]) : normalized
    }

    /// How closely two titles agree.
    public static func compare(_ a: String, _ b: String) -> TitleMatch {
        compareNormalized(normalize(a), normalize(b))
    }

    public static func compareNormalized(_ a: String, _ b: String) -> TitleMatch {
        if a.isEmpty || b.isEmpty { return .none }
        if a == b { return .exact }
        if strippingArticle(a, englishArticles) == strippingArticle(b, englishArticles) { return .article }
        let all = englishArticles.union(otherArticles)
        if strippingArticle(a, all) == strippingArticle(b, all) { return .foreignArticle }
        let wa = Set(a.split(separator: " ")), wb = Set(b.split(separator: " "))
        let shared = wa.intersection(wb).count
        return shared == 0 ? .none : .partial(Double(shared) / Double(wa.union(wb).count))
    }
}

/// How two titles agree, best first.
public enum TitleMatch: Sendable, Hashable, Comparable {
    /// Equal once normalised (case, diacritics, punctuation, `&`/`and`).
    case exact
    /// Equal once an English leading article (`the`, `a`, `an`) is dropped from either.
    case article
    /// Equal once a leading article of another language is dropped (`Le`, `Die`…): only a hint.
    case foreignArticle
    /// Some words shared; the value is shared / all distinct words (0…1).
    case partial(Double)
    case none

    /// Whether the titles count as the same title for automatic acceptance.
    public var isSameTitle: Bool { self == .exact || self == .article }

    /// Whether the titles could be the same title (a rival that blocks automatic acceptance).
    public var couldBeSameTitle: Bool { isSameTitle || self == .foreignArticle }

    /// Points out of 60 in a candidate's score.
    public var points: Double {
        switch self {
        case .exact: return 60
        case .article: return 55
        case .foreignArticle: return 45
        case .partial(let f): return 40 * f
        case .none: return 0
        }
    }

    public static func < (a: TitleMatch, b: TitleMatch) -> Bool { a.points < b.points }
}
