import CArchive
import Foundation
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// libarchive's `AE_IF*` file-type constants (macros with casts, which Swift does not import).
enum AE {
    static let fmt: UInt32 = 0o170000
    static let reg: UInt32 = 0o100000
    static let lnk: UInt32 = 0o120000
    static let sock: UInt32 = 0o140000
    static let chr: UInt32 = 0o020000
    static let blk: UInt32 = 0o060000
    static let dir: UInt32 = 0o040000
    static let ifo: UInt32 = 0o010000
}

/// A failure reported by libarchive while reading or writing, with its message.
struct ArchiveFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The header of one archive entry, as libarchive reports it.
struct RawEntry {
    /// The entry's name exactly as stored (UTF-8 when libarchive can convert it).
    var name: String
    /// `AE_IF*` file type bits.
    var fileType: UInt32
    /// The declared uncompressed size, when the archive states one.
    var size: Int64?
    var isEncrypted: Bool
    /// Non-nil for hardlink entries.
    var hardlink: String?
    /// Non-nil for symlink entries.
    var symlink: String?

    var isRegular: Bool { fileType == AE.reg && hardlink == nil }
    var isDirectory: Bool { fileType == AE.dir }

    /// A human name for the entry's type, for diagnostics.
    var typeName: String {
        if hardlink != nil { return "hardlink" }
        switch fileType {
        case AE.reg: return "regular file"
        case AE.dir: return "directory"
        case AE.lnk: return "symlink"
        case AE.chr: return "character device"
        case AE.blk: return "block device"
        case AE.ifo: return "fifo"
        case AE.sock: return "socket"
        default: return "entry of unknown type (mode \(String(fileType, radix: 8)))"
        }
    }
}

/// Sequential reader over a ZIP file through libarchive. Only the ZIP format is enabled, so
/// any other input is refused rather than read as tar, cpio, etc. Data is streamed in blocks
/// (never the whole entry in memory).
final class ArchiveReader {
    private let a: OpaquePointer
    private var entry: OpaquePointer?
    let url: URL

    /// Opens `url`. Throws ``MWError/io(_:)`` when the file cannot be opened or is not a ZIP.
    /// (On a throw after `a` is set, `deinit` runs and frees the handle.)
    init(url: URL, blockSize: Int = 1 << 20) throws {
        self.url = url
        guard let a = archive_read_new() else { throw MWError.io("libarchive: out of memory") }
        self.a = a
        archive_read_support_format_zip(a)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw MWError.io("\(url.path): no such file")
        }
        if isDir.boolValue { throw MWError.io("\(url.path) is a directory") }
        if archive_read_open_filename(a, url.path, blockSize) != ARCHIVE_OK {
            let msg = ArchiveReader.message(a)
            throw MWError.io("\(url.path) is not a readable ZIP archive (\(msg))")
        }
    }

    deinit { archive_read_free(a) }

    static func message(_ a: OpaquePointer) -> String {
        archive_error_string(a).map { String(cString: $0) } ?? "unknown libarchive error"
    }

    /// Bytes read from the file so far (compressed side), for ratio checks.
    var consumedBytes: Int64 { archive_filter_bytes(a, -1) }

    /// The next entry header, nil at the end. Throws ``ArchiveFailure`` on corruption.
    func next() throws -> RawEntry? {
        var e: OpaquePointer?
        let r = archive_read_next_header(a, &e)
        if r == ARCHIVE_EOF { return nil }
        guard r == ARCHIVE_OK || r == ARCHIVE_WARN, let e else { throw ArchiveFailure(message: ArchiveReader.message(a)) }
        entry = e
        let namePtr = archive_entry_pathname_utf8(e) ?? archive_entry_pathname(e)
        let name = namePtr.map { String(cString: $0) } ?? ""
        return RawEntry(
            name: name,
            fileType: UInt32(archive_entry_filetype(e)),
            size: archive_entry_size_is_set(e) != 0 ? archive_entry_size(e) : nil,
            isEncrypted: archive_entry_is_encrypted(e) != 0,
            hardlink: archive_entry_hardlink(e).map { String(cString: $0) },
            symlink: archive_entry_symlink(e).map { String(cString: $0) })
    }

    /// Streams the current entry's data to `body` block by block (blocks are libarchive's
    /// buffers, valid only during the call). Throws ``ArchiveFailure`` on corrupt data (bad CRC,
    /// truncation) or rethrows `body`'s error.
    func readData(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buf: UnsafeRawPointer?
        var size = 0
        var offset: la_int64_t = 0
        while true {
            let r = archive_read_data_block(a, &buf, &size, &offset)
            if r == ARCHIVE_EOF { return }
            guard r == ARCHIVE_OK || r == ARCHIVE_WARN else { throw ArchiveFailure(message: ArchiveReader.message(a)) }
            if size > 0 { try body(UnsafeRawBufferPointer(start: buf, count: size)) }
        }
    }

    /// Skips the current entry's data without decompressing it where the format allows.
    func skipData() throws {
        let r = archive_read_data_skip(a)
        guard r == ARCHIVE_OK || r == ARCHIVE_WARN || r == ARCHIVE_EOF else { throw ArchiveFailure(message: ArchiveReader.message(a)) }
    }
}

