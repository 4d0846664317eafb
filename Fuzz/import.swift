// libFuzzer target: the third-party export readers (`mwkit import`'s `MWImport.read`) on one
// file holding the input. Readers detect by content, but a few roles (watchlist, likes, the
// withheld credential files) also go by the name inside the export, so the first byte picks
// the file name; the rest is the file.
import Foundation
import MWImport

private let names = ["export.csv", "watchlist.csv", "likes-films.csv", "ratings.csv", "export.json",
                     "export.zip", "tracking-prod-records-v2.csv", "auth.csv"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let dir = fuzzScratch.appendingPathComponent("in", isDirectory: true)
    try? FileManager.default.removeItem(at: dir)
    try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent(names[Int(data[0]) % names.count])
    writeInput(UnsafeBufferPointer(start: data + 1, count: size - 1), to: file)
    _ = MWImport.read(sources: [file])
    return 0
}
