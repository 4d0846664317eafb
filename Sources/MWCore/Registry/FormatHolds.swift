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
    public var matrixText: String { matrixText(width: nil) }

    /// The matrix as plain text at most `width` characters wide (nil: no limit). A matrix wider
    /// than that is wrapped as `ls` wraps: into blocks of as many columns as fit, each block
    /// starting with the FORMAT column again, separated by a blank line.
    public func matrixText(width: Int?) -> String {
        let head = ["FORMAT", "FAMILY", "READ", "WRITE"] + FormatHolds().cells.map { $0.name.uppercased() }
        let rows = formats.map { f in
            [f.name.rawValue, f.family.rawValue, f.isReadable ? "yes" : "-", f.isWritable ? "yes" : "-"]
                + f.holds.cells.map { $0.value.isEmpty ? "-" : $0.value }
        }
        let widths = head.indices.map { i in ([head[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
        // Blocks of column indices: the first column, then as many more as fit the width.
        var blocks: [[Int]] = []
        var current = [0], used = widths[0]
        for i in head.indices.dropFirst() {
            if let width, current.count > 1, used + 2 + widths[i] > width {
                blocks.append(current)
                current = [0]
                used = widths[0]
            }
            current.append(i)
            used += 2 + widths[i]
        }
        blocks.append(current)
        func line(_ cells: [String], _ columns: [Int]) -> String {
            columns.map { cells[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }
        return blocks.map { b in line(head, b) + rows.map { line($0, b) }.joined() }.joined(separator: "\n")
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
