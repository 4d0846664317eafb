import Foundation
import MWCore

/// One file entry of a ZIP read into memory.
public struct ZipEntryData: Sendable {
    /// The entry's name as stored, without a leading `./` or `/`.
    public var name: String
    public var bytes: [UInt8]
}

/// Reads the small files of a ZIP into memory for importers of third-party exports (a
/// Letterboxd or Trakt export is a few MB of CSV/JSON). Names are only labels here (nothing is
/// written to disk), so the path rules of unpacking do not apply; the entry-count, size and
/// total limits do, and `wanted` is asked before an entry's data is touched, so a file the
/// caller must never open (credentials) is skipped unread.
public enum ZipEntryReader {
    /// Whether `bytes` start like a ZIP archive (local file header or empty-archive record).
    public static func looksLikeZip(_ bytes: some Collection<UInt8>) -> Bool {
        let p = Array(bytes.prefix(4))
        return p == [0x50, 0x4B, 0x03, 0x04] || p == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Every regular-file entry `wanted` accepts, in archive order, plus diagnostics for entries
    /// skipped over a limit or unreadable. Throws ``MWError/io(_:)`` when `url` is not a ZIP.
    public static func read(url: URL, maxEntryBytes: Int, limits: ZipLimits = .init(),
                            wanted: (String) -> Bool) throws -> (entries: [ZipEntryData], diagnostics: [Diagnostic]) {
        let reader = try ArchiveReader(url: url)
        var out: [ZipEntryData] = []
        var diags: [Diagnostic] = []
        var count = 0
        var total: Int64 = 0
        while true {
            let raw: RawEntry?
            do { raw = try reader.next() } catch {
                diags.append(.error(.zipCorrupt, "\(url.lastPathComponent): \(error)"))
                break
            }
            guard let raw else { break }
            count += 1
            if count > limits.maxEntries {
                diags.append(.error(.zipLimitExceeded, "\(url.lastPathComponent) has more than \(limits.maxEntries) entries"))
                break
            }
            var name = raw.name
            while name.hasPrefix("./") { name.removeFirst(2) }
            while name.hasPrefix("/") { name.removeFirst() }
            guard raw.isRegular, !raw.isEncrypted, wanted(name) else { try? reader.skipData(); continue }
            if let size = raw.size, size > maxEntryBytes {
                diags.append(.error(.zipLimitExceeded, "\(name) is \(size) bytes, over the \(maxEntryBytes)-byte limit"))
                try? reader.skipData()
                continue
            }
            var bytes: [UInt8] = []
            var over = false
            do {
                try reader.readData { block in
                    if bytes.count + block.count > maxEntryBytes { over = true; return }
                    bytes.append(contentsOf: block)
                }
            } catch {
                diags.append(.error(.zipCorrupt, "\(name): \(error)"))
                continue
            }
            if over {
                diags.append(.error(.zipLimitExceeded, "\(name) is over the \(maxEntryBytes)-byte limit"))
                continue
            }
            total += Int64(bytes.count)
            if total > limits.maxTotalBytes {
                diags.append(.error(.zipLimitExceeded, "\(url.lastPathComponent) holds more than \(limits.maxTotalBytes) bytes"))
                break
            }
            out.append(ZipEntryData(name: name, bytes: bytes))
        }
        return (out, diags)
    }
}
