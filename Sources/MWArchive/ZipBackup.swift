import Foundation
import MWCore

/// What reading a mediawatch-zip produced: the backup JSON's result (with the archive's own
/// diagnostics added) and the images found, which can feed another archive.
public struct ZipReadResult {
    /// `format` is ``BackupFormat/mediawatchZip``; `formatVersion`, `counts` and `library`
    /// are those of the backup JSON inside.
    public var result: ReadResult
    /// The images in the archive, usable as a ``ImageSource`` (extracted lazily).
    public var images: ZipImages
    /// The manifest, when the archive has a valid one.
    public var manifest: ZipManifest?
    /// The entry path of the backup JSON, nil when none was found.
    public var backupEntry: String?
}

/// Reading and writing mediawatch-zip archives (docs/FORMAT.md, "ZIP").
public enum ZipBackup {
    /// Reads a ZIP backup: checks every entry (unsafe paths, links, devices, duplicates,
    /// encryption, size limits, corruption), reads the one backup JSON at any path (v1 or v2,
    /// detected by content), matches images to records by file name and checks the manifest
    /// when there is one (sizes and the hashes of entries read; run ``ZipVerifier`` to re-hash
    /// images). Image bytes are not read. Throws ``MWError/io(_:)`` when the file cannot be
    /// opened or is not a ZIP; every other problem is a diagnostic in `result`.
    public static func read(url: URL, options: ReadOptions = .init(), limits: ZipLimits = .init()) throws -> ZipReadResult {
        let i = try ZipInspection.run(url: url, options: options, limits: limits, hashAll: false, keepLibrary: options.buildLibrary)
        let images = ZipImages(archiveURL: url, entries: i.images, matched: i.matched, limits: limits)
        return ZipReadResult(result: i.result, images: images, manifest: i.manifest, backupEntry: i.backupEntry)
    }

    /// Writes `library` as a mediawatch-zip to `url`, atomically: `backup.json` (deflated) in
    /// `jsonFormat`, every referenced image from `images` (stored, not recompressed) under its
    /// role folder, and `manifest.json` with sizes, SHA-256 and records. Entries are in a fixed
    /// order with fixed metadata, so the same input gives the same bytes.
    ///
    /// - Parameters:
    ///   - requireImages: a referenced image the source lacks is an error (nothing is written,
    ///     ``MWError/invalid(_:)`` is thrown) instead of a `zip-image-missing` warning.
    ///   - mtime: the entries' time; default `SOURCE_DATE_EPOCH`, else the library's
    ///     `exportDate`, else 1980-01-02T00:00:00Z (ZIP times start in 1980).
    /// - Returns: warnings (missing images, fields the JSON format cannot hold).
    @discardableResult
    public static func write(_ library: Library, jsonFormat: BackupFormat = .mediawatchV2, images: any ImageSource,
                             to url: URL, requireImages: Bool = false, mtime: Date? = nil) throws -> [Diagnostic] {
        try ZipWriter(json: .library(library), jsonFormat: jsonFormat, references: library.imageReferences,
                      exportDate: library.exportDate, images: images, requireImages: requireImages, mtime: mtime).write(to: url)
    }

    /// What ``pack(jsonFile:as:options:images:to:requireImages:mtime:)`` did.
    public struct PackOutcome {
        /// The validation of the JSON file (no ``Library`` built).
        public var validation: ReadResult
        /// Warnings of the packing (missing images …); empty when nothing was written.
        public var diagnostics: [Diagnostic]
        /// True when the archive was written: the file is valid and in the requested format.
        public var written: Bool
    }

    /// Packs a backup JSON file byte for byte (what `mwkit pack` does when the input is already
    /// in the wanted format), with the images its records reference. The file is skimmed for
    /// image references and the export date in one streaming pass, then validated on a second
    /// core *while* the archive is written; the archive replaces `url` only if the validation
    /// passes and the file is in `format`. Memory does not grow with the backup's size. Same
    /// layout, manifest, determinism and atomicity as ``write(_:jsonFormat:images:to:requireImages:mtime:)``.
    ///
    /// - Returns: the validation and, when `written`, the packing warnings. When the file is
    ///   invalid or in another format, nothing is written (the caller reports or converts).
    public static func pack(jsonFile: URL, as format: BackupFormat, options: ReadOptions = .init(), images: any ImageSource,
                            to url: URL, requireImages: Bool = false, mtime: Date? = nil) throws -> PackOutcome {
        guard format == .mediawatchV1 || format == .mediawatchV2 else {
            throw MWError.usage("the JSON inside a ZIP must be mediawatch-v1 or mediawatch-v2, not \(format.rawValue)")
        }
        var checkOptions = options
        checkOptions.buildLibrary = false
        let skim: BackupSkim
        do {
            skim = try BackupSkim.read(url: jsonFile, format: format, options: options)
        } catch {
            // Not even the shape of a backup: the validation says exactly why.
            return PackOutcome(validation: try BackupIO.read(url: jsonFile, options: checkOptions), diagnostics: [], written: false)
        }
        guard skim.format == format else {
            // Another format: nothing to pack byte for byte; the caller converts.
            return PackOutcome(validation: try BackupIO.read(url: jsonFile, options: checkOptions), diagnostics: [], written: false)
        }
        let check = Background { [checkOptions] in try BackupIO.read(url: jsonFile, options: checkOptions) }
        var accepted = false
        var diags: [Diagnostic] = []
        do {
            diags = try ZipWriter(json: .file(jsonFile), jsonFormat: format, references: skim.references, exportDate: skim.exportDate,
                                  images: images, requireImages: requireImages, mtime: mtime).write(to: url) {
                guard let r = try? check.value() else { return false }
                accepted = r.isValid && r.format == format
                return accepted
            }
        } catch {
            // A validation failure explains more than the write error it may have caused.
            if let r = try? check.value(), !r.isValid { return PackOutcome(validation: r, diagnostics: [], written: false) }
            throw error
        }
        let validation = try check.value()
        return PackOutcome(validation: validation, diagnostics: accepted ? diags : [], written: accepted)
    }

