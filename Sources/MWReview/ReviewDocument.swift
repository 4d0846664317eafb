import Foundation
import MWFoundation
import MWImport

/// A review file an import wrote (docs/IMPORT.md "The review file"), as the review page sees
/// it: every record kept as read, the rows still waiting for a decision, and a way to write
/// decisions into their `decision` cells and nothing else (docs/REPORT.md "mwkit review").
public struct ReviewDocument: Sendable {
    /// One TMDb candidate of a row, as the file lists it.
    public struct Candidate: Sendable, Equatable {
        /// `movie:603`.
        public var reference: String
        public var title: String
        public var year: String
        public var score: String
        /// `movie` or `tv`, from the reference.
        public var kind: String { String(reference.prefix { $0 != ":" }) }
        /// The TMDb ID, from the reference.
        public var tmdbId: Int64? { Int64(reference.drop { $0 != ":" }.dropFirst()) }
    }

    /// A row waiting for a decision: what the export said, and its candidates.
    public struct Pending: Sendable, Equatable {
        public var key: String
        public var status: String
        public var title: String
        public var year: String
        public var kind: String
        public var service: String
        public var file: String
        public var line: String
        public var reason: String
        public var originalTitle: String
        public var candidates: [Candidate]
    }

    /// The file's path.
    public let url: URL
    /// Every record as read (rows above the header, the header, the rows), fields unchanged.
    private var records: [[String]]
    private let headerIndex: Int
    private let decisionColumn: Int
    private let keyColumn: Int
    private let delimiter: UnicodeScalar
    private let byteOrderMark: Bool
    private let crlf: Bool
    /// The rows whose decision cell is empty and whose status asks for one.
    public private(set) var pending: [Pending] = []

    /// Statuses that wait for the user (`matched`, `decided` and `ignored` rows do not).
    static let waiting: Set<String> = ["review", "not-found", "lookup-failed"]