/// How an entry is compressed in a written ZIP.
enum ZipCompression { case store, deflate }

/// Writes a ZIP through libarchive to an already-open file descriptor. Entries get fixed
/// metadata (mtime, mode 0644/0755, uid/gid 0, no owner names) so output is deterministic.
final class ArchiveWriter {
    private let a: OpaquePointer
    private let fd: Int32
    /// The fixed modification time of every entry (seconds since 1970).
    let mtime: Int
    private var closed = false

    /// - Parameters:
    ///   - options: extra libarchive `zip:` options (tests use them to build unusual archives).
    ///   - passphrase: encrypts entries (tests only: mwkit never writes encrypted archives).
    init(fd: Int32, mtime: Int, options: String? = nil, passphrase: String? = nil) throws {
        guard let a = archive_write_new() else { throw MWError.io("libarchive: out of memory") }
        self.a = a
        self.fd = fd
        self.mtime = mtime
        archive_write_set_format_zip(a)
        // Whole-file output: no block padding, large blocks to keep syscalls few.
        archive_write_set_bytes_per_block(a, 1 << 20)
        archive_write_set_bytes_in_last_block(a, 1)
        if let options, archive_write_set_options(a, options) != ARCHIVE_OK {
            let m = ArchiveReader.message(a); throw MWError.io("libarchive options: \(m)")
        }
        if let passphrase { archive_write_set_passphrase(a, passphrase) }
        guard archive_write_open_fd(a, fd) == ARCHIVE_OK else {
            let m = ArchiveReader.message(a); throw MWError.io("cannot start ZIP: \(m)")
        }
    }

    deinit {
        if !closed { archive_write_close(a) }
        archive_write_free(a)
    }

    private func check(_ r: Int32, _ what: String) throws {
        guard r == ARCHIVE_OK || r == ARCHIVE_WARN else { throw MWError.io("\(what): \(ArchiveReader.message(a))") }
    }

    /// Starts an entry. `size` must be the exact number of bytes that will follow (regular files).
    func begin(name: String, size: Int64, compression: ZipCompression,
               fileType: UInt32 = AE.reg, symlink: String? = nil, hardlink: String? = nil) throws {
        guard let e = archive_entry_new() else { throw MWError.io("libarchive: out of memory") }
        defer { archive_entry_free(e) }
        archive_entry_set_pathname_utf8(e, name)
        archive_entry_set_filetype(e, fileType)
        archive_entry_set_perm(e, fileType == AE.dir ? 0o755 : 0o644)
        archive_entry_set_mtime(e, time_t(mtime), 0)
        archive_entry_set_uid(e, 0)
        archive_entry_set_gid(e, 0)
        if let symlink { archive_entry_set_symlink_utf8(e, symlink) }
        if let hardlink { archive_entry_set_hardlink_utf8(e, hardlink) }
        if fileType == AE.reg { archive_entry_set_size(e, size) }
        switch compression {
        case .store: archive_write_zip_set_compression_store(a)
        case .deflate: archive_write_zip_set_compression_deflate(a)
        }
        try check(archive_write_header(a, e), "cannot write ZIP entry \(name)")
    }

    /// Appends data to the current entry.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count > 0 else { return }
        let n = archive_write_data(a, bytes.baseAddress, bytes.count)
        guard n == bytes.count else { throw MWError.io("cannot write ZIP data: \(ArchiveReader.message(a))") }
    }

    /// Appends data to the current entry.
    func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

    /// Finishes the archive (writes the central directory). The descriptor stays open.
    func finish() throws {
        closed = true
        try check(archive_write_close(a), "cannot finish ZIP")
    }
}
