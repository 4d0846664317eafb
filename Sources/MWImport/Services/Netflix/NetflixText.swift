import Foundation
import MWFoundation

/// The string work a Netflix title goes through (split at `": "`, blanks made one space;
/// trimming is MWFoundation's `trimmedBlanks`), with a byte-level path for the common case
/// that gives exactly what Foundation's calls give: a file repeats this for every distinct
/// title, and Foundation's splitting costs more than the rest of reading a title (issue 29).
enum NetflixText {
    /// `s.components(separatedBy: ": ")`; an all-ASCII `s` is split by its bytes.
    static func parts(_ s: String) -> [String] {
        let u = s.utf8
        guard u.allSatisfy({ $0 < 0x80 }) else { return s.components(separatedBy: ": ") }
        var out: [String] = []
        var start = u.startIndex, i = u.startIndex
        while i != u.endIndex {
            let next = u.index(after: i)
            if u[i] == UInt8(ascii: ":"), next != u.endIndex, u[next] == UInt8(ascii: " ") {
                out.append(String(s[start..<i]))
                start = u.index(after: next)
                i = start
                continue
            }
            i = next
        }
        out.append(String(s[start..<u.endIndex]))
        return out
    }

    /// `raw` with runs of spaces, TABs and no-break spaces made one space, trimmed of blanks
    /// and newlines (a title as ``NetflixTitles/Parsed/title`` keeps it).
    static func title(_ raw: String) -> String {
        let u = raw.utf8
        var prev: UInt8 = 0x20
        let plain = u.allSatisfy { b in
            defer { prev = b }
            return b < 0x80 && b != 0x09 && !(b == 0x20 && prev == 0x20)
        }
        if plain, prev != 0x20 { return raw.trimmedBlanks() }
        return raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
