import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A read-only memory mapping of an input file.
///
/// Why a mapping and not `Data(contentsOf:)`: the reader walks the bytes once, front to back,
/// and ``releaseBefore(_:)`` lets it hand pages it has passed back to the kernel, so peak
/// memory stays far below the file's size even for very large backups. Inputs are never modified.
// Sendable: the mapping is read-only and set once in init (close() is the owner's, after
// reading); `released`, the only state readers change, is atomic.
public final class MappedFile: @unchecked Sendable {
    public let url: URL
    private var base: UnsafeMutableRawPointer?
    public let count: Int
    private let released = Atomic<Int>(0)
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `url` read-only. Throws ``MWError/io(_:)`` if it cannot be opened or is not a regular file.
    public init(url: URL) throws {
        self.url = url
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MWError.io("cannot open \(url.path): \(String(cString: strerror(errno)))") }
        defer { Glibc.close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw MWError.io("cannot stat \(url.path)") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw MWError.io("\(url.path) is not a regular file") }
        count = Int(st.st_size)
        if count > 0 {
            let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
            guard let p, p != MAP_FAILED else { throw MWError.io("cannot map \(url.path): \(String(cString: strerror(errno)))") }
            base = p
            madvise(p, count, MADV_SEQUENTIAL)
        }
    }

    /// Calls `body` with the file's bytes.
    public func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        guard let base else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try MappedFile.$current.withValue(self) {
            try body(UnsafeRawBufferPointer(start: base, count: count))
        }
    }

    /// Tells the kernel the pages before `offset` are no longer needed (they are re-read
    /// from the file if touched again, e.g. to locate a diagnostic).
    public func releaseBefore(_ offset: Int) {
        guard let base else { return }
        let end = (offset / MappedFile.page) * MappedFile.page
        // Readers may jump back (the pre-scan walks the file once before the main pass), so
        // the whole range before `offset` is released, at most once per MiB of progress.
        var done = released.load(ordering: .relaxed)
        if end < done { done = 0; released.store(0, ordering: .relaxed) }
        if end - done >= 1 << 20 {
            madvise(base, end, MADV_DONTNEED)
            released.store(end, ordering: .relaxed)
        }
    }

    /// Unmaps the file.
    public func close() {
        if let base { munmap(base, count) }
        base = nil
    }

    deinit { close() }

    /// The file whose bytes are being read on this task, so the reader can release pages.
    @TaskLocal public static var current: MappedFile?
}
