import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes outputs atomically: bytes go to a temporary file beside the destination, which is
/// renamed over it only when complete, so a failed run never leaves a partial output.
public enum AtomicFile {
    /// Writes `data` to `url` atomically (or to standard output when `url` is nil).
    public static func write(_ data: [UInt8], to url: URL?) throws {
        try write(to: url) { sink in sink.write(data) }
    }

    /// Streams output produced by `body` into `url` atomically (stdout when `url` is nil).
    /// The temporary file is removed if `body` throws.
    public static func write(to url: URL?, _ body: (inout FileSink) throws -> Void) throws {
        guard let url else {
            var sink = FileSink(fd: 1)
            try body(&sink)
            try sink.flush()
            return
        }
        let tmp = temporaryURL(beside: url)
        let fd = open(tmp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputPlace.cannotCreate(url, errno: errno) }
        var sink = FileSink(fd: fd)
        do {
            try body(&sink)
            try sink.flush()
            try syncUnlessDeferred(fd, tmp)
            close(fd)
            guard rename(tmp.path, url.path) == 0 else {
                throw MWError.io("cannot rename to \(url.path): \(String(cString: strerror(errno)))")
            }
        } catch {
            close(fd)
            unlink(tmp.path)
            throw error
        }
    }

    /// A temporary path beside `url` for callers that build a file themselves
    /// (e.g. libarchive) and then call ``commit(_:to:)``.
    public static func temporaryURL(beside url: URL) -> URL {
        url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// When true (a batch job sets it around each output), outputs are renamed into place
    /// without their own fsync; the job syncs the file system once per group of outputs and at
    /// the end (``syncFileSystem(containing:)``). A killed process never leaves a partial
    /// output either way (the rename comes after the last byte); only a power loss before the
    /// group sync can, and the job's resume check redoes an empty output.
    @TaskLocal public static var syncDeferred = false

    /// fsync of a finished temporary file, unless a batch defers it.
    public static func syncUnlessDeferred(_ fd: Int32, _ path: URL) throws {
        if syncDeferred { return }
        guard fsync(fd) == 0 else { throw MWError.io("cannot sync \(path.path): \(String(cString: strerror(errno)))") }
    }

    /// Flushes every written file to disk, then the directory entries under `directory`'s
    /// file system. `sync(2)` (Linux waits for it to finish); Glibc's module does not export the
    /// narrower `syncfs`, and one sync per thousand outputs costs little either way.
    public static func syncFileSystem(containing directory: URL) throws {
        sync()
        let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw MWError.io("cannot open \(directory.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw MWError.io("cannot sync \(directory.path): \(String(cString: strerror(errno)))") }
    }

    /// Removes temporary files that a killed run left beside `url` (same target name, a
    /// process id that no longer runs), so leftovers never pile up in a user's folder.
    public static func removeStaleTemporaries(beside url: URL) {
        removeStaleTemporaries(in: url.deletingLastPathComponent(), targetsStartingWith: "\(url.lastPathComponent).tmp-")
    }

    /// Removes stale temporaries in `dir` of every target whose name starts with `prefix`
    /// (e.g. all snapshots of a database, whose names carry a time).
    public static func removeStaleTemporaries(in dir: URL, targetsStartingWith prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        // `.out.zip.tmp-…`, and the temporary of a temporary a ZIP's inner JSON makes
        // (`..out.zip.tmp-….json.tmp-…`): any number of leading dots.
        for n in names where n.hasPrefix(".") && n.drop(while: { $0 == "." }).hasPrefix(prefix) && isStale(n) {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent(n))
        }
    }

    /// Removes every stale temporary file (see ``removeStaleTemporaries(beside:)``) anywhere
    /// under `directory`: what a batch job does once before it starts.
    public static func removeStaleTemporaries(under directory: URL) {
        guard let e = FileManager.default.enumerator(atPath: directory.path) else { return }
        for case let rel as String in e {
            let name = (rel as NSString).lastPathComponent
            if name.hasPrefix("."), name.contains(".tmp-"), isStale(name) {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(rel))
                e.skipDescendants()
            }
        }
    }

    /// `.<name>.tmp-<pid>-<n>` whose process is gone, and the `-journal`, `-wal` or `-shm`
    /// file SQLite keeps beside such a temporary (a snapshot is written by SQLite into one; a
    /// kill during it left the journal behind, which no run removed).
    static func isStale(_ name: String) -> Bool {
        guard let r = name.range(of: ".tmp-", options: .backwards) else { return false }
        var tail = name[r.upperBound...]
        for sidecar in ["-journal", "-wal", "-shm"] where tail.hasSuffix(sidecar) { tail = tail.dropLast(sidecar.count); break }
        let parts = tail.split(separator: "-")
        // `<pid>-<n>`, possibly followed by an extension (a ZIP's inner `.json` temporary).
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0,
              UInt32(parts[1].prefix { $0 != "." }) != nil else { return false }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Renames a finished temporary file over `url`.
    public static func commit(_ tmp: URL, to url: URL) throws {
        guard rename(tmp.path, url.path) == 0 else {
            let msg = String(cString: strerror(errno))
            unlink(tmp.path)
            throw MWError.io("cannot rename to \(url.path): \(msg)")
        }
    }
}

/// A buffered writer to a file descriptor, flushing in 1 MiB chunks to keep memory flat.
public struct FileSink {
    let fd: Int32
    var buffer: [UInt8] = []
    private let chunk = 1 << 20
    /// The first write error, reported by the next ``flush()``.
    private var failure: MWError?

    public init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(chunk + 4096)
    }

    /// Appends bytes, flushing when the buffer is full.
    public mutating func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= chunk {
            do { try flush() } catch { failure = failure ?? (error as? MWError) ?? .io("\(error)") }
        }
    }

    /// Appends a chunk: written straight out, not copied into the buffer first, when nothing
    /// is buffered and it fills a buffer by itself (a streaming writer's 1 MiB chunks).
    public mutating func write(_ bytes: [UInt8]) {
        guard buffer.isEmpty, bytes.count >= chunk, failure == nil else {
            write(bytes[...])
            return
        }
        do { try bytes.withUnsafeBytes { try Self.writeAll(fd, $0) } } catch { failure = (error as? MWError) ?? .io("\(error)") }
    }

    /// Writes out buffered bytes.
    public mutating func flush() throws {
        if let failure { throw failure }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { try Self.writeAll(fd, $0) }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var off = 0
        while off < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + off, bytes.count - off)
            if n < 0 {
                if errno == EINTR { continue }
                throw MWError.io("write failed: \(String(cString: strerror(errno)))")
            }
            off += n
        }
    }
}
