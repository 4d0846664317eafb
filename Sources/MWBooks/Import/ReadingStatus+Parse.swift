import Foundation

extension ReadingStatus {
    /// The one tolerant parser of reading statuses and shelf names (docs/SPEC.md Part II
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
    /// | onHold | on hold, paused, hold, on pause, put on hold, and the same in other languages (`pausiert`, `en pause`, `en pausa`, `in pausa`, `pausado`, `gepauzeerd`, `отложено`…) |
    /// | dnf | did not finish, dnf, abandoned, dropped, won't finish, gave up, stopped, stopped reading, unfinished, not finished, quit, and the same in other languages (`abgebrochen`, `abandonné`, `abandonado`, `abbandonato`, `afgebroken`, `porzucone`, `opgivet`, `брошено`…) |
    ///
    /// A shelf that names none of these is the user's own word: readers keep it as a tag and
    /// report it once per file with its count (``BookFileRead/unknownStatus(_:)``).
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
            (.onHold, ["on hold", "paused", "hold", "on pause", "onhold", "put on hold", "pause",
                       // de, fr, es/pt/it, nl, pl, ru, da/no/sv
                       "pausiert", "angehalten", "en pause", "en attente", "en pausa", "in pausa", "pausado", "pausada", "pausados",
                       "gepauzeerd", "wstrzymane", "отложено", "отложенные", "на паузе", "pauset", "på pause", "pausad"]),
            (.dnf, ["did not finish", "dnf", "abandoned", "dropped", "wont finish", "gave up", "stopped", "stopped reading",
                    "unfinished", "not finished", "never finished", "quit", "quit reading", "given up",
                    // de, fr, es/pt, it, nl, pl, ru, da/no, sv
                    "abgebrochen", "nicht beendet", "abandonne", "abandonné", "abandonnés", "abandonnes", "abandonado", "abandonados",
                    "abandonada", "abandonadas", "abbandonato", "abbandonati", "abbandonata", "non finito", "afgebroken",
                    "porzucone", "nieskończone", "брошено", "брошенные", "брошенное", "не дочитано", "opgivet", "droppet", "avbruten", "avbrutna"]),
        ]
        for (status, names) in forms { for n in names { t[n] = status } }
        return t
    }()
}
