import Foundation
import MWFoundation

/// Reading single values the way the exports write them.
enum Values {
    /// The value trimmed, or nil when empty (or the JSON/Go spelling of nothing).
    static func text(_ s: String?) -> String? {
        guard let t = s?.trimmedBlanks(), !t.isEmpty, t != "null", t != "<nil>" else { return nil }
        return t
    }

    /// A year; nil when empty, `????` or not a plausible year.
    static func year(_ s: String?) -> Int? {
        guard let t = text(s), let y = Int(t), (1800...2200).contains(y) else { return nil }
        return y
    }

    static func int(_ s: String?) -> Int? {
        guard let t = text(s) else { return nil }
        if let i = Int(t) { return i }
        if let d = Double(t), d == d.rounded(), abs(d) < 1e15 { return Int(d) }
        return nil
    }

    /// `true/false`, `1/0`, `yes/no` (any case); nil otherwise.
    static func bool(_ s: String?) -> Bool? {
        switch text(s)?.lowercased() {
        case "true", "1", "yes", "y", "t": return true
        case "false", "0", "no", "n", "f": return false
        default: return nil
        }
    }

    /// An IMDb title ID normalised to `tt` + at least 7 digits; nil when not one. A bare
    /// number (`16968450`, seen in real exports) gets its `tt`.
    static func imdbID(_ s: String?) -> String? {
        guard var t = text(s)?.lowercased() else { return nil }
        if let r = t.range(of: "/title/") { t = String(t[r.upperBound...].prefix { $0 != "/" && $0 != "?" }) }
        if t.hasPrefix("tt") { t.removeFirst(2) }
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && $0.isNumber }), t.count <= 12 else { return nil }
        return "tt" + String(repeating: "0", count: max(0, 7 - t.count)) + t
    }

    /// A comma-separated tag field split into tags, trimmed, empties dropped, order kept.
    static func tags(_ s: String?) -> [String] {
        guard let t = text(s) else { return [] }
        return t.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether text holds HTML markup (a tag such as `<i>`, `</b>`, `<br />`, `<blockquote>`).
    static func looksLikeHTML(_ s: String) -> Bool {
        s.range(of: #"</?[a-zA-Z][a-zA-Z0-9]*(\s[^<>]*)?/?>"#, options: .regularExpression) != nil
    }

    /// Adds `new` to `list`, keeping first-seen order and skipping duplicates.
    static func union(_ list: inout [String], _ new: [String]) {
        list.appendUnique(new)
    }

    /// A title folded for keys: lower case, whitespace collapsed.
    static func key(_ title: String) -> String {
        // Printable ASCII with single inner spaces: only A–Z change (Foundation-free, per row).
        var prev: UInt8 = 0x20, upper = false
        let plain = title.utf8.allSatisfy { b in
            defer { prev = b }
            if (0x41...0x5A).contains(b) { upper = true }
            return (0x21...0x7E).contains(b) || b == 0x20 && prev != 0x20
        }
        if plain, prev != 0x20 {
            return upper ? String(decoding: title.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self) : title
        }
        return title.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
