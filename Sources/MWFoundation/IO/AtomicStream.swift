import Foundation

/// An output written piece by piece and renamed into place only when ``commit()`` is called
/// (standard output when the path is "-"); ``abandon()`` removes the unfinished file. For
/// outputs produced alongside another job (e.g. a restore's plan), where ``AtomicFile/write(to:_:)``'s
/// closure does not fit.
public final class AtomicStream {
    private let target: URL?
    private let temp: URL?
    private var handle: FileHandle

    /// Opens `path` ("-" for standard output) for writing through a temporary file beside it.
    public init(path: String) throws {
        guard path != "-" else {
            target = nil
            temp = nil
            handle = FileHandle.standardOutput
            return
        }
        let url = URL(fileURLWithPath: path)
        let tmp = AtomicFile.temporaryURL(beside: url)
        guard FileManager.default.createFile(atPath: tmp.path, contents: nil), let h = FileHandle(forWritingAtPath: tmp.path) else {
            throw OutputPlace.cannotCreate(url, errno: errno)
        }
        target = url
        temp = tmp
        handle = h
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) { handle.write(Data(bytes)) }

    /// Makes the output visible under its name, complete.
    public func commit() throws {
        guard let target, let temp else { return }
        try handle.synchronize()
        try handle.close()
        try AtomicFile.commit(temp, to: target)
    }

    /// Drops the unfinished output.
    public func abandon() {
        guard let temp else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: temp)
    }
}
