import Foundation

/// Which kinds of a user's data a format holds: what `mwkit formats` prints for every format,
/// what the conversion between two formats can carry (the rest is reported with a count when
/// written). Values say the scale or precision where formats differ; nil or false: not held.
public struct FormatHolds: Sendable, Codable, Equatable {
    /// The rating scale (`1–10`, `0.5–5 in halves`); nil: no ratings.
    public var ratings: String?
    /// The precision of watch or read dates (`day`, `instant`, `local time`); nil: none.
    public var dates: String?
    /// Rewatches or rereads: more than one dated viewing of a title or book.
    public var rewatches = false
    /// TV episodes, each with its own watches and ratings.
    public var episodes = false
    /// The user's lists (beyond a watchlist or shelf).
    public var lists = false
    /// The user's tags.
    public var tags = false
    /// Reviews and comments the user wrote.
    public var reviews = false
    /// Notes only the user sees, kept apart from public reviews.
    public var privateNotes = false
    /// A status: watched, watchlist, reading, followed, did not finish…
    public var status = false

    public init(ratings: String? = nil, dates: String? = nil, rewatches: Bool = false, episodes: Bool = false, lists: Bool = false,
                tags: Bool = false, reviews: Bool = false, privateNotes: Bool = false, status: Bool = false) {
        self.ratings = ratings
        self.dates = dates
        self.rewatches = rewatches
        self.episodes = episodes
        self.lists = lists
        self.tags = tags
        self.reviews = reviews
        self.privateNotes = privateNotes
        self.status = status
    }

    /// The columns of the matrix, in order, with each one's value for this format ("" when not held).
    public var cells: [(name: String, value: String)] {
        [("ratings", ratings ?? ""), ("dates", dates ?? ""), ("rewatches", rewatches ? "yes" : ""),
         ("episodes", episodes ? "yes" : ""), ("lists", lists ? "yes" : ""), ("tags", tags ? "yes" : ""),
         ("reviews", reviews ? "yes" : ""), ("private notes", privateNotes ? "yes" : ""), ("status", status ? "yes" : "")]
    }
}

extension FormatRegistry {
    /// The conversion matrix: one row per format — name, family, read, write, and the kinds of
    /// data it holds — as a Markdown table (docs/FORMATS.md is this, generated).
    public var matrixMarkdown: String {
        let head = ["format", "family", "read", "write"] + FormatHolds().cells.map(\.name)
        var out = "| " + head.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: head.count) + "\n"
        for f in formats {
            let row = [f.name.rawValue + (f.aliases.isEmpty ? "" : " (" + f.aliases.joined(separator: ", ") + ")"), f.family.rawValue,
                       f.isReadable ? "yes" : "", f.isWritable ? "yes" : ""] + f.holds.cells.map(\.value)
            out += "| " + row.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// The matrix as plain text, columns padded.
    public var matrixText: String {
        let head = ["FORMAT", "FAMILY", "READ", "WRITE"] + FormatHolds().cells.map { $0.name.uppercased() }
        let rows = formats.map { f in
            [f.name.rawValue, f.family.rawValue, f.isReadable ? "yes" : "-", f.isWritable ? "yes" : "-"]
                + f.holds.cells.map { $0.value.isEmpty ? "-" : $0.value }
        }
        let widths = head.indices.map { i in ([head[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }
        return line(head) + rows.map(line).joined()
    }
}

extension FormatDescriptor {
    /// This descriptor, saying what it holds.
    public func holding(_ holds: FormatHolds) -> FormatDescriptor {
        var d = self
        d.holds = holds
        return d
    }
}
