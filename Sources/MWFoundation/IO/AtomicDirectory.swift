import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a folder of files as one output, atomically: the files go into a temporary folder
/// beside the destination (named like ``AtomicFile``'s temporaries, so a killed run's leftover is
/// removed by ``AtomicFile/removeStaleTemporaries(beside:)``), which is renamed into place only
/// when every file is complete. Also puts a single finished file where a folder was, for a
/// writer whose output is a file or a folder depending on its size.
///
/// A folder already at the destination is replaced only when `replaceable` accepts the names
/// it holds (a previous output of the same writer), never a folder of the user's. rename(2)
/// cannot put a folder over a non-empty folder (Glibc's module does not export renameat2's
/// exchange), so the old output is first renamed aside, the new one renamed in, and the old
/// one removed: a run killed in between leaves the old output as a stale temporary, never a
/// partial new one.
public enum AtomicDirectory {
    /// Writes `files` (names without `/`, in order) as the folder `url`.
    public static func write(_ files: [(name: String, bytes: [UInt8])], to url: URL,
                             replaceable: (_ names: [String]) -> Bool) throws {
        let tmp = AtomicFile.temporaryURL(beside: url)
        guard mkdir(tmp.path, 0o755) == 0 else { throw OutputPlace.cannotCreate(url, errno: errno) }
        do {
            for f in files {
                guard !f.name.isEmpty, !f.name.contains("/"), !f.name.hasPrefix(".") else { throw MWError.failed("\(quoted(f.name)) is not a plain file name") }
                try writeFile(f.bytes, to: tmp.appendingPathComponent(f.name))
            }
            try syncDirectory(tmp)
            try place(tmp, at: url, replaceable: replaceable)
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
    }

    /// Writes `bytes` as the file `url`; a folder at `url` is replaced when `replaceable` accepts it.
    public static func writeFile(_ bytes: [UInt8], replacingFolderAt url: URL, replaceable: (_ names: [String]) -> Bool) throws {
        guard isDirectory(url) else { return try AtomicFile.write(bytes, to: url) }
        let tmp = AtomicFile.temporaryURL(beside: url)
        do {
            try writeFile(bytes, to: tmp)
            try place(tmp, at: url, replaceable: replaceable)
        } catch {
            unlink(tmp.path)
            throw error
        }
    }

    /// Whether `url` is a folder (not following a final symbolic link).
    public static func isDirectory(_ url: URL) -> Bool {
        var st = stat()
        return lstat(url.path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Renames the finished `tmp` (file or folder) to `url`, replacing what is there.
    static func place(_ tmp: URL, at url: URL, replaceable: ([String]) -> Bool) throws {
        var st = stat()
        let exists = lstat(url.path, &st) == 0
        let oldIsDir = exists && (st.st_mode & S_IFMT) == S_IFDIR
        if oldIsDir {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            guard replaceable(names.sorted()) else {
                throw MWError.usage("\(url.path) is a folder that is not an earlier output of this format; mwkit replaces only its own output folders — choose another -o")
            }
        }
        guard exists && (oldIsDir || isDirectory(tmp)) else { return try AtomicFile.commit(tmp, to: url) }
        // A folder over anything, or anything over a folder: the old output goes aside first.
        let aside = AtomicFile.temporaryURL(beside: url)
        guard rename(url.path, aside.path) == 0 else { throw MWError.io("cannot move \(url.path) aside: \(String(cString: strerror(errno)))") }
        guard rename(tmp.path, url.path) == 0 else {
            let msg = String(cString: strerror(errno))
            _ = rename(aside.path, url.path)
            throw MWError.io("cannot rename to \(url.path): \(msg)")
        }
        try? FileManager.default.removeItem(at: aside)
    }

    private static func writeFile(_ bytes: [UInt8], to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw MWError.io("cannot create \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var sink = FileSink(fd: fd)
        sink.write(bytes)
        try sink.flush()
        try AtomicFile.syncUnlessDeferred(fd, url)
    }

    private static func syncDirectory(_ url: URL) throws {
        if AtomicFile.syncDeferred { return }
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw MWError.io("cannot open \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw MWError.io("cannot sync \(url.path): \(String(cString: strerror(errno)))") }
    }
}