    /// The entries' time: `override`, else `SOURCE_DATE_EPOCH`, else `exportDate`, else 1980-01-02,
    /// clamped to what a ZIP (DOS) timestamp can hold.
    static func entryTime(exportDate: Date?, override: Date?) -> Int {
        let lo = 315_619_200      // 1980-01-02T00:00:00Z: a day of margin for local-time conversion
        let hi = 4_354_819_200    // 2107-12-31T00:00:00Z
        var t: Int?
        if let override { t = Int(override.timeIntervalSince1970) }
        if t == nil, let e = Clock.sourceDateEpoch() { t = Int(e.timeIntervalSince1970) }
        if t == nil, let d = exportDate { t = Int(d.timeIntervalSince1970.rounded(.down)) }
        return min(max(t ?? lo, lo), hi)
    }
}

/// The images of a ZIP read by ``ZipBackup/read(url:options:limits:)``. As a
/// ``ImageSource`` it extracts the images asked for in one sequential pass over the archive
/// into a private temporary directory (removed when this object goes away).
public final class ZipImages: ImageSource, Sendable {
    public let archiveURL: URL
    /// Every image entry in the archive.
    public let entries: [ZipImageEntry]
    /// Images needed by the backup's records → the entry providing each.
    public let matched: [ImageKey: String]
    let limits: ZipLimits
    /// What has been extracted, and where; `prepare` holds the lock while it extracts, so
    /// callers on several threads extract each image once.
    private let state = Locked(Extracted())
    private struct Extracted {
        var files: [ImageKey: URL] = [:]
        var tempDir: URL?
    }

    init(archiveURL: URL, entries: [ZipImageEntry], matched: [ImageKey: String], limits: ZipLimits) {
        self.archiveURL = archiveURL
        self.entries = entries
        self.matched = matched
        self.limits = limits
    }

    deinit { if let tempDir = state.withLock({ $0.tempDir }) { try? FileManager.default.removeItem(at: tempDir) } }

    /// Number of image entries in the archive.
    public var count: Int { entries.count }
    /// Number of image entries no record refers to.
    public var unreferencedCount: Int { entries.count - Set(matched.values).count }

    /// The entry that provides `key`: the matched one, else ours by path, else any by name.
    func entryPath(for key: ImageKey) -> String? {
        if let p = matched[key] { return p }
        if entries.contains(where: { $0.path == key.entryPath }) { return key.entryPath }
        return entries.first { $0.fileName == key.fileName }?.path
    }

    public func prepare(_ keys: [ImageKey]) throws {
        try state.withLock { extracted in
            var want: [String: URL] = [:]
            var byEntry: [String: [ImageKey]] = [:]
            for k in keys where extracted.files[k] == nil {
                guard let p = entryPath(for: k) else { continue }
                byEntry[p, default: []].append(k)
            }
            guard !byEntry.isEmpty else { return }
            let dir = try extracted.tempDir ?? {
                let u = try TemporaryItems.makeDirectory("images")
                extracted.tempDir = u
                return u
            }()
            for (i, p) in byEntry.keys.sorted().enumerated() { want[p] = dir.appendingPathComponent("img-\(extracted.files.count + i)") }
            let scan = ZipScan(plan: ScanPlan(limits: limits, detectJSON: false, extractFiles: want))
            defer { scan.cleanUp() }
            try scan.run(url: archiveURL)
            if scan.hasErrors { throw MWError.invalid(scan.diagnostics.filter { $0.severity == .error }) }
            for (p, keys) in byEntry {
                for k in keys { extracted.files[k] = want[p] }
            }
        }
    }

    public func file(for key: ImageKey) -> URL? { state.withLock { $0.files[key] } }
}

/// A value computed on another thread; ``value()`` waits for it.
final class Background<T: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Locked<Result<T, Error>?>(nil)

    init(_ work: @escaping @Sendable () throws -> T) {
        DispatchQueue.global().async {
            let r = Result { try work() }
            self.result.withLock { $0 = r }
            self.done.signal()
        }
    }

    func value() throws -> T {
        done.wait()
        done.signal()      // later callers do not wait
        return try result.withLock { $0! }.get()
    }
}
