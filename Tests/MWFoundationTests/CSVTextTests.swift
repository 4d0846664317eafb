import CSV
import Foundation
import PropertyBased
import Testing
import MWFoundation

/// `CSVText.bytes` against CSV.swift's `CSVWriter` (what it replaced, kept here as the
/// reference) on random rows over the characters that steer quoting.
@Suite struct CSVTextTests {
    static func reference(header: [String], rows: [[String]], newline: CSVWriter.Newline, byteOrderMark: Bool) throws -> [UInt8] {
        let stream = OutputStream.toMemory()
        stream.open()
        let w = try CSVWriter(stream: stream, newline: newline)
        try w.write(row: header)
        for r in rows { try w.write(row: r) }
        stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(data) + Array((newline == .crlf ? "\r\n" : "\n").utf8)
    }

    static let pieces = ["a", "B", ",", "\"", "\r", "\n", "\r\n", " ", "é", "日", "\t", "=", ""]

    @Test func sameBytesAsCSVWriter() async throws {
        await propertyCheck(count: 1_000, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 0...6), Gen.int(in: 0...5)) { seed, rowCount, width in
            var state = seed
            func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
            func field() -> String { (0..<(next() % 5)).map { _ in Self.pieces[next() % Self.pieces.count] }.joined() }
            let header = (0..<width).map { _ in field() }
            let rows = (0..<rowCount).map { _ in (0..<(next() % (width + 2))).map { _ in field() } }
            let newline: CSVWriter.Newline = next() % 2 == 0 ? .crlf : .lf
            let bom = next() % 3 == 0
            let mine = try? CSVText.bytes(header: header, rows: rows, newline: newline, byteOrderMark: bom)
            let theirs = try? Self.reference(header: header, rows: rows, newline: newline, byteOrderMark: bom)
            #expect(mine == theirs, "\(header) \(rows)")
        }
    }

    @Test func quotingAndLineEnds() throws {
        let b = try CSVText.bytes(header: ["Title", "Note"], rows: [["A, B", "say \"hi\""], ["x", "two\nlines"]])
        #expect(String(decoding: b, as: UTF8.self) == "Title,Note\r\n\"A, B\",\"say \"\"hi\"\"\"\r\nx,\"two\nlines\"\r\n")
    }
}