    /// Reads the review file at `url`. Throws ``MWError`` when it cannot be read or is not a
    /// review file (no header with `key` and `decision`).
    public init(url: URL) throws {
        self.url = url
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: url)) } catch {
            throw MWError.io("cannot read the review file \(url.path): \(error.localizedDescription)")
        }
        byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        crlf = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? true
        var found: (CSVFile, Int)?
        for d in CSVFile.delimiters {
            guard let csv = d == "," ? try CSVFile(bytes: bytes, name: url.path) : try? CSVFile(bytes: bytes, name: url.path, delimiter: d) else { continue }
            if let h = csv.records.firstIndex(where: { r in
                let names = Set(r.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
                return names.contains("key") && names.contains("decision")
            }) { found = (csv, h); break }
        }
        guard let (csv, h) = found else {
            throw MWError.invalid([.csv(.error, .importReviewDecision, "\(quoted(url.path)) is not a review file: no header with key and decision columns",
                                        file: url.path, line: 1)])
        }
        delimiter = csv.delimiter
        records = csv.records.map(\.fields)
        headerIndex = h
        let names = records[h].map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        decisionColumn = names.firstIndex(of: "decision")!
        keyColumn = names.firstIndex(of: "key")!
        pending = Self.pending(records, header: names, from: h + 1, decision: decisionColumn, key: keyColumn)
    }

    private static func pending(_ records: [[String]], header: [String], from start: Int, decision: Int, key: Int) -> [Pending] {
        func col(_ r: [String], _ name: String) -> String {
            guard let i = header.firstIndex(of: name), i < r.count else { return "" }
            return r[i]
        }
        var seen = Set<String>()
        var out: [Pending] = []
        for r in records.dropFirst(start) where key < r.count {
            let k = r[key].trimmingCharacters(in: .whitespaces)
            let d = decision < r.count ? r[decision].trimmingCharacters(in: .whitespaces) : ""
            // A file whose status column was deleted (in a spreadsheet): every undecided row waits.
            let waits = !header.contains("status") || waiting.contains(col(r, "status"))
            guard !k.isEmpty, d.isEmpty, waits, seen.insert(k).inserted else { continue }
            let candidates = (1...5).compactMap { n -> Candidate? in
                let ref = col(r, "candidate\(n)_id")
                guard !ref.isEmpty else { return nil }
                return Candidate(reference: ref, title: undefused(col(r, "candidate\(n)_title")), year: col(r, "candidate\(n)_year"),
                                 score: col(r, "candidate\(n)_score"))
            }
            out.append(Pending(key: k, status: col(r, "status"), title: undefused(col(r, "title")), year: col(r, "year"),
                               kind: col(r, "kind"), service: col(r, "service"), file: undefused(col(r, "file")), line: col(r, "line"),
                               reason: undefused(col(r, "reason")), originalTitle: undefused(col(r, "original_title")), candidates: candidates))
        }
        return out
    }

    /// A cell as the export said it: the review file's leading `'` against spreadsheet
    /// formulas (ReviewSheet) is not part of the value.
    static func undefused(_ s: String) -> String {
        guard s.hasPrefix("'"), let c = s.unicodeScalars.dropFirst().first, "=+-@\t\r".unicodeScalars.contains(c) else { return s }
        return String(s.dropFirst())
    }

    /// What saving some decisions did.
    public struct Saved: Sendable, Equatable {
        /// Decisions written into the file (one per review key, whatever its rows).
        public var written = 0
        /// Decisions refused (the row's title and why), nothing written for them.
        public var refused: [(title: String, why: String)] = []
        public static func == (a: Saved, b: Saved) -> Bool { a.written == b.written && a.refused.elementsEqual(b.refused) { $0 == $1 } }
    }

    /// Writes `decisions` (review key → what the user chose: a candidate reference, `ignore`,
    /// or a typed TMDb ID or link) into the file's `decision` cells, atomically; every other
    /// cell, row and column stays as it was. Each decision is checked as `mwkit import
    /// --overrides` reads it (``ReviewDecision``) and written in its plain form (`movie:603`);
    /// one it would refuse is not written and is listed in the result.
    /// The file is read again first, so an edit made meanwhile (in a spreadsheet) is kept and
    /// a row decided meanwhile keeps its decision.
    public mutating func save(_ decisions: [String: String]) throws -> Saved {
        self = try ReviewDocument(url: url)
        var saved = Saved()
        var chosen: [String: String] = [:]
        for p in pending {
            guard let text = decisions[p.key]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { continue }
            do {
                switch try ReviewDecision.parse(text, kind: p.kind, candidates: p.candidates.map(\.reference)) {
                case .match(let id, let type)?: chosen[p.key] = "\(type.rawValue):\(id)"
                case .ignore?: chosen[p.key] = "ignore"
                case nil: continue
                }
            } catch {
                saved.refused.append((p.title, "\(error)"))
            }
        }
        guard !chosen.isEmpty else { return saved }
        var next = records
        var written = Set<String>()
        for i in next.indices.dropFirst(headerIndex + 1) where keyColumn < next[i].count {
            let key = next[i][keyColumn].trimmingCharacters(in: .whitespaces)
            guard let d = chosen[key] else { continue }
            while next[i].count <= decisionColumn { next[i].append("") }
            if next[i][decisionColumn].trimmingCharacters(in: .whitespaces).isEmpty {
                next[i][decisionColumn] = d
                written.insert(key)
            }
        }
        saved.written = written.count
        try AtomicFile.write(bytes(next), to: url)
        self = try ReviewDocument(url: url)
        return saved
    }

    /// The records as CSV with the file's own separator, byte order mark and line ends; a
    /// field is quoted exactly when it must be (RFC 4180), as the import wrote it.
    private func bytes(_ records: [[String]]) -> [UInt8] {
        var out: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        let sep = UInt8(delimiter.value)
        for r in records {
            for (i, f) in r.enumerated() {
                if i > 0 { out.append(sep) }
                let u = Array(f.utf8)
                if u.contains(where: { $0 == sep || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                    out.append(0x22)
                    for b in u { out.append(b); if b == 0x22 { out.append(0x22) } }
                    out.append(0x22)
                } else { out += u }
            }
            out += crlf ? [0x0D, 0x0A] : [0x0A]
        }
        return out
    }
}
