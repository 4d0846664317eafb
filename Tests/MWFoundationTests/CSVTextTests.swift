import CSV
import Foundation
import MWTestSupport
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
        let field = Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...4).map { $0.map { Self.pieces[$0] }.joined() }
        // Rows of any width, empty ones included (CSVWriter writes nothing for those).
        await seededCheck(count: 1_000, seed: 0x5EED_2912, input: field.array(of: 0...5), field.array(of: 0...6).array(of: 0...6), Gen.bool, Gen.bool) { header, rows, crlf, bom in
            let newline: CSVWriter.Newline = crlf ? .crlf : .lf
            let mine = try? CSVText.bytes(header: header, rows: rows, newline: crlf ? .crlf : .lf, byteOrderMark: bom)
            let theirs = try? Self.reference(header: header, rows: rows, newline: newline, byteOrderMark: bom)
            #expect(mine == theirs, "\(header) \(rows)")
        }
    }

    @Test func quotingAndLineEnds() throws {
        let b = try CSVText.bytes(header: ["Title", "Note"], rows: [["A, B", "say \"hi\""], ["x", "two\nlines"]])
        #expect(String(decoding: b, as: UTF8.self) == "Title,Note\r\n\"A, B\",\"say \"\"hi\"\"\"\r\nx,\"two\nlines\"\r\n")
    }
}
