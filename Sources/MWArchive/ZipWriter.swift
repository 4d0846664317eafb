import Crypto
import Foundation
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// Builds a mediawatch-zip in one streaming pass: JSON to a temporary file first (the encoder
/// streams), then every entry copied through a fixed 1 MiB buffer while hashing, the manifest
/// last. The archive goes to a temporary file renamed over the destination only when complete.
struct ZipWriter {
    /// Where the backup entry's bytes come from.
    enum JSONSource {
        /// Encode this library in `jsonFormat`.
        case library(Library)
        /// Copy this file, which already holds the backup in `jsonFormat`.
        case file(URL)
    }

    let json: JSONSource
    let jsonFormat: BackupFormat
    let references: [ImageReference]
    let exportDate: Date?
    let images: any ImageSource
    let requireImages: Bool
    let mtime: Date?

    /// One image entry to write: the image, and every record that uses it.
    private struct Planned {
        var key: ImageKey
        var records: [ZipManifest.Record]
    }

    /// Writes the archive. `shouldCommit` is asked once the archive is complete, just before
    /// it replaces `url`; returning false discards it (nothing is written).
    func write(to url: URL, shouldCommit: () -> Bool = { true }) throws -> [Diagnostic] {
        guard jsonFormat == .mediawatchV1 || jsonFormat == .mediawatchV2 else {
            throw MWError.usage("the JSON inside a ZIP must be mediawatch-v1 or mediawatch-v2, not \(jsonFormat.rawValue)")
        }
        var diags: [Diagnostic] = []
        // Which images, and whose.
        var plan: [ImageKey: Planned] = [:]
        for r in references {
            guard ZipLayout.isSafeFileName(r.fileName) else {
                diags.append(.warning(.zipImageName, "\(r.role.rawValue) path \(quoted(r.tmdbPath)) of \(r.entity.rawValue) \(quoted(r.recordId)) does not name a usable file; skipped"))
                continue
            }
            let key = ImageKey(role: r.role, fileName: r.fileName)
            plan[key, default: Planned(key: key, records: [])].records.append(
                ZipManifest.Record(entity: r.entity.rawValue, id: r.recordId, tmdbPath: r.tmdbPath))
        }
        let keys = plan.keys.sorted { $0.entryPath < $1.entryPath }
        try images.prepare(keys)
        var sources: [(Planned, URL)] = []
        for k in keys {
            if let f = images.file(for: k) { sources.append((plan[k]!, f)); continue }
            let r = plan[k]!.records[0]
            diags.append(Diagnostic(requireImages ? .error : .warning, .zipImageMissing,
                                    "\(k.role.rawValue) \(quoted(r.tmdbPath)) of \(r.entity) \(quoted(r.id)) is not in the image source"))
        }
        if requireImages, diags.contains(where: { $0.severity == .error }) { throw MWError.invalid(diags) }

        let time = ZipBackup.entryTime(exportDate: exportDate, override: mtime)
        // Before the JSON goes to a temporary file beside the output: a folder that cannot take
        // the output is named as the user wrote it.
        try OutputPlace.check(url)
        let jsonURL: URL
        var jsonTmp: URL?
        switch json {
        case .file(let f):
            jsonURL = f
        case .library(let library):
            let t = AtomicFile.temporaryURL(beside: url).appendingPathExtension("json")
            diags += try BackupIO.write(library, as: jsonFormat, to: t)
            jsonURL = t
            jsonTmp = t
        }
        defer { if let jsonTmp { unlink(jsonTmp.path) } }

        let tmp = AtomicFile.temporaryURL(beside: url)
        let fd = try createFile(tmp)
        do {
            let w = try ArchiveWriter(fd: fd, mtime: time)
            var copier = Copier()
            var entries: [ZipManifest.Entry] = []
            let (size, sha) = try copier.copy(jsonURL, into: w, as: ZipLayout.backupName, compression: .deflate)
            entries.append(.init(path: ZipLayout.backupName, role: "backup", size: size, sha256: sha))
            for (p, file) in sources {
                let (size, sha) = try copier.copy(file, into: w, as: p.key.entryPath, compression: .store)
                entries.append(.init(path: p.key.entryPath, role: p.key.role.rawValue, size: size, sha256: sha, records: p.records))
            }
            let manifest = try ZipManifest(backup: ZipLayout.backupName, backupFormat: jsonFormat, entries: entries).encoded()
            try w.begin(name: ZipLayout.manifestName, size: Int64(manifest.count), compression: .deflate)
            try w.write(manifest)
            try w.finish()
            // libarchive wrote the DOS date/time fields in local time: set them to UTC so the
            // bytes do not depend on the machine's time zone (process state left alone).
            try ZipTimestamps.set(ZipTimestamps.dos(time), in: tmp)
            try AtomicFile.syncUnlessDeferred(fd, tmp)
            close(fd)
            guard shouldCommit() else { unlink(tmp.path); return diags }
            try AtomicFile.commit(tmp, to: url)
        } catch {
            close(fd)
            unlink(tmp.path)
            throw error
        }
        return diags
    }
}

/// Streams files into an archive through one reusable buffer, hashing on the way.
struct Copier {
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    /// Copies `file` as entry `name`; returns its size and SHA-256 (hex).
    mutating func copy(_ file: URL, into w: ArchiveWriter, as name: String, compression: ZipCompression) throws -> (Int64, String) {
        // O_NONBLOCK: a fifo swapped in for an image must not hang us (regular files ignore it).
        let fd = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw MWError.io("cannot open \(file.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw MWError.io("\(file.path) is not a regular file") }
        let size = Int64(st.st_size)
        try w.begin(name: name, size: size, compression: compression)
        var hasher = SHA256()
        var done: Int64 = 0
        try buffer.withUnsafeMutableBytes { buf in
            while true {
                let n = read(fd, buf.baseAddress!, buf.count)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw MWError.io("cannot read \(file.path): \(String(cString: strerror(errno)))")
                }
                if n == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buf[0..<n])
                done += Int64(n)
                guard done <= size else { break }
                hasher.update(bufferPointer: chunk)
                try w.write(chunk)
            }
        }
        guard done == size else { throw MWError.failed("\(file.path) changed size while being packed (\(size) → \(done) bytes)") }
        return (size, hexDigest(hasher.finalize()))
    }
}
