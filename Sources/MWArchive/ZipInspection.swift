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
        // The Library is built only when the caller wants it; image references otherwise come
        // from a streaming skim of the same file, so memory does not grow with the backup.
        var readOpts = options
        readOpts.buildLibrary = keepLibrary
        let parsed = ParsedCandidates(options: readOpts)
        scan.onCandidate = { name, file in
            guard name != ZipLayout.manifestName else { return }
            parsed.start(name, file)
        }
        defer { parsed.wait(); scan.cleanUp() }
        try scan.run(url: url)
        parsed.wait()

        var diags = scan.diagnostics
        var result = ReadResult(format: .mediawatchZip)
        let backup = try adoptBackup(backupCandidates(scan, parsed), scan: scan, into: &result, diags: &diags)
        let images = imageEntries(scan)
        var matched: [ImageKey: String] = [:]
        var refsByKey: [ImageKey: [ImageReference]]?
        if let references = backup?.refs {
            (matched, refsByKey) = matchImages(images, references, scan: scan, diags: &diags)
        }
        let manifest = readManifest(scan, backupEntry: backup?.name, refsByKey: refsByKey, diags: &diags)
        result.diagnostics = diags
        return ZipInspection(result: result, backupEntry: backup?.name, manifest: manifest, images: images, matched: matched)
    }

    /// A JSON entry read as a backup, with the image references of its records (nil when they
    /// are unknown: the JSON did not parse).
    private typealias Candidate = (name: String, result: ReadResult, refs: [ImageReference]?)

    /// The JSON entries that read as a MediaWatch backup — or, when none does and there is only
    /// one JSON, that one: a lone JSON not readable as a backup is most likely a broken one,
    /// and its diagnostics say why.
    private static func backupCandidates(_ scan: ZipScan, _ parsed: ParsedCandidates) throws -> [Candidate] {
        var backups: [Candidate] = []
        var others: [Candidate] = []
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
        if backups.isEmpty, others.count == 1 { backups = others }
        return backups
    }

    /// Takes the archive's one backup into `result` (its diagnostics first); more than one, or
    /// none in an archive scanned to the end, is an error.
    private static func adoptBackup(_ backups: [Candidate], scan: ZipScan, into result: inout ReadResult,
                                    diags: inout [Diagnostic]) -> Candidate? {
        if backups.count > 1 {
            diags.append(.error(.zipMultipleBackups, "the archive holds \(backups.count) backup JSON files (\(backups.map { quoted($0.name) }.joined(separator: ", "))); expected one"))
            return nil
        }
        guard let b = backups.first else {
            if !scan.stopped {
                diags.append(.error(.zipNoBackup, "the archive holds no MediaWatch backup JSON (\(scan.entries.count) entries looked at)"))
            }
            return nil
        }
        result.formatVersion = b.result.formatVersion
        result.counts = b.result.counts
        result.library = b.result.library
        diags.insert(contentsOf: b.result.diagnostics, at: 0)
        return b
    }

    /// Every entry under images/ or with an image extension.
    private static func imageEntries(_ scan: ZipScan) -> [ZipImageEntry] {
        scan.entries.filter { !$0.isDirectory && ZipLayout.isImagePath($0.name) }.map {
            ZipImageEntry(path: $0.name, fileName: ZipLayout.baseName($0.name), role: ZipLayout.role(ofPath: $0.name), size: $0.size)
        }
    }

    /// Pairs each image the records need with the entry that provides it — the one at its
    /// canonical path, else one outside the layout's folders, else any of that name — and
    /// warns of needed images missing and of images nothing needs. Returns the pairs and the
    /// references grouped by image.
    private static func matchImages(_ images: [ZipImageEntry], _ references: [ImageReference], scan: ZipScan,
                                    diags: inout [Diagnostic]) -> (matched: [ImageKey: String], refsByKey: [ImageKey: [ImageReference]]) {
        var matched: [ImageKey: String] = [:]
        var refsByKey: [ImageKey: [ImageReference]] = [:]
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
        return (matched, refsByKey)
    }

    /// Decodes the manifest, if the archive has one, and checks it against the scan
    /// (``checkManifest(_:scan:backupEntry:refsByKey:)``); its absence is a warning.
    private static func readManifest(_ scan: ZipScan, backupEntry: String?, refsByKey: [ImageKey: [ImageReference]]?,
                                     diags: inout [Diagnostic]) -> ZipManifest? {
        guard let bytes = scan.manifestBytes else {
            if !scan.stopped {
                diags.append(.warning(.zipNoManifest, "the archive has no \(ZipLayout.manifestName); entries cannot be checked against checksums"))
            }
            return nil
        }
        switch ZipManifest.decode(bytes) {
        case .success(let m):
            diags += checkManifest(m, scan: scan, backupEntry: backupEntry, refsByKey: refsByKey)
            return m
        case .failure(let why):
            diags.append(ZipManifest.diagnostic(for: why))
            return nil
        }
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
///
/// Why in the background: JSON candidates are validated on a second core while the scan
/// hashes the images.
private final class ParsedCandidates: Sendable {
    private let options: ReadOptions
    private let group = DispatchGroup()
    private let results = Locked<[String: Result<ReadResult, Error>]>([:])
    private let skims = Locked<[String: [ImageReference]]>([:])

    init(options: ReadOptions) { self.options = options }

    /// Starts validating the candidate `name`, extracted to `file` — and, when no Library is
    /// built, skimming its image references beside (used only if the JSON parses).
    func start(_ name: String, _ file: URL) {
        let options = options
        group.enter()
        DispatchQueue.global().async {
            defer { self.group.leave() }
            self.set(name, Result { try BackupIO.read(url: file, options: options) })
        }
        if !options.buildLibrary {
            group.enter()
            DispatchQueue.global().async {
                defer { self.group.leave() }
                self.setSkim(name, try? BackupSkim.read(url: file, format: .mediawatchV2, options: options, exportDate: false).references)
            }
        }
    }

    /// Waits for everything started.
    func wait() { group.wait() }

    private func set(_ name: String, _ r: Result<ReadResult, Error>) {
        results.withLock { $0[name] = r }
    }

    private func setSkim(_ name: String, _ refs: [ImageReference]?) {
        skims.withLock { $0[name] = refs }
    }

    func get(_ name: String) -> Result<ReadResult, Error>? {
        results.withLock { $0[name] }
    }

    func skim(_ name: String) -> [ImageReference]? {
        skims.withLock { $0[name] }
    }
}
