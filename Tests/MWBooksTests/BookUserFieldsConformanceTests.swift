import Foundation
import MWFoundation
import Testing
@testable import MWBooks

/// The real Goodreads and StoryGraph exports in `../shared/samples/third-party/` (read in place,
/// never copied): for every row, the review, private notes, spoiler flag, read count, owned
/// copies, reads and contributors the reader gives equal what the row holds — expectations read
/// from each file's own cells. Skips, with a recorded message, when the samples are absent.
@Suite("book user fields in real exports")
struct BookUserFieldsConformanceTests {
    static let root = BookConformanceTests.root
    static let present = BookConformanceTests.present

    static func files(_ service: String) -> [URL] {
        let dir = root.appendingPathComponent(service)
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "csv" }.sorted { $0.path < $1.path }
    }

    /// The file's table as our CSV layer reads it, and the reader's rows by line.
    static func table(_ url: URL, header: String) throws -> (CSVTable, [Int: BookRow]) {
        let file = try CSVFile(detectingDelimiterIn: Array(try Data(contentsOf: url)), name: url.lastPathComponent)
        let t = try #require(file.table { $0.contains(header) })
        let read = BookExportReader.read(url)
        return (t, Dictionary(read.rows.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a }))
    }

    static func cell(_ t: CSVTable, _ r: CSVFile.Record, _ name: String) -> String? {
        guard let v = t.value(r, name)?.trimmingCharacters(in: .whitespacesAndNewlines), !v.isEmpty, v != "\"\"" else { return nil }
        return v
    }

    /// Letters and digits only: a review compared whatever its line breaks (`<br/>`) became.
    static func letters(_ s: String) -> String {
        s.replacingOccurrences(of: "<br/>", with: "").replacingOccurrences(of: "<br />", with: "").replacingOccurrences(of: "<br>", with: "")
            .unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(String.init).joined()
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; not checked"))
    func goodreads() throws {
        var rows = 0, reviews = 0, counts = 0
        for url in Self.files("goodreads") {
            let (t, byLine) = try Self.table(url, header: "Book Id")
            for r in t.rows {
                guard let row = byLine[r.line] else { continue }
                rows += 1
                let review = Self.cell(t, r, "My Review"), privateNotes = Self.cell(t, r, "Private Notes")
                #expect(row.privateNotes == privateNotes, "\(url.lastPathComponent):\(r.line)")
                if let review {
                    reviews += 1
                    #expect(Self.letters(row.notes ?? "") == Self.letters(review), "\(url.lastPathComponent):\(r.line)")
                } else {
                    #expect(row.notes == nil, "\(url.lastPathComponent):\(r.line): private notes are no review")
                }
                #expect(row.reviewHasSpoilers == (Self.cell(t, r, "Spoiler")?.lowercased() == "true"))
                if let c = Self.cell(t, r, "Read Count") { counts += 1; #expect(row.readCount == Int(c), "\(url.lastPathComponent):\(r.line)") }
                if let c = Self.cell(t, r, "Owned Copies") { #expect(row.ownedCopies == Int(c), "\(url.lastPathComponent):\(r.line)") }
            }
        }
        #expect(rows > 0 && counts > 0 && reviews > 0, "rows, read counts and reviews were compared")
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; not checked"))
    func storygraph() throws {
        var rows = 0
        for url in Self.files("storygraph") {
            let (t, byLine) = try Self.table(url, header: "ISBN/UID")
            for r in t.rows {
                guard let row = byLine[r.line] else { continue }
                rows += 1
                let at = "\(url.lastPathComponent):\(r.line)"
                if let c = Self.cell(t, r, "Read Count") { #expect(row.readCount == Int(c), "\(at)") }
                switch Self.cell(t, r, "Owned?")?.lowercased() {
                case "yes"?: #expect(row.ownedCopies == 1, "\(at)")
                case "no"?: #expect(row.ownedCopies == 0, "\(at)")
                default: #expect(row.ownedCopies == nil, "\(at)")
                }
                let reads = (Self.cell(t, r, "Dates Read") ?? "").split(separator: ",").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                let current = row.dateStarted != nil || row.dateCompleted != nil ? 1 : 0
                #expect(row.earlierReads.count + current == reads.count || (reads.isEmpty && row.earlierReads.isEmpty), "\(at): every read kept")
                if let review = Self.cell(t, r, "Review") {
                    #expect(Self.letters(row.notes ?? "").hasPrefix(Self.letters(review)), "\(at)")
                }
                let authors = Self.cell(t, r, "Authors") ?? ""
                for c in row.contributors where !authors.contains(c.name) {
                    #expect(!row.authors.contains(c.name), "\(at): \(c.name) is a contributor, not an author")
                }
                let cell = Self.cell(t, r, "Contributors") ?? ""
                #expect(row.contributors.allSatisfy { cell.contains($0.name) && $0.roles.allSatisfy(cell.contains) }, "\(at)")
                #expect(row.contributors.isEmpty == cell.isEmpty, "\(at)")
            }
        }
        #expect(rows > 0, "rows were compared")
    }
}
