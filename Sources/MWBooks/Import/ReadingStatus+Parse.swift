import Foundation

extension ReadingStatus {
    /// The one tolerant parser of reading statuses and shelf names (seeds/001
    /// `ReadingStatus.from(string:)`) for Goodreads, StoryGraph and LibraryThing: case, spaces,
    /// `-` and `_` ignored (`to-read` = `To Read` = `to_read`). Nil for anything else — a custom
    /// shelf such as `to-read-non-fiction` is never guessed at; readers keep it as a tag.
    ///
    /// | status | accepted |
    /// |---|---|
    /// | wishlist | wishlist, wish list, want to read, want |
    /// | toRead | to read, to be read, tbr, plan to read, planned, owned, unread, not started |
    /// | reading | currently reading, reading, in progress, started, now reading |
    /// | read | read, finished, completed, done, have read, already read |
    /// | onHold | on hold, paused, hold, on pause |
    /// | dnf | did not finish, dnf, abandoned, won't finish, gave up, stopped reading |
    public static func from(_ text: String) -> ReadingStatus? {
        table[key(text)]
    }

    /// The folded form: lower case, apostrophes dropped, `-`, `_` and runs of spaces as one space.
    static func key(_ text: String) -> String {
        var out = ""
        var space = false
        for ch in text.lowercased() {
            if ch == "'" || ch == "’" { continue }
            if ch == "-" || ch == "_" || ch.isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" "); space = false }
            out.append(ch)
        }
        return out
    }

    private static let table: [String: ReadingStatus] = {
        var t: [String: ReadingStatus] = [:]
        let forms: [(ReadingStatus, [String])] = [
            (.wishlist, ["wishlist", "wish list", "want to read", "want"]),
            (.toRead, ["to read", "to be read", "tbr", "plan to read", "planned", "owned", "unread", "not started", "toread"]),
            (.reading, ["currently reading", "reading", "in progress", "started", "now reading"]),
            (.read, ["read", "finished", "completed", "done", "have read", "already read"]),
            (.onHold, ["on hold", "paused", "hold", "on pause", "onhold"]),
            (.dnf, ["did not finish", "dnf", "abandoned", "wont finish", "gave up", "stopped reading"]),
        ]
        for (status, names) in forms { for n in names { t[n] = status } }
        return t
    }()
}
