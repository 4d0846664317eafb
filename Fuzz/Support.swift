// Shared by every harness (compiled into each fuzz binary beside its own file; see
// scripts/fuzz.sh). Not part of the package: SwiftPM never sees this folder.
import Foundation

/// A fresh private directory per fuzz process, on tmpfs when there is one: the file-based
/// harnesses write every input to disk, and a disk-backed /tmp would make that the bottleneck.
let fuzzScratch: URL = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let url = URL(fileURLWithPath: base).appendingPathComponent("mwkit-fuzz-\(getpid())")
    try? FileManager.default.removeItem(at: url)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // libFuzzer ends a run with exit(); the directory goes with it.
    atexit { try? FileManager.default.removeItem(atPath: "/dev/shm/mwkit-fuzz-\(getpid())") }
    return url
}()

/// Writes `bytes` to `url`, replacing what was there (a failure here is the harness's, so trap).
func writeInput(_ bytes: UnsafeBufferPointer<UInt8>, to url: URL) {
    try! Data(buffer: bytes).write(to: url)
}

/// Every path below `root`, relative, sorted (for the containment checks).
func listTree(_ root: URL) -> [String] {
    guard let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return (e.allObjects as? [String] ?? []).sorted()
}

/// A property the harness checks failed: report and abort, so libFuzzer keeps the input.
func fuzzFailure(_ message: String) -> Never {
    fputs("mwkit-fuzz: \(message)\n", stderr)
    abort()
}
