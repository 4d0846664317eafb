import Foundation
import MWCore

/// An image entry found in an archive.
public struct ZipImageEntry: Sendable, Equatable {
    /// The entry's (canonical) path in the archive.
    public var path: String
    /// Its last path component, the name records refer to.
    public var fileName: String
    /// The role implied by its folder (`images/posters/` …), nil for foreign layouts.
    public var role: ImageRole?
    public var size: Int64?
}

/// Everything learned from one pass over a ZIP plus the backup JSON inside it.
struct ZipInspection {
    var result: ReadResult
    var backupEntry: String?
    var manifest: ZipManifest?
    var images: [ZipImageEntry]
    /// Image needed by a record → the entry that provides it.
    var matched: [ImageKey: String]

    /// Scans `url` and validates everything: archive rules, the backup JSON, images against
    /// records and, when present, the manifest (hashes compared where entries were read).
    static func run(url: URL, options: ReadOptions, limits: ZipLimits, hashAll: Bool, keepLibrary: Bool) throws -> ZipInspection {
        let scan = ZipScan(plan: ScanPlan(limits: limits, hashAll: hashAll))
        // JSON candidates are validated on a second core while the scan hashes the images.
        // The Library is built only when the caller wants it; image references otherwise come
        // from a streaming skim of the same file, so memory does not grow with the backup.
        var readOpts = options
        readOpts.buildLibrary = keepLibrary
        let parsed = ParsedCandidates()
        let group = DispatchGroup()
        scan.onCandidate = { [readOpts] name, file in
            guard name != ZipLayout.manifestName else { return }
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                parsed.set(name, Result { try BackupIO.read(url: file, options: readOpts) })
            }
            if !readOpts.buildLibrary {
                // The skim runs beside the validation (it is only used if the JSON parses).
                group.enter()
                DispatchQueue.global().async {
                    defer { group.leave() }
                    parsed.setSkim(name, try? BackupSkim.read(url: file, format: .mediawatchV2, options: readOpts, exportDate: false).references)
                }
            }
        }
        defer { group.wait(); scan.cleanUp() }
        try scan.run(url: url)
        group.wait()
        var diags = scan.diagnostics

        // The backup JSON: exactly one candidate must read as a MediaWatch backup.
        var backups: [(name: String, result: ReadResult, refs: [ImageReference]?)] = []
        var others: [(name: String, result: ReadResult, refs: [ImageReference]?)] = []
        for c in scan.jsonCandidates where c.name != ZipLayout.manifestName {
            guard let r = try parsed.get(c.name)?.get() else { continue }
            var refs: [ImageReference]?
            if let lib = r.library {
                refs = lib.imageReferences
            } else if r.format == .mediawatchV1 || r.format == .mediawatchV2,
                      !r.diagnostics.contains(where: { $0.code.hasPrefix("json-") && $0.severity == .error }) {
                refs = parsed.skim(c.name)
            }
            if r.format != nil || r.formatVersion != nil { backups.append((c.name, r, refs)) } else { others.append((c.name, r, refs)) }
        }
        // A lone JSON that is not readable as a backup is most likely a broken one: report why.
        if backups.isEmpty, others.count == 1 { backups = others }
        var result = ReadResult(format: .mediawatchZip)
        var backupEntry: String?
        var references: [ImageReference]?
        if backups.count > 1 {
            diags.append(.error(.zipMultipleBackups, "the archive holds \(backups.count) backup JSON files (\(backups.map { quoted($0.name) }.joined(separator: ", "))); expected one"))
        } else if let b = backups.first {
            backupEntry = b.name
            result.formatVersion = b.result.formatVersion
            result.counts = b.result.counts
            result.library = b.result.library
            references = b.refs
            diags.insert(contentsOf: b.result.diagnostics, at: 0)
        } else if !scan.stopped {
            diags.append(.error(.zipNoBackup, "the archive holds no MediaWatch backup JSON (\(scan.entries.count) entries looked at)"))
        }

        // Images: every entry under images/ or with an image extension.
        let images = scan.entries.filter { !$0.isDirectory && ZipLayout.isImagePath($0.name) }.map {
            ZipImageEntry(path: $0.name, fileName: ZipLayout.baseName($0.name), role: ZipLayout.role(ofPath: $0.name), size: $0.size)
        }
        var matched: [ImageKey: String] = [:]
        var refsByKey: [ImageKey: [ImageReference]] = [:]
        if let references {
            for r in references where ZipLayout.isSafeFileName(r.fileName) {
                refsByKey[ImageKey(role: r.role, fileName: r.fileName), default: []].append(r)
            }
            let byName = Dictionary(grouping: images, by: \.fileName)
            for key in refsByKey.keys.sorted(by: { $0.entryPath < $1.entryPath }) {
                let cands = byName[key.fileName] ?? []
                if let e = cands.first(where: { $0.path == key.entryPath }) ?? cands.first(where: { $0.role == nil }) ?? cands.first {
                    matched[key] = e.path
                } else if !scan.stopped {
                    let r = refsByKey[key]![0]
                    diags.append(.warning(.zipImageMissing, "\(key.role.rawValue) \(quoted(r.tmdbPath)) of \(r.entity.rawValue) \(quoted(r.recordId)) is not in the archive"))
                }
            }
            let used = Set(matched.values)
            for e in images where !used.contains(e.path) {
                diags.append(.warning(.zipImageOrphan, "image \(quoted(e.path)) is not referenced by any record"))
            }
        }

