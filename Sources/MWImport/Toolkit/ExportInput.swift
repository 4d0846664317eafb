import Foundation
import MWArchive
import MWFoundation

/// Turns what the user gave (export ZIPs, the folders they unpack to, single files) into the
/// files to read, grouped by export. ZIPs are recognised by their bytes, never by extension.
/// Withheld files (``WithheldFiles``) are listed but never read.
struct ExportInput {
    var files: [ExportFile] = []
    /// The content of some of ``files`` (by index), parsed already (``ImportOptions/prepared``);
    /// the others are parsed by the reader.
    var parsed: [Int: ExportContent] = [:]
    var withheld: [FileStats] = []
    var diagnostics: [Diagnostic] = []

    init(sources: [URL], options: ImportOptions) {
        let fm = FileManager.default
        for url in sources {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDir) else {
                diagnostics.append(.error(.ioUnreadable, "\(url.path): no such file or directory"))
                continue
            }
            if isDir.boolValue {
                addDirectory(url, options: options)
            } else {
                // Shown as the user gave it: a relative path stays relative.
                addFile(url, container: "", inner: url.lastPathComponent, display: url.relativePath, options: options, topLevel: true)
            }
        }
    }

    private static func skipQuietly(_ inner: String) -> Bool { FolderWalk.isHidden(inner) }

    private mutating func withhold(_ display: String, _ reason: String) {
        withheld.append(FileStats(file: display, service: nil, kind: .withheld, read: false, note: reason))
        diagnostics.append(.warning(.importWithheldFile, "\(display) was not opened: it \(reason)"))
    }

    private mutating func addDirectory(_ root: URL, options: ImportOptions) {
        let rootPath = root.standardizedFileURL.path
        guard let found = FolderWalk.files(under: root) else {
            diagnostics.append(.error(.ioUnreadable, "\(root.path): cannot list the folder"))
            return
        }
        for (url, inner) in found where !Self.skipQuietly(inner) {
            addFile(url, container: rootPath, inner: inner, display: PreparedFiles.display(root: root, inner: inner),
                    options: options, topLevel: false)
        }
    }

    private mutating func addFile(_ url: URL, container: String, inner: String, display: String, options: ImportOptions, topLevel: Bool) {
        if let reason = WithheldFiles.reason(forName: inner) { return withhold(display, reason) }
        if let done = options.prepared?.take(url), done.display == display {
            parsed[files.count] = done.content
            files.append(ExportFile(container: container, inner: inner, display: display, bytes: done.bytes))
            return
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            diagnostics.append(.error(.ioUnreadable, "\(display): cannot be read"))
            return
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        if ZipEntryReader.looksLikeZip(head) {
            addZip(url, display: display, options: options)
            return
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        if size > options.maxFileBytes {
            diagnostics.append(.error(.importMalformedFile, "\(display) is \(size) bytes, over the \(options.maxFileBytes)-byte limit"))
            return
        }
        try? handle.seek(toOffset: 0)
        let data = (try? handle.readToEnd()) ?? Data()
        // A gzip stream (MyAnimeList's `animelist_….xml.gz` as downloaded), told by its magic
        // bytes: read as the file it unpacks to.
        if Gunzip.looksLikeGzip(data) {
            do {
                let bytes = try Gunzip.decompress([UInt8](data), maxBytes: options.maxFileBytes)
                files.append(ExportFile(container: container, inner: inner, display: display, bytes: bytes))
            } catch {
                diagnostics.append(.error(.importMalformedFile, "\(display) is gzip-compressed but cannot be unpacked: \(error)"))
            }
            return
        }
        files.append(ExportFile(container: container, inner: inner, display: display, bytes: [UInt8](data)))
    }

    private mutating func addZip(_ url: URL, display: String, options: ImportOptions) {
        var skipped: [(String, String)] = []
        do {
            let (entries, diags) = try ZipEntryReader.read(url: url, maxEntryBytes: options.maxFileBytes) { name in
                if Self.skipQuietly(name) { return false }
                if let reason = WithheldFiles.reason(forName: name) { skipped.append((name, reason)); return false }
                return true
            }
            diagnostics += diags
            for (name, reason) in skipped { withhold(display + "/" + name, reason) }
            for e in entries {
                files.append(ExportFile(container: url.path, inner: e.name, display: display + "/" + e.name, bytes: e.bytes))
            }
        } catch {
            diagnostics.append(.error(.ioUnreadable, "\(display): \(error)"))
        }
    }
}
