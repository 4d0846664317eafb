import Foundation
import MWFoundation
import Testing
@testable import MWBooks

/// Reads every book export in `../shared/samples/third-party/{goodreads,storygraph,librarything}`
/// (third-party data: read in place, never copied into the repository) and checks each file's
/// record count against that folder's README. Skips, with a recorded message, when absent.
@Suite("Book conformance with real exports")
struct BookConformanceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/samples/third-party").standardizedFileURL
    static let services = ["goodreads", "storygraph", "librarything"]
    static let present = FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path)

    /// `path here` → (records, format) from the README's tables, columns found by header name.
    static func expected() throws -> [String: (Int, String)] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var out: [String: (Int, String)] = [:]
        var fileCol: Int?, recordsCol: Int?, formatCol: Int?
        for line in readme.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if let f = cells.firstIndex(of: "File (here)") {
                fileCol = f; recordsCol = cells.firstIndex(of: "Records"); formatCol = cells.firstIndex(of: "Format")
                continue
            }
            guard let f = fileCol, let r = recordsCol, let fm = formatCol, r < cells.count, let n = Int(cells[r]) else { continue }
            if services.contains(where: { cells[f].hasPrefix($0 + "/") }) { out[cells[f]] = (n, cells[fm]) }
        }
        return out
    }

    @Test(.enabled(if: present, "real samples absent at ../shared/samples/third-party; book conformance not checked"))
    func everyBookFileReadsWithTheREADMEsCounts() throws {
        let expected = try Self.expected()
        #expect(expected.count >= 5, "the README's book tables were read")
        var checked = 0
        for (rel, (records, format)) in expected.sorted(by: { $0.key < $1.key }) {
            let f = BookExportReader.read(Self.root.appendingPathComponent(rel))
            #expect(f.rowsRead == records, "\(rel)")
            #expect(f.malformed.isEmpty, "\(rel): \(f.malformed)")
            #expect(f.rows.count == records, "\(rel)")
            #expect(f.source?.rawValue == String(rel.prefix { $0 != "/" }), "\(rel)")
            if rel.hasPrefix("goodreads/") {
                let columns = format.prefix { $0.isNumber }
                #expect(f.layout == "goodreads-\(columns)", "\(rel): \(format)")
            }
            let r = BookImport.run([f], options: BookFixtures.options)
            #expect(r.files.first?.isBalanced == true, "\(rel)")
            #expect(r.library.entries.count == r.library.works.count, "one entry per work")
            #expect(r.library.entries.allSatisfy { ($0.readingStatus == .wishlist) == ($0.editionId == nil) })
            var again = BookImport.run([f], into: r.library, options: BookFixtures.options).library
            #expect(again.exportDate == BookFixtures.date, "a merged backup is dated by its import")
            again.exportDate = r.library.exportDate
            #expect(again == r.library, "\(rel): importing twice changes nothing")
            checked += 1
        }
        #expect(checked == expected.count)
    }

    @Test(.enabled(if: present, "real samples absent"))
    func realQuirks() throws {
        let erin = BookExportReader.read(Self.root.appendingPathComponent("goodreads/ErinBecker-book-tracking/goodreads_library_export.csv"))
        #expect(erin.rows.contains { $0.tags.contains("to-read-non-fiction") && $0.status == .toRead })
        #expect(erin.rows.contains { $0.status == .dnf }, "the wont-finish shelf")
        let sg = BookExportReader.read(Self.root.appendingPathComponent("storygraph/IvanAlba97-LectorFlow/storygraph.csv"))
        let carrie = try #require(sg.rows.last)
        #expect(carrie.title == "Carrie")
        #expect(carrie.asins == ["B0084FWN26"])
        #expect(sg.rows.contains { $0.dateStarted != nil && $0.dateCompleted != nil && $0.dateStarted! < $0.dateCompleted! })
        let lt = BookExportReader.read(Self.root.appendingPathComponent("librarything/robdmc-libraryThing/LibraryThing_export.csv"))
        #expect(lt.rows.first?.isbns == ["1578660289", "9781578660285"])
        #expect(lt.rows.contains { $0.authors.count == 4 }, "| secondary authors")
    }
}
