import Foundation

/// Parses UTF-8 CSV text into ``CSVFile/Record``s, record for record as CSV.swift's `CSVReader`
/// does (RFC 4180 quoting, CR/LF/CRLF line ends), at the byte level.
///
/// Why hand-written (the rule is to prefer a well-kept library): `CSVReader` reads a String
/// through an `AnyIterator<UnicodeScalar>`, one dynamic call and one `UnicodeScalarView` append
/// per character, and CSVFile had to decode the whole file into a String for it first and then
/// re-walk every field to count its line breaks. On a 50,000-row, 11 MB Goodreads export
/// (`bench/gen_goodreads.py -n 50000 --seed 1 --offset 25000`), `CSVFile(bytes:)` in a release
/// build took 345 ms with it (32 MB/s) and takes 25 ms with this parser (440 MB/s), which
/// validates the UTF-8 once without copying it, walks the bytes once (eight at a time between
/// delimiters) and makes each field's String straight from its byte slice; a quoted field is
/// copied only when it holds `""` or a stray quote. CSV.swift is now a dependency of the tests
/// only: the reference this parser and ``CSVText`` are checked against.
///
/// The grammar is `CSVReader`'s, decision for decision, so every file reads as it did before
/// (CSVParserTests compares the two on random and hand-picked inputs):
/// - A field is quoted only when its first character is `"`; a quote anywhere else in an
///   unquoted field is an ordinary character.
/// - In a quoted field, a quote followed by the end of the file, CR or LF ends the record; by
///   the delimiter, the field; by a second quote, it is one literal quote. Followed by anything
///   else (text after a closing quote), the quote is kept, the character after it is dropped,
///   and the field goes on as quoted.
/// - An unterminated quoted field runs to the end of the file.
/// - One deliberate difference: inside a quoted field, CRLF and a lone CR are read as LF
///   (``quotedField(_:)``); `CSVReader` keeps them as written.
/// - CR, LF and CRLF end a record outside quotes; an empty line is a record of one empty
///   field; a delimiter at the end of the file adds an empty last field; no record follows a
///   final line break.
/// - The delimiter can be any scalar; CR, LF and a leading quote are tested before it, as
///   `CSVReader` tests them.
enum CSVParser {
    private static let quote: UInt8 = 0x22, cr: UInt8 = 0x0D, lf: UInt8 = 0x0A

