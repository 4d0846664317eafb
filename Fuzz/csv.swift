// libFuzzer target: MWFoundation's CSV reading (`CSVFile(bytes:name:)`: decoding, records,
// line numbers) and the table built on it, as every CSV reader uses them. The first byte's low
// bit picks comma or tab (the two delimiters the readers pass).
import Foundation
import MWFoundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let file = try? CSVFile(bytes: bytes, name: "fuzz.csv", delimiter: data[0] & 1 == 0 ? "," : "\t") else { return 0 }
    // What a reader does with it: the header found, values looked up by column name, and a
    // diagnostic positioned on a row.
    if let table = file.table, let first = table.header.fields.first {
        for row in table.rows {
            _ = table.value(row, first)
            _ = table.diagnostic(.warning, "fuzz", "x", row: row, column: first)
        }
    }
    return 0
}
