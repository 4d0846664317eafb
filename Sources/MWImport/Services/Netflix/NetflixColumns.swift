import Foundation
import MWFoundation

/// The columns of a `ViewingActivity.csv`, found by name without case, blanks or underscores
/// (`Start Time`, `StartTime`, `start_time`), and the forms its `Start Time` takes: Netflix's
/// `YYYY-MM-DD HH:MM:SS`, or a spreadsheet's re-save (`7/28/2022 4:22`, the date in the
/// locale's order, no seconds), whose order is decided from the whole file as for the
/// history (docs/IMPORT.md "Netflix").
struct NetflixColumns {
    /// The header names as the file spells them.
    var title = "Title"
    var profile = "Profile Name"
    var supplemental = "Supplemental Video Type"
    /// Nil when no column is a start time.
    var start: String?

    /// Columns only a viewing-activity file has besides `Profile Name` and `Title`; two of them
    /// (with a start column) recognise one whatever its start column is called.
    static let activityColumns: Set<String> = ["supplementalvideotype", "duration", "devicetype", "bookmark", "latestbookmark", "attributes", "country"]

    /// `name` lower-cased without blanks and underscores.
    static func squeeze(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" }
    }

    /// Whether squeezed header names `h` (with `profilename` and `title`) are a viewing activity's.
    static func isActivity(_ h: Set<String>) -> Bool {
        h.contains("starttime") || h.intersection(activityColumns).count >= 2 && h.contains { $0.contains("start") }
    }

    init(_ header: [String]) {
        for name in header {
            let k = Self.squeeze(name)
            switch k {
            case "title": title = name
            case "profilename": profile = name
            case "supplementalvideotype": supplemental = name
            case "starttime": start = name
            default: if start == nil, k.contains("start") { start = name }
            }
        }
    }

    /// The start values of a file, and those a spreadsheet re-saved (the date parts to decide
    /// their order from).
    struct StartTimes {
        var spreadsheet: [String] = []

        init(_ values: [String?]) {
            for v in values.compactMap({ $0 }) where !Self.isISO(v) {
                if let (day, _) = Self.split(v) { spreadsheet.append(day) }
            }
        }

        /// Whether `raw` is Netflix's own `YYYY-MM-DD…` form.
        static func isISO(_ raw: String) -> Bool {
            // Bytes answer when the sixth is ASCII (it cannot join the `-` into one character).
            let b = raw.utf8.prefix(6)
            if b.count >= 5, b.count == 5 || b[b.index(b.startIndex, offsetBy: 5)] < 0x80 {
                return b.prefix(4).allSatisfy { (0x30...0x39).contains($0) } && b[b.index(b.startIndex, offsetBy: 4)] == UInt8(ascii: "-")
            }
            let c = Array(raw.prefix(5))
            return c.count == 5 && c[..<4].allSatisfy { $0.isASCII && $0.isNumber } && c[4] == "-"
        }

        /// `7/28/2022 4:22` → (`7/28/2022`, 4 × 3600 + 22 × 60); `H:MM` or `H:MM:SS`, an AM/PM
        /// mark read; nil when `raw` is not a date then a time.
        static func split(_ raw: String) -> (String, Int)? {
            var words = raw.split(separator: " ").map(String.init)
            var pm: Bool?
            if let last = words.last?.uppercased(), last == "AM" || last == "PM" { pm = last == "PM"; words.removeLast() }
            guard words.count == 2, NetflixDates.parts(words[0]) != nil else { return nil }
            let hms = words[1].split(separator: ":").map { Int($0) }
            guard (2...3).contains(hms.count), hms.allSatisfy({ $0 != nil }) else { return nil }
            var h = hms[0]!
            let m = hms[1]!, s = hms.count == 3 ? hms[2]! : 0
            if let pm { guard (1...12).contains(h) else { return nil }; h = h % 12 + (pm ? 12 : 0) }
            guard (0...23).contains(h), (0...59).contains(m), (0...59).contains(s) else { return nil }
            return (words[0], h * 3600 + m * 60 + s)
        }
    }
}
