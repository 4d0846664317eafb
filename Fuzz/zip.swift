// libFuzzer target: the mediawatch-zip paths of `restore`/`convert` (ZipBackup.read, then the
// images extracted as restore does), `verify` (full and quick) and `unpack`, on a file holding
// the input. Unpack goes into a directory two levels below the scratch root; afterwards the
// root must hold nothing but the input, those two levels and what is inside the target.
import Foundation
import MWCore
import MWArchive

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let root = fuzzScratch
    let input = root.appendingPathComponent("in.zip")
    writeInput(UnsafeBufferPointer(start: data, count: size), to: input)

    if let read = try? ZipBackup.read(url: input) {
        // restore extracts the images its records use; do the same, then let them go.
        try? read.images.prepare(Array(read.images.matched.keys))
    }
    _ = try? ZipVerifier.verify(url: input, quick: false)
    _ = try? ZipVerifier.verify(url: input, quick: true)

    let parent = root.appendingPathComponent("a/b", isDirectory: true)
    try! FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    let target = parent.appendingPathComponent("out", isDirectory: true)
    _ = try? ZipUnpacker.unpack(url: input, to: target)
    for path in listTree(root) where !["in.zip", "a", "a/b", "a/b/out"].contains(path) && !path.hasPrefix("a/b/out/") {
        fuzzFailure("unpack left \(path) outside its target")
    }
    // Nothing inside may lead out of it either.
    for path in listTree(target) {
        let attrs = try? FileManager.default.attributesOfItem(atPath: target.appendingPathComponent(path).path)
        if attrs?[.type] as? FileAttributeType == .typeSymbolicLink { fuzzFailure("unpack wrote a symbolic link \(path)") }
    }
    try? FileManager.default.removeItem(at: root.appendingPathComponent("a"))
    return 0
}