    /// The records of `text`, which must be valid UTF-8 (fields are made from its byte slices).
    /// Without `quoting`, a quote is an ordinary character everywhere (tab-separated exports
    /// that never quote, where a review starting with `"` must not swallow the rows after it).
    static func records(_ text: UnsafeBufferPointer<UInt8>, delimiter: UnicodeScalar, quoting: Bool = true) -> [CSVFile.Record] {
        guard let base = text.baseAddress, text.count > 0 else { return [] }
        let end = text.count
        let delim = Array(String(delimiter).utf8)
        let d0 = delim[0], dlen = delim.count
        /// Whether the delimiter starts at `i` (whose byte is known to be `d0`). A multi-byte
        /// delimiter's lead byte only occurs at a scalar boundary, so this is scalar equality.
        @inline(__always) func delimiterTail(at i: Int) -> Bool {
            if dlen == 1 { return true }
            if i + dlen > end { return false }
            for k in 1..<dlen where base[i + k] != delim[k] { return false }
            return true
        }
        /// The first CR, LF or delimiter lead byte at or after `i`, else `end`; eight bytes
        /// at a time (a byte equal to the pattern's is a zero byte of their XOR).
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let crs = ones &* UInt64(cr), lfs = ones &* UInt64(lf), ds = ones &* UInt64(d0)
        @inline(__always) func nextSpecial(from i: Int) -> Int {
            var i = i
            while i + 8 <= end {
                let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let a = x ^ crs, b = x ^ lfs, c = x ^ ds
                let m = ((a &- ones) & ~a | (b &- ones) & ~b | (c &- ones) & ~c) & highs
                if m != 0 { return i + m.trailingZeroBitCount >> 3 }
                i += 8
            }
            while i < end {
                let b = base[i]
                if b == cr || b == lf || b == d0 { return i }
                i += 1
            }
            return end
        }
        @inline(__always) func string(_ start: Int, _ stop: Int) -> String {
            start == stop ? "" : String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
        }

        var records: [CSVFile.Record] = []
        var scratch: [UInt8] = []
        var p = 0
        var line = 1
        var width = 0  // the previous record's field count: most records have as many
        while p < end {
            var fields: [String] = []
            fields.reserveCapacity(width)
            var breaks = 0
            record: while true {
                if p == end {  // a delimiter was the last character
                    fields.append("")
                    break record
                }
                if quoting && base[p] == quote {
                    p += 1
                    var start = p
                    var copied = false
                    var endOfRecord = false
                    var stop: Int  // the content's end (exclusive) after `start`
                    while true {
                        guard let hit = memchr(base + p, Int32(quote), end - p) else {
                            stop = end  // unterminated: runs to the end of the file
                            p = end
                            endOfRecord = true
                            break
                        }
                        let q = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                        let n = q + 1
                        if n == end {
                            stop = q; p = n; endOfRecord = true
                            break
                        }
                        let c = base[n]
                        if c == cr || c == lf {
                            stop = q
                            p = n + 1
                            if c == cr, p < end, base[p] == lf { p += 1 }
                            endOfRecord = true
                            break
                        }
                        if c == d0, delimiterTail(at: n) {
                            stop = q; p = n + dlen
                            break
                        }
                        // `""` keeps one quote; a quote before anything else is kept and
                        // the character after it dropped (CSVReader's behaviour).
                        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: n - start))
                        copied = true
                        p = c == quote ? n + 1 : min(end, n + scalarLength(c))
                        start = p
                    }
                    let field: (text: String, breaks: Int)
                    if copied {
                        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: stop - start))
                        field = scratch.withUnsafeBufferPointer(quotedField)
                        scratch.removeAll(keepingCapacity: true)
                    } else {
                        field = quotedField(UnsafeBufferPointer(start: base + start, count: stop - start))
                    }
                    breaks += field.breaks
                    fields.append(field.text)
                    if endOfRecord { break record }
                } else {
                    let start = p
                    while true {
                        p = nextSpecial(from: p)
                        if p == end { break }
                        let b = base[p]
                        if b == lf || b == cr {
                            fields.append(string(start, p))
                            p += 1
                            if b == cr, p < end, base[p] == lf { p += 1 }
                            break record
                        }
                        if delimiterTail(at: p) { break }
                        p += 1
                    }
                    fields.append(string(start, p))
                    if p == end { break record }
                    p += dlen
                }
            }
            width = fields.count
            records.append(CSVFile.Record(fields: fields, line: line, index: records.count))
            line += 1 + breaks
        }
        return records
    }

    /// The length of the UTF-8 sequence whose lead byte is `b`.
    @inline(__always) static func scalarLength(_ b: UInt8) -> Int {
        b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
    }

    /// A quoted field's text from its content bytes, and the line breaks in it (CRLF counts
    /// once). Bytes without CR are decoded as they are; in a field holding one, each CRLF or
    /// lone CR becomes one LF: a line break inside a quoted field is the same text whichever way
    /// the file ends its lines (an editor or a spreadsheet saving it again with CRLF must not
    /// change a review or a list's description, nor the ids made from them).
    static func quotedField(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, breaks: Int) {
        var breaks = 0, sawCR = false, lastCR = false
        for u in bytes {
            if u == lf { if !lastCR { breaks += 1 }; lastCR = false } else if u == cr { breaks += 1; sawCR = true; lastCR = true } else { lastCR = false }
        }
        guard sawCR else { return (String(decoding: bytes, as: UTF8.self), breaks) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        lastCR = false
        for u in bytes {
            if u == cr { out.append(lf); lastCR = true; continue }
            if !(u == lf && lastCR) { out.append(u) }
            lastCR = false
        }
        return (String(decoding: out, as: UTF8.self), breaks)
    }
}
