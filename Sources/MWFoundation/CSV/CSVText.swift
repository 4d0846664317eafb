import CSV
import Foundation

/// CSV files mwkit writes (review files, other services' import formats): CSV.swift's writer
/// quotes a field exactly when it holds the delimiter, a quote (doubled), CR or LF (RFC 4180);
/// this adds what every caller wants on top — the final line end CSV.swift leaves out, and
/// optionally a UTF-8 byte order mark (spreadsheets then read accents right; importers of other
/// services read the first header name with it, so they go without).
public enum CSVText {
    /// The bytes of `header` and `rows`, each line ended by `newline`.
    public static func bytes(header: [String], rows: [[String]], newline: CSVWriter.Newline = .crlf, byteOrderMark: Bool = false) throws -> [UInt8] {
        let stream = OutputStream.toMemory()
        stream.open()
        let w = try CSVWriter(stream: stream, newline: newline)
        try w.write(row: header)
        for r in rows { try w.write(row: r) }
        stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(data) + Array((newline == .crlf ? "\r\n" : "\n").utf8)
    }
}
