// libFuzzer target: the MediaWatch v1/v2 JSON reader + validator, through the entry point
// `validate`, `convert` and friends use for a JSON backup (`BackupIO.read(data:options:)`).
// A valid backup is also written back out and read again: what we accept, we must be able to
// write and re-accept (a writer or reader disagreement is a finding too).
import Foundation
import MWCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let r = BackupIO.read(data: bytes)
    // The streaming pass (validate's: no library built) must agree on validity.
    let quick = BackupIO.read(data: bytes, options: ReadOptions(buildLibrary: false))
    if quick.isValid != r.isValid {
        fuzzFailure("buildLibrary: false says valid=\(quick.isValid), true says \(r.isValid)")
    }
    guard r.isValid, let library = r.library, let format = r.format else { return 0 }
    guard let out = try? BackupIO.encode(library, as: format) else {
        fuzzFailure("a valid \(format) backup could not be written back")
    }
    let again = BackupIO.read(data: out.bytes)
    if !again.isValid { fuzzFailure("a valid backup written back is invalid: \(again.diagnostics.prefix(3))") }
    return 0
}
