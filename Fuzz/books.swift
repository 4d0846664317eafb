// libFuzzer target: the books readers — the book trackers' exports (`mwkit import` of Goodreads,
// StoryGraph, LibraryThing: `BookExportReader`, then `BookImport` folding the rows into a
// library) and the `bookstrack-v1` JSON reader + validator. The first byte picks: even, a CSV
// export (its name from the byte; the readers detect by header); odd, the bookstrack JSON,
// which when valid is written back and must read back valid.
import Foundation
import MWBooks
import MWCore

private let names = ["goodreads_library_export.csv", "storygraph.csv", "LibraryThing_export.csv", "export.tsv"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBooks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] % 2 == 0 {
        let read = BookExportReader.read(bytes: bytes, name: names[Int(data[0] / 2) % names.count])
        _ = BookImport.run([read], options: BookImportOptions(importDate: Date(timeIntervalSince1970: 0)))
        return 0
    }
    let r = BookstrackReader.read(data: bytes)
    if let lib = r.library, !r.diagnostics.contains(where: { $0.severity == .error }) {
        let url = fuzzScratch.appendingPathComponent("books.json")
        do { try BookstrackWriter.write(lib, to: url) } catch { fuzzFailure("a valid books library could not be written: \(error)") }
        let again = BookstrackReader.read(data: Array((try? Data(contentsOf: url)) ?? Data()))
        if again.library == nil || again.diagnostics.contains(where: { $0.severity == .error }) {
            fuzzFailure("a valid books library written back does not read back valid")
        }
    }
    return 0
}
