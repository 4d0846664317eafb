import Foundation
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// `mwkit unpack`: extracts a ZIP into a new directory, atomically.
public enum ZipUnpacker {
    /// Extracts every entry of `url` into `directory`, which must not exist yet (an empty
    /// directory is replaced). Entries are written into a temporary directory beside it, hashed
    /// and checked against the manifest when there is one; only when every check passes is the
    /// temporary directory renamed to `directory`. Any unsafe entry (`..`, absolute path, link,
    /// device, duplicate, encrypted), corruption, limit or checksum mismatch aborts with
    /// ``MWError/invalid(_:)`` and leaves nothing behind.
    ///
    /// - Returns: warnings (no manifest, unlisted entries) and the number of files extracted.
    @discardableResult
    public static func unpack(url: URL, to directory: URL, limits: ZipLimits = .init()) throws -> (diagnostics: [Diagnostic], files: Int) {
        let dest = directory.standardizedFileURL
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dest.path, isDirectory: &isDir) {
            let empty = isDir.boolValue && ((try? FileManager.default.contentsOfDirectory(atPath: dest.path))?.isEmpty ?? false)
            guard empty else { throw MWError.usage("\(dest.path) already exists; unpack needs a new or empty directory") }
        }
        AtomicFile.removeStaleTemporaries(beside: dest)
        let tmp = AtomicFile.temporaryURL(beside: dest)
        guard mkdir(tmp.path, 0o755) == 0 else { throw OutputPlace.cannotCreate(dest, errno: errno) }
        var committed = false
        defer { if !committed { try? FileManager.default.removeItem(at: tmp) } }

        let scan = ZipScan(plan: ScanPlan(limits: limits, hashAll: true, detectJSON: false, extractRoot: tmp))
        defer { scan.cleanUp() }
        try scan.run(url: url)
        var diags = scan.diagnostics
        if let bytes = scan.manifestBytes {
            switch ZipManifest.decode(bytes) {
            case .success(let m): diags += ZipInspection.checkManifest(m, scan: scan, backupEntry: nil, refsByKey: nil)
            case .failure(let why): diags.append(ZipManifest.diagnostic(for: why))
            }
        } else if !scan.stopped {
            diags.append(.warning(.zipNoManifest, "the archive has no \(ZipLayout.manifestName); entries cannot be checked against checksums"))
        }
        if diags.contains(where: { $0.severity == .error }) { throw MWError.invalid(diags) }

        if FileManager.default.fileExists(atPath: dest.path) { rmdir(dest.path) }
        guard rename(tmp.path, dest.path) == 0 else {
            throw MWError.io("cannot rename \(tmp.path) to \(dest.path): \(String(cString: strerror(errno)))")
        }
        committed = true
        return (diags, scan.entries.filter { !$0.isDirectory }.count)
    }
}
