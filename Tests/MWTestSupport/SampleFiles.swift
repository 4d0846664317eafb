import CSV
import Foundation

/// The real third-party export samples at `../shared/samples/third-party` (beside the
/// repository; read in place, never copied in), read with CSV.swift's reader — the reference
/// parser, not mwkit's — so a sample test computes what it expects from the input itself.
public enum SampleFiles {
    /// `../shared/samples/third-party`, from the repository root.
    public static let root = MWKitBinary.root.appendingPathComponent("../shared/samples/third-party").standardizedFileURL

    /// Whether the samples are there (tests skip, saying so, when not).
    public static let present = FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path)

    /// Every file under `service/` whose name ends in `suffix` (case ignored), sorted by path.
    public static func files(_ service: String, suffix: String) -> [URL] {
        let dir = root.appendingPathComponent(service)
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.lastPathComponent.lowercased().hasSuffix(suffix.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    /// `url`'s path below the samples root (`letterboxd/afelka-letterboxd/diary.csv`).
    public static func relative(_ url: URL) -> String {
        let p = url.standardizedFileURL.path, r = root.path + "/"
        return p.hasPrefix(r) ? String(p.dropFirst(r.count)) : p
    }

    /// A CSV file as CSV.swift reads it: the header and each record as column → value.
    public struct Table: Sendable {
        public var header: [String]
        /// Records after the header, with their 1-based record number (the header is 1);
        /// records whose every field is blank are left out.
        public var rows: [Row]

        public struct Row: Sendable {
            public var number: Int
            /// The 1-based line the record starts on (what an import's provenance names).
            public var line: Int
            /// How many fields the record has (a row cut short has fewer than the header).
            public var fieldCount: Int
            public var values: [String: String]
            /// The value under `column`, trimmed; nil when absent or blank.
            public subscript(_ column: String) -> String? {
                guard let v = values[column]?.trimmingCharacters(in: .whitespacesAndNewlines), !v.isEmpty else { return nil }
                return v
            }
        }
    }

    /// Reads `url` (UTF-8, a byte order mark dropped; invalid bytes replaced) with CSV.swift.
    /// `headerContains` picks the header line: the first record holding that column, so a
    /// title line above the header (Letterboxd lists) is passed over.
    public static func table(_ url: URL, headerContains column: String? = nil) throws -> Table {
        var bytes = Array(try Data(contentsOf: url))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let reader = try CSVReader(string: String(decoding: bytes, as: UTF8.self), hasHeaderRow: false)
        var header: [String]?
        var rows: [Table.Row] = []
        var number = 0, line = 1
        while let fields = reader.next() {
            let start = line
            line += 1 + fields.reduce(0) { $0 + lineBreaks(in: $1) }
            number += 1
            guard let h = header else {
                if column == nil || fields.contains(column!) { header = fields; number = 1 }
                continue
            }
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            var values: [String: String] = [:]
            for (i, name) in h.enumerated() where i < fields.count && values[name] == nil { values[name] = fields[i] }
            rows.append(Table.Row(number: number, line: start, fieldCount: fields.count, values: values))
        }
        return Table(header: header ?? [], rows: rows)
    }

    /// Line breaks inside a field (CRLF counts once).
    static func lineBreaks(in field: String) -> Int {
        var n = 0, lastCR = false
        for u in field.utf8 {
            if u == 0x0A { if !lastCR { n += 1 }; lastCR = false } else if u == 0x0D { n += 1; lastCR = true } else { lastCR = false }
        }
        return n
    }

    /// The JSON value in `url`, through Foundation's `JSONSerialization`.
    public static func json(_ url: URL) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
    }

    /// `count` of `items` drawn without replacement by `rng` (all of them when fewer), in their order.
    public static func sample<T>(_ items: [T], _ count: Int, using rng: inout SeededGenerator) -> [T] {
        guard items.count > count else { return items }
        var picked = Set<Int>()
        while picked.count < count { picked.insert(Int.random(in: 0..<items.count, using: &rng)) }
        return picked.sorted().map { items[$0] }
    }

    /// The seed for a file's sample: from `SAMPLE_SEED` when set (to replay or widen a run),
    /// else fixed per file path (mixed with `MWKIT_TEST_SEED` when that is set, ``TestSeed``),
    /// so every run draws the same rows.
    public static func seed(for url: URL) -> UInt64 {
        if let s = ProcessInfo.processInfo.environment["SAMPLE_SEED"], let v = UInt64(s) { return v }
        // FNV-1a of the relative path: stable across runs and machines (Hasher is not).
        return TestSeed.seed(relative(url).utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 })
    }

    /// `YYYY-MM-DD` of a date written `YYYY-MM-DD`, `YYYY/MM/DD` or an ISO 8601 instant's date
    /// part (the day as the file wrote it); nil for anything else.
    public static func day(_ text: String?) -> String? {
        guard let t = text?.trimmingCharacters(in: .whitespaces), t.count >= 10 else { return nil }
        let d = t.prefix(10).replacingOccurrences(of: "/", with: "-")
        let parts = d.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts.allSatisfy({ Int($0) != nil }) else { return nil }
        return d
    }

    /// The UTC calendar day of `date`, `YYYY-MM-DD`.
    public static func utcDay(_ date: Date) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let c = cal.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}
