import CArchive
import Crypto
import Foundation
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// What a scan does with each entry's data. Data not needed by any option is skipped
/// (for stored entries libarchive seeks past it without reading).
struct ScanPlan {
    var limits: ZipLimits
    /// Hash every entry (full verify, unpack); otherwise only entries read anyway are hashed.
    var hashAll = false
    /// Copy entries whose content looks like JSON to temporary files (backup detection).
    var detectJSON = true
    /// Extract every file entry under this directory (unpack).
    var extractRoot: URL?
    /// Extract these entries (canonical name → destination file) — images for another archive.
    var extractFiles: [String: URL] = [:]
}

/// One accepted (safe) entry seen by a scan.
struct ScannedEntry {
    /// Canonical name (`./a//b` → `a/b`).
    var name: String
    var isDirectory: Bool
    /// Bytes actually read when the data was read, otherwise the declared size (or nil).
    var size: Int64?
    /// Lower-case hex SHA-256, when the data was read.
    var sha256: String?
}

/// One sequential pass over a ZIP through libarchive: checks every entry against the hostile-
/// archive rules (paths, types, duplicates, encryption, limits), hashes, and extracts what the
/// ``ScanPlan`` asks for. Problems become diagnostics; limits and corruption stop the scan.
final class ZipScan {
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var entries: [ScannedEntry] = []
    /// Entries whose content looks like JSON, copied to temporary files.
    private(set) var jsonCandidates: [(name: String, file: URL)] = []
    /// The bytes of `manifest.json` at the archive root, when present and within limits.
    private(set) var manifestBytes: [UInt8]?
    /// True when the scan could not reach the end of the archive (corruption, limits).
    private(set) var stopped = false
    /// The file has no end record: it was cut short, and read errors say so.
    private var endsEarly = false
    /// Called with each complete JSON candidate as soon as it is extracted, so the caller can
    /// validate it on another core while the scan goes on hashing the images after it.
    var onCandidate: ((_ name: String, _ file: URL) -> Void)?
    /// Temporary directory holding JSON candidates; removed by ``cleanUp()``.
    private var tempDir: URL?

    private let p: ScanPlan
    private var seen = Set<String>()
    private var totalBytes: Int64 = 0
    private var declaredTotal: Int64 = 0
    private var count = 0

    init(plan: ScanPlan) {
        p = plan
    }

    deinit { cleanUp() }