        // The manifest.
        var manifest: ZipManifest?
        if let bytes = scan.manifestBytes {
            switch ZipManifest.decode(bytes) {
            case .success(let m):
                manifest = m
                diags += checkManifest(m, scan: scan, backupEntry: backupEntry, refsByKey: references == nil ? nil : refsByKey)
            case .failure(let why):
                diags.append(ZipManifest.diagnostic(for: why))
            }
        } else if !scan.stopped {
            diags.append(.warning(.zipNoManifest, "the archive has no \(ZipLayout.manifestName); entries cannot be checked against checksums"))
        }

        result.diagnostics = diags
        return ZipInspection(result: result, backupEntry: backupEntry, manifest: manifest, images: images, matched: matched)
    }

    /// Compares the manifest with the entries scanned: presence, sizes, hashes (where read),
    /// unlisted entries, and the records each image is said to belong to.
    static func checkManifest(_ m: ZipManifest, scan: ZipScan, backupEntry: String?, refsByKey: [ImageKey: [ImageReference]]?) -> [Diagnostic] {
        var diags: [Diagnostic] = []
        let present = Dictionary(scan.entries.filter { !$0.isDirectory }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var listed = Set<String>()
        for e in m.entries {
            let name = EntryPath.canonical(e.path)
            guard listed.insert(name).inserted else {
                diags.append(.error(.zipManifestInvalid, "\(ZipLayout.manifestName) lists \(quoted(e.path)) more than once"))
                continue
            }
            guard let got = present[name] else {
                if !scan.stopped { diags.append(.error(.zipEntryMissing, "\(quoted(e.path)) is listed in \(ZipLayout.manifestName) but not in the archive")) }
                continue
            }
            if let size = got.size, size != e.size {
                diags.append(.error(.zipSizeMismatch, "\(quoted(e.path)) is \(size) bytes, the manifest says \(e.size)"))
            } else if let sha = got.sha256, sha != e.sha256.lowercased() {
                diags.append(.error(.zipChecksumMismatch, "\(quoted(e.path)) has SHA-256 \(sha), the manifest says \(e.sha256)"))
            }
            if let refsByKey, let role = ImageRole(rawValue: e.role) {
                let key = ImageKey(role: role, fileName: ZipLayout.baseName(name))
                let refs = Set((refsByKey[key] ?? []).map { ZipManifest.Record(entity: $0.entity.rawValue, id: $0.recordId, tmdbPath: $0.tmdbPath) })
                for r in e.records where !refs.contains(r) {
                    diags.append(.warning(.zipManifestRecord, "\(ZipLayout.manifestName) says \(quoted(e.path)) is the \(role.rawValue) of \(r.entity) \(quoted(r.id)) (\(quoted(r.tmdbPath))), but the backup has no such reference"))
                }
            }
        }
        if let backupEntry, EntryPath.canonical(m.backup) != backupEntry {
            diags.append(.warning(.zipManifestRecord, "\(ZipLayout.manifestName) names \(quoted(m.backup)) as the backup, but the backup JSON is \(quoted(backupEntry))"))
        }
        for e in scan.entries where !e.isDirectory && e.name != ZipLayout.manifestName && !listed.contains(e.name) {
            diags.append(.warning(.zipEntryUnlisted, "\(quoted(e.name)) is in the archive but not in \(ZipLayout.manifestName)"))
        }
        return diags
    }
}

/// Candidates validated (and skimmed) in the background, by entry name.
private final class ParsedCandidates: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [String: Result<ReadResult, Error>] = [:]
    private var skims: [String: [ImageReference]] = [:]

    func set(_ name: String, _ r: Result<ReadResult, Error>) {
        lock.lock(); defer { lock.unlock() }
        results[name] = r
    }

    func setSkim(_ name: String, _ refs: [ImageReference]?) {
        lock.lock(); defer { lock.unlock() }
        skims[name] = refs
    }

    func get(_ name: String) -> Result<ReadResult, Error>? {
        lock.lock(); defer { lock.unlock() }
        return results[name]
    }

    func skim(_ name: String) -> [ImageReference]? {
        lock.lock(); defer { lock.unlock() }
        return skims[name]
    }
}
