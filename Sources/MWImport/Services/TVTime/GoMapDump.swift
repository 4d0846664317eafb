import MWFoundation
/// Parses the text Go's `fmt` prints for a slice of maps, which TV Time's GDPR export writes in
/// the `objects` column of `lists-prod-lists.csv`:
/// `[map[created_at:1.707766149e+09 id:422981 type:series] map[…]]`. Hand-written because it is
/// not JSON or any format a library reads: keys and values are bare words separated by spaces,
/// `key:value` split at the first colon; a value may itself be a nested `map[…]` (kept raw).
enum GoMapDump {
    /// The maps in order; nil when `text` is not a `[map[…] …]` dump (an empty `[]` is `[]`).
    static func parse(_ text: String) -> [[String: String]]? {
        let s = Array(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard s.first == "[", s.last == "]" else { return nil }
        var out: [[String: String]] = []
        var i = 1
        let end = s.count - 1
        while i < end {
            while i < end, s[i] == " " { i += 1 }
            guard i < end else { break }
            guard s[i...].starts(with: "map[") else { return nil }
            i += 4
            // The body up to the matching `]`.
            var depth = 1, j = i
            while j < end + 1, depth > 0 {
                if s[j] == "[" { depth += 1 } else if s[j] == "]" { depth -= 1 }
                if depth > 0 { j += 1 }
            }
            guard depth == 0 else { return nil }
            out.append(fields(Array(s[i..<j])))
            i = j + 1
        }
        return out
    }

    /// `k:v k2:v2` at depth 0 into a dictionary (a value runs to the next space at depth 0).
    private static func fields(_ s: [Character]) -> [String: String] {
        var out: [String: String] = [:]
        var tokens: [String] = []
        var cur = ""
        var depth = 0
        for ch in s {
            if ch == "[" { depth += 1 } else if ch == "]" { depth -= 1 }
            if ch == " " && depth == 0 {
                if !cur.isEmpty { tokens.append(cur) }
                cur = ""
            } else { cur.append(ch) }
        }
        if !cur.isEmpty { tokens.append(cur) }
        for t in tokens {
            guard let colon = t.firstIndex(of: ":") else { continue }
            out[String(t[..<colon])] = String(t[t.index(after: colon)...])
        }
        return out
    }
}