    /// Removes temporary files made for JSON candidates.
    func cleanUp() {
        if let tempDir { try? FileManager.default.removeItem(at: tempDir) }
        tempDir = nil
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    private func error(_ code: DiagnosticCode, _ msg: String) { diagnostics.append(.error(code, msg)) }

    /// Scans `url`. Throws ``MWError/io(_:)`` when the file cannot be opened or is not a ZIP;
    /// every other problem is a diagnostic.
    func run(url: URL) throws {
        let reader = try ArchiveReader(url: url)
        endsEarly = ZipCentralDirectory.endsEarly(url: url)
        // A bomb is refused from the declared sizes before anything is inflated, whether or not
        // this scan would have read the entry's bytes (validate skips images; unpack reads them).
        if let bomb = ZipCentralDirectory.read(url: url, maxEntries: p.limits.maxEntries)?.bomb(p.limits) {
            error(.zipLimitExceeded, bomb.message)
            stopped = true
            return
        }
        while true {
            let raw: RawEntry?
            do { raw = try reader.next() } catch {
                self.error(.zipCorrupt, endsEarly ? "the ZIP ends early (truncated?) after \(counted(count, "entry", "entries"))"
                    : "the archive is corrupt or truncated after \(counted(count, "entry", "entries")): \(error)")
                stopped = true
                return
            }
            guard let raw else { break }
            count += 1
            if count > p.limits.maxEntries {
                error(.zipLimitExceeded, "the archive has more than \(p.limits.maxEntries) entries (--max-entries)")
                stopped = true
                return
            }
            guard accept(raw) else {
                do { try reader.skipData() } catch { corrupt(raw.name, error); return }
                continue
            }
            let name = EntryPath.canonical(raw.name)
            if raw.isDirectory {
                entries.append(ScannedEntry(name: name, isDirectory: true, size: nil, sha256: nil))
                if let root = p.extractRoot, !hasErrors {
                    do { try makeDirectories(root, name) } catch { self.error(.zipUnsafePath, "\(quoted(raw.name)): \(error)") }
                }
                do { try reader.skipData() } catch { corrupt(raw.name, error); return }
                continue
            }
            if let s = raw.size {
                declaredTotal += s
                if declaredTotal > p.limits.maxTotalBytes {
                    error(.zipLimitExceeded, "the entries declare more than \(p.limits.maxTotalBytes) uncompressed bytes in total (--max-total-size), at \(quoted(raw.name))")
                    stopped = true
                    return
                }
            }
            do {
                let e = try readEntry(raw, name: name, reader: reader)
                entries.append(e)
            } catch let f as LimitFailure {
                error(.zipLimitExceeded, f.message)
                stopped = true
                return
            } catch let e as ArchiveFailure {
                corrupt(raw.name, e)
                return
            } catch let e as MWError {
                // Our side failed (disk full, permissions): not the archive's fault.
                stopped = true
                throw e
            } catch {
                self.error(.zipCorrupt, "\(quoted(raw.name)): \(error)")
                stopped = true
                return
            }
        }
        // Every entry read, but the central directory's end record is gone: the file was cut
        // short after the entries, and a reader that starts from the end (unzip) refuses it.
        if endsEarly { error(.zipCorrupt, "the ZIP ends early (truncated?): its central directory's end record is missing") }
    }

    private func corrupt(_ name: String, _ e: Error) {
        error(.zipCorrupt, endsEarly ? "entry \(quoted(name)): the ZIP ends early (truncated?)" : "entry \(quoted(name)) is corrupt or truncated: \(e)")
        stopped = true
    }

    /// Applies the per-entry safety rules. False when the entry must not be used.
    private func accept(_ raw: RawEntry) -> Bool {
        if let why = EntryPath.problem(raw.name) {
            error(.zipUnsafePath, "entry \(quoted(raw.name)): \(why); refusing to use it")
            return false
        }
        if !raw.isRegular && !raw.isDirectory {
            let target = raw.symlink ?? raw.hardlink
            error(.zipUnsupportedEntry, "entry \(quoted(raw.name)) is a \(raw.typeName)\(target.map { " pointing to \(quoted($0))" } ?? ""); only regular files and directories are allowed")
            return false
        }
        if raw.isEncrypted {
            error(.zipEncryptedEntry, "entry \(quoted(raw.name)) is encrypted; encrypted archives are not supported")
            return false
        }
        let canon = EntryPath.canonical(raw.name)
        if !seen.insert(canon).inserted {
            error(.zipDuplicateEntry, "entry \(quoted(raw.name)) appears more than once; the archive is ambiguous")
            return false
        }
        return true
    }

    private struct LimitFailure: Error { var message: String }

    /// Reads one regular entry's data into the sinks the plan asks for.
    private func readEntry(_ raw: RawEntry, name: String, reader: ArchiveReader) throws -> ScannedEntry {
        let isManifest = name == ZipLayout.manifestName
        let isImage = ZipLayout.isImagePath(name)
        var outFile: (fd: Int32, url: URL)?
        var extractTarget: URL?
        if let root = p.extractRoot, !hasErrors {
            // Everything before the last "/", not `NSString.deletingLastPathComponent`: Foundation
            // on Linux (swift-corelibs, 6.3) traps on any one-character string, so an entry named
            // `x` crashed unpack and restore (fuzz finding, Fuzz/regressions/zip/one-char-name.zip).
            let dir = name.lastIndex(of: "/").map { String(name[..<$0]) } ?? ""
            if !dir.isEmpty { try makeDirectories(root, dir) }
            extractTarget = root.appendingPathComponent(name)
        } else if let dest = p.extractFiles[name] {
            extractTarget = dest
        }
        // At most 16 JSON candidates are looked at: a backup ZIP holds one, and a hostile
        // archive full of JSON files must not start thousands of parses.
        let mayBeJSON = p.detectJSON && !isImage && !isManifest && jsonCandidates.count < 16
        let needData = p.hashAll || isManifest || mayBeJSON || extractTarget != nil
        guard needData else {
            try reader.skipData()
            return ScannedEntry(name: name, isDirectory: false, size: raw.size, sha256: nil)
        }
        if let t = extractTarget { outFile = (try createFile(t), t) }
        defer { if let f = outFile { close(f.fd) } }

        var hasher = SHA256()
        var produced: Int64 = 0
        var manifest: [UInt8]? = isManifest ? [] : nil
        var decided = !mayBeJSON
        var jsonFile: (fd: Int32, url: URL)?
        defer { if let j = jsonFile { close(j.fd) } }
        let start = reader.consumedBytes
        try reader.readData { block in
            produced += Int64(block.count)
            totalBytes += Int64(block.count)
            if totalBytes > p.limits.maxTotalBytes {
                throw LimitFailure(message: "the archive expands to more than \(p.limits.maxTotalBytes) bytes (--max-total-size), at \(quoted(raw.name))")
            }
            if produced > p.limits.ratioThreshold {
                let consumed = max(reader.consumedBytes - start, 1)
                if produced / consumed > Int64(p.limits.maxRatio) {
                    throw LimitFailure(message: "entry \(quoted(raw.name)) expands more than \(p.limits.maxRatio)× (\(produced) bytes from \(consumed)); likely a decompression bomb (--max-ratio)")
                }
            }
            hasher.update(bufferPointer: block)
            if manifest != nil {
                if Int64(manifest!.count + block.count) > p.limits.maxManifestBytes {
                    throw LimitFailure(message: "\(ZipLayout.manifestName) is larger than \(p.limits.maxManifestBytes) bytes")
                }
                manifest!.append(contentsOf: block)
            }
            if !decided {
                decided = true
                if BackupIO.detect(prefix: block.prefix(4096)) == .json {
                    let u = try tempDirectory().appendingPathComponent("candidate-\(jsonCandidates.count).json")
                    jsonFile = (try createFile(u), u)
                    jsonCandidates.append((name, u))
                }
            }
            if let j = jsonFile { try writeAll(j.fd, block, j.url) }
            if let f = outFile { try writeAll(f.fd, block, f.url) }
        }
        if let s = raw.size, s != produced {
            throw ArchiveFailure(message: "declared size \(s) but \(produced) bytes were read")
        }
        if isManifest { manifestBytes = manifest }
        if let j = jsonFile {
            close(j.fd)
            jsonFile = nil
            onCandidate?(name, j.url)
        }
        let digest = hexDigest(hasher.finalize())
        return ScannedEntry(name: name, isDirectory: false, size: produced, sha256: digest)
    }

    private func tempDirectory() throws -> URL {
        if let tempDir { return tempDir }
        let u = try TemporaryItems.makeDirectory("zip")
        tempDir = u
        return u
    }
}

/// Creates a new file for writing; never follows or replaces an existing path.
func createFile(_ url: URL) throws -> Int32 {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw MWError.io("cannot create \(url.path): \(String(cString: strerror(errno)))") }
    return fd
}

/// Writes a whole buffer to a descriptor, retrying short writes.
func writeAll(_ fd: Int32, _ buf: UnsafeRawBufferPointer, _ url: URL) throws {
    var off = 0
    while off < buf.count {
        let n = write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0 {
            if errno == EINTR { continue }
            throw MWError.io("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        off += n
    }
}

/// Creates `rel`'s directories under `root` one component at a time (mkdir, never following
/// anything that is not a directory we can see).
func makeDirectories(_ root: URL, _ rel: String) throws {
    var cur = root
    for comp in rel.split(separator: "/") {
        cur.appendPathComponent(String(comp))
        if mkdir(cur.path, 0o755) != 0 {
            guard errno == EEXIST else { throw MWError.io("cannot create \(cur.path): \(String(cString: strerror(errno)))") }
            var st = stat()
            guard lstat(cur.path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
                throw MWError.io("\(cur.path) exists and is not a directory")
            }
        }
    }
}

/// Lower-case hex of a digest (String(format:) is far slower for thousands of entries).
func hexDigest<D: Sequence>(_ d: D) -> String where D.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for b in d { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
    return String(decoding: out, as: UTF8.self)
}
