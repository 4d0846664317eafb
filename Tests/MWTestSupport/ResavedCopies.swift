import CSV
import Foundation

/// A CSV export as spreadsheets and editors save it again — the same records in other bytes:
/// what a user hands mwkit after opening their export in Excel, LibreOffice or a text editor.
/// An import of each copy must give what the export itself gives.
public enum ResavedCopies {
    /// Each copy of `data` (a CSV in UTF-8, UTF-16 with its byte order mark, or else
    /// Windows-1252, as the services write them) with what was done to it:
    /// - a UTF-8 byte order mark, CRLF line ends and blank lines at the end;
    /// - UTF-16 little-endian with its byte order mark (Excel's "Unicode text");
    /// - Windows-1252, when the text has non-ASCII characters and that code page holds them all;
    /// - when `delimiter` is a comma and every record has as many fields as the header: the
    ///   columns in reverse order, `;` between fields and every field quoted (a spreadsheet in a
    ///   locale whose decimal mark is the comma), records read with CSV.swift, not mwkit's parser;
    ///   and, under the same condition, an empty column after the last (a spreadsheet's stray
    ///   last column: an empty header, an empty field on every row).
    public static func of(_ data: Data, delimiter: Character = ",") -> [(how: String, bytes: Data)] {
        guard let text = text(data) else { return [] }
        var out: [(String, Data)] = []
        let crlf = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        out.append(("BOM, CRLF, blank lines at the end", Data([0xEF, 0xBB, 0xBF]) + Data((crlf + "\r\n\r\n").utf8)))
        out.append(("UTF-16LE with BOM", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!))
        // Only when the code page holds the text byte for byte: Foundation writes a decomposed
        // `e` + U+0300 as the code page's `è` even when told not to lose anything, and String's
        // `==` calls the two equal.
        if text.utf8.contains(where: { $0 >= 0x80 }), let cp = text.data(using: .windowsCP1252, allowLossyConversion: false),
           String(data: cp, encoding: .windowsCP1252).map({ Array($0.utf8) }) == Array(text.utf8) {
            out.append(("Windows-1252", cp))
        }
        if delimiter == ",", let reader = try? CSVReader(string: text, hasHeaderRow: false) {
            var records: [[String]] = []
            while let r = reader.next() { records.append(r) }
            if let width = records.first?.count, width > 1, records.allSatisfy({ $0.count == width || $0 == [""] }) {
                let lines = records.filter { $0 != [""] }.map { r in
                    r.reversed().map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ";")
                }
                out.append(("columns reversed, ';', every field quoted", Data((lines.joined(separator: "\n") + "\n").utf8)))
                let padded = records.filter { $0 != [""] }.map { r in
                    (r + [""]).map { $0.utf8.contains(where: { [0x2C, 0x22, 0x0D, 0x0A].contains($0) }) ? "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : $0 }.joined(separator: ",")
                }
                out.append(("an empty column after the last", Data((padded.joined(separator: "\r\n") + "\r\n").utf8)))
            }
        }
        return out
    }

    /// The text of `data`, decoded by Foundation (not mwkit's decoder): UTF-8 (a byte order mark
    /// dropped), UTF-16 with its byte order mark, else Windows-1252 (older IMDb exports); nil
    /// for UTF-8 with invalid bytes among valid multi-byte characters.
    static func text(_ data: Data) -> String? {
        let bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(validating: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return String(data: data, encoding: .utf16).map { $0.hasPrefix("\u{FEFF}") ? String($0.dropFirst()) : $0 }
        }
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        // UTF-8 with a few bad bytes (some LibraryThing exports) is no one encoding Foundation
        // decodes as mwkit does (``TextDecoding``): no copy is made of it.
        let lossy = String(decoding: bytes, as: UTF8.self)
        if lossy.unicodeScalars.contains(where: { $0.value >= 0x80 && $0 != "\u{FFFD}" }) { return nil }
        return String(data: data, encoding: .windowsCP1252)
    }

    /// Each copy of a JSON export as another tool writes the same value: keys sorted without
    /// white space, and pretty-printed with CRLF line ends and a UTF-8 byte order mark (both
    /// through `JSONSerialization`); none when `data` is not JSON.
    public static func ofJSON(_ data: Data) -> [(how: String, bytes: Data)] {
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return [] }
        var out: [(String, Data)] = []
        if let sorted = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) {
            out.append(("keys sorted, no white space", sorted))
        }
        if let pretty = try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .fragmentsAllowed]) {
            let crlf = String(decoding: pretty, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
            out.append(("pretty, CRLF, BOM", Data([0xEF, 0xBB, 0xBF]) + Data(crlf.utf8)))
        }
        return out
    }
}
