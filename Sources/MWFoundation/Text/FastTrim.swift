import Foundation

// Written by hand because Foundation's `trimmingCharacters(in:)` goes through NSString on
// Linux: it took a third of a 50,000-row Goodreads import (perf, bench/books.sh), called on
// every value and every column-name lookup. Most values have nothing to trim; this answers
// those from their UTF-8 bytes without copying, and leaves any non-ASCII edge to Foundation
// (which knows every Unicode space, e.g. U+00A0), so the result is always Foundation's.

extension String {
    /// The string without leading and trailing white space (and line breaks, unless
    /// `newlines` is false): `trimmingCharacters(in: .whitespacesAndNewlines)` / `.whitespaces`.
    public func trimmedBlanks(newlines: Bool = true) -> String {
        // Most values start and end with a visible ASCII character: the string itself, uncopied.
        if let first = utf8.first, let last = utf8.last, FastTrim.isVisible(first), FastTrim.isVisible(last) { return self }
        return FastTrim.trim(Substring(self), newlines: newlines)
    }
}

extension Substring {
    /// As ``Swift/String/trimmedBlanks(newlines:)``.
    public func trimmedBlanks(newlines: Bool = true) -> String { FastTrim.trim(self, newlines: newlines) }
}

enum FastTrim {
    /// Whether `b` is a visible ASCII character: never a blank or a newline, never joined to a
    /// neighbour into one character that is.
    static func isVisible(_ b: UInt8) -> Bool { (0x21...0x7E).contains(b) }

    static func trim(_ s: Substring, newlines: Bool) -> String {
        let u = s.utf8
        guard let first = u.first, let last = u.last else { return "" }
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || (newlines && (b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C)) }
        func foundation() -> String { s.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces) }
        if first >= 0x80 || last >= 0x80 { return foundation() }
        if !blank(first) && !blank(last) { return String(s) }
        var start = u.startIndex, end = u.endIndex
        while start < end, blank(u[start]) { start = u.index(after: start) }
        while end > start, blank(u[u.index(before: end)]) { end = u.index(before: end) }
        if start < end && (u[start] >= 0x80 || u[u.index(before: end)] >= 0x80) { return foundation() }
        return String(decoding: u[start..<end], as: UTF8.self)
    }
}
