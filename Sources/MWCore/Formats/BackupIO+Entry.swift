import Foundation

/// The entry points for reading and writing backup JSON (v1, v2). ZIP lives in MWArchive.
public enum BackupIO {
    /// The JSON formats this entry point reads and writes.
    public static let jsonFormats: [BackupFormat] = [.mediawatchV1, .mediawatchV2]

    /// Classifies content by its first bytes: ZIP local header, JSON (after BOM/whitespace), empty.
    public static func detect(prefix: some Collection<UInt8>) -> ContentKind {
        var it = Array(prefix.prefix(4096))
        if it.isEmpty { return .empty }
        if it.count >= 4, it[0] == 0x50, it[1] == 0x4B, (it[2] == 3 && it[3] == 4) || (it[2] == 5 && it[3] == 6) {
            return .zip
        }
        if it.count >= 3, it[0] == 0xEF, it[1] == 0xBB, it[2] == 0xBF { it.removeFirst(3) }
        guard let first = it.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            return it.isEmpty ? .empty : .json
        }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .unknown
    }

    /// Detects the content kind of a file by reading its first bytes.
    public static func detect(url: URL) throws -> ContentKind {
        guard let h = FileHandle(forReadingAtPath: url.path) else { throw MWError.io("cannot open \(url.path)") }
        defer { try? h.close() }
        let d = (try? h.read(upToCount: 4096)) ?? Data()
        return detect(prefix: d)
    }

    /// Reads and validates a backup JSON held in memory.
    public static func read(bytes: UnsafeRawBufferPointer, options: ReadOptions = .init()) -> ReadResult {
        BackupReader.read(bytes, options: options)
    }

    /// Reads and validates a backup JSON held in memory.
    public static func read(data: [UInt8], options: ReadOptions = .init()) -> ReadResult {
        data.withUnsafeBytes { read(bytes: $0, options: options) }
    }

    /// Reads and validates a backup JSON file (streamed through a read-only mapping, so memory
    /// stays below the file's size). Throws ``MWError/io(_:)`` when the file cannot be read.
    public static func read(url: URL, options: ReadOptions = .init()) throws -> ReadResult {
        let file = try MappedFile(url: url)
        defer { file.close() }
        return file.withBytes { read(bytes: $0, options: options) }
    }

    /// Encodes a library in a JSON format. Returns the bytes and warnings for anything the
    /// format cannot hold (`field-dropped`), or throws ``MWError/invalid(_:)`` when the
    /// library cannot be expressed at all (e.g. stripped records in v1).
    public static func encode(_ library: Library, as format: BackupFormat, options: WriteOptions = .init()) throws -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        var out: [UInt8] = []
        let d = try encode(library, as: format, options: options) { out.append(contentsOf: $0) }
        return (out, d)
    }

    /// Writes a library atomically to `url` (stdout when nil) in a JSON format.
    @discardableResult
    public static func write(_ library: Library, as format: BackupFormat, to url: URL?, options: WriteOptions = .init()) throws -> [Diagnostic] {
        var diags: [Diagnostic] = []
        try AtomicFile.write(to: url) { sink in
            diags = try encode(library, as: format, options: options) { sink.write($0) }
        }
        return diags
    }

    static func encode(_ library: Library, as format: BackupFormat, options: WriteOptions, emit: ([UInt8]) -> Void) throws -> [Diagnostic] {
        try withoutActuallyEscaping(emit) { emit in
            // The two JSON dialects of this family; other formats have their own writers.
            if format == .mediawatchV1 { return try V1Writer.write(library, pretty: options.pretty ?? false, emit: emit) }
            if format == .mediawatchV2 {
                return try V2Writer.write(library, version: options.formatVersion ?? Migrator.latestVersion, pretty: options.pretty ?? true, emit: emit)
            }
            throw MWError.usage("\(format) is not a MediaWatch JSON format; BackupIO writes mediawatch-v1 and mediawatch-v2")
        }
    }
}
