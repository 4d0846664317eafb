// libFuzzer target: the library database open path of `mwkit check` — the input written as the
// database file, `LibraryStore.open(at:mode: .readOnly)`, then `check()`. Anything may be
// refused with an error; nothing may crash, hang or leak.
//
// MWFUZZ_WRITE_SEEDS=<dir> (with MWFUZZ_SAMPLE=<backup.json>) makes the binary write seed
// databases (an empty library and one holding the sample) and exit: scripts/fuzz.sh uses it,
// so the seeds always have the current schema.
import Foundation
import MWCore
@testable import MWStore

@_cdecl("LLVMFuzzerInitialize")
public func fuzzDBInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>) -> CInt {
    guard let dir = ProcessInfo.processInfo.environment["MWFUZZ_WRITE_SEEDS"] else { return 0 }
    let out = URL(fileURLWithPath: dir)
    try! FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    func seed(_ name: String, _ fill: (LibraryStore) throws -> Void) {
        let url = out.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        let store = try! LibraryStore.open(at: url, mode: .create)
        try! fill(store)
        // Small pages and no WAL: a seed of a few kilobytes mutates far faster than one of 100.
        try! store.queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode=DELETE; PRAGMA page_size=512; VACUUM;")
        }
        try! store.close()
    }
    seed("empty.db") { _ in }
    if let sample = ProcessInfo.processInfo.environment["MWFUZZ_SAMPLE"],
       let library = try! BackupIO.read(url: URL(fileURLWithPath: sample)).library {
        seed("sample.db") { try $0.restore(library, options: RestoreOptions(strategy: .replace, snapshot: false)) }
    }
    exit(0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = fuzzScratch.appendingPathComponent("library.db")
    for suffix in ["-wal", "-shm", "-journal"] { unlink(url.path + suffix) }
    writeInput(UnsafeBufferPointer(start: data, count: size), to: url)
    if let store = try? LibraryStore.open(at: url, mode: .readOnly) {
        _ = try? store.check()
        try? store.close()
    }
    return 0
}
