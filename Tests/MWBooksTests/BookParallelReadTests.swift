import Foundation
import MWFoundation
import Testing
@testable import MWBooks

/// A large export's two halves are read on two threads (`BookFileRead.eachRow`): every row,
/// count and diagnostic must come out as one pass would give them, in file order, whichever
/// half a row is in.
@Suite("Books: a large file read in two halves")
struct BookParallelReadTests {
    @Test("rows, malformed rows, bad values and unkept counts in file order across both halves")
    func sameAsOnePass() {
        let n = 2 * BookFileRead.halfForThreads + 101
        var lines = [BookFixtures.goodreads24Header]
        var goodLines: [Int] = [], malformedLines: [Int] = [], badDateLines: [Int] = []
        for i in 0..<n {
            let line = i + 2
            if i % 97 == 5 {
                lines.append("\(10_000 + i),Broken \(i),Ann Author")  // too few fields
                malformedLines.append(line)
                continue
            }
            let added = i % 89 == 3 ? "2024/13/45" : "2024/01/\(String(format: "%02d", i % 28 + 1))"
            if i % 89 == 3 { badDateLines.append(line) }
            goodLines.append(line)
            lines.append("\(10_000 + i),Title \(i),Ann Author,\"Author, Ann\",,\"=\"\"\"\"\",\"=\"\"\"\"\",\(i % 6),3.50,Press,Paperback,100,2020,2020,,\(added),to-read,to-read (#1),to-read,,,,0,0")
        }
        let read = BookFixtures.read(lines.joined(separator: "\n") + "\n")
        #expect(read.source == .goodreads)
        #expect(read.rowsRead == n)
        #expect(read.rows.map(\.line) == goodLines)
        #expect(read.rows.map(\.title) == goodLines.map { "Title \($0 - 2)" })
        #expect(read.malformed.map(\.position) == malformedLines.map { "goodreads_library_export.csv:\($0)" })
        let badDates = read.diagnostics.filter { $0.code == DiagnosticCode.importBadValue.rawValue }.compactMap(\.line)
        #expect(badDates == badDateLines)
        let rowLines = read.diagnostics.compactMap(\.line)
        #expect(rowLines == rowLines.sorted(), "diagnostics in file order")
        // Both halves had rows of each kind.
        #expect(malformedLines.first! < n / 2 && malformedLines.last! > n / 2 + 2)
        #expect(badDateLines.first! < n / 2 && badDateLines.last! > n / 2 + 2)
    }
}
