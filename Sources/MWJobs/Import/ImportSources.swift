import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWArchive
import MWImport
import MWMacros

/// Which import pipeline sources go to: the services' family.
public enum ImportRoute: Equatable, Sendable {
    /// A book tracker's export and no film/TV export: ``BookImportJob``. Other files beside it
    /// (a README) are skipped with a warning, as the film imports skip them.
    case books
    /// Anything else: ``ImportJob`` (which says when nothing is an export).
    case films
    /// Book and film exports together, refused (the message says which): they go to
    /// different outputs (a books backup, the film library), so half is never skipped.
    case mixed(String)
}

/// `mwkit import --from` and detection, from the registry: the one place the services of each
/// family are found for the import pipelines.
extension FormatRegistry {
    /// The service `--from NAME` names (its name or an alias); a usage error listing every
    /// service otherwise.
    public func service(named name: String) throws -> FormatDescriptor {
        guard let f = format(named: name), f.isService else {
            throw MWError.usage("--from \(name): not a service mwkit imports; one of \(services.map(\.name.rawValue).joined(separator: ", ")) (or auto)")
        }
        return f
    }

    /// The readers of the film/TV services, in registration order.
    public var filmReaders: [any FilmServiceReader] { services(.films).compactMap { $0.service as? any FilmServiceReader } }
    /// The readers of the book trackers, in registration order.
    public var bookReaders: [any BookServiceReader] { services(.books).compactMap { $0.service as? any BookServiceReader } }

    /// Where `sources` go: `from` (a service name, nil for auto) decides; else each file's
    /// content does (folders listed recursively): a file a book tracker claims is a book
    /// export, one a film service claims (or a ZIP, the shape film exports come in) a film export.
    public func route(_ sources: [URL], from: String?) throws -> ImportRoute { try routed(sources, from: from).route }

    /// ``route(_:from:)`` with what it found on the way: each file is read and parsed once, and
    /// the chosen import takes it from here (``RoutedSources``) instead of reading it again.
    public func routed(_ sources: [URL], from: String?) throws -> RoutedSources {
        if let from { return RoutedSources(route: try service(named: from).family == .films ? .films : .books) }
        let bookReaders = bookReaders, limit = ImportOptions(readers: []).maxFileBytes
        let prepared = PreparedFiles()
        var files: [RoutedFile] = []
        for (url, display) in ImportFiles.expandNamed(sources) {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            // A file over the import's limit is not read whole here (the import says so), nor one
            // the film import withholds by name (credentials), nor a ZIP, which the film import
            // unpacks from the file: their first bytes are sniffed, as the book trackers need.
            guard size <= limit, !PreparedFiles.isWithheld(url.lastPathComponent), let h = FileHandle(forReadingAtPath: url.path) else {
                files.append(RoutedFile(url: url, sniffOnly: true))
                continue
            }
            let head = (try? h.read(upToCount: 4)) ?? Data()
            if ZipEntryReader.looksLikeZip(head) {
                try? h.close()
                files.append(RoutedFile(url: url, sniffOnly: true, isZip: true))
                continue
            }
            var f = RoutedFile(url: url, bytes: [UInt8](head + ((try? h.readToEnd()) ?? Data())))
            try? h.close()
            let shape = ContentShape(prefix: f.bytes)
            if shape != .gzip {
                let file = ExportFile(inner: url.lastPathComponent, display: display, bytes: f.bytes)
                f.content = ExportContent(file)
                prepared.add(url, PreparedFiles.File(display: display, bytes: f.bytes, content: f.content!))
                if shape == .text {
                    f.book = BookExportReader.detect(bytes: f.bytes, name: url.relativePath, csv: f.content?.csv, services: bookReaders)
                }
            }
            files.append(f)
        }
        let books = files.filter { f in f.book?.isBookExport ?? (f.sniffOnly && !f.isZip && sniff(f.url).map(claimsBook) == true) }
        // Without a book export the import is the films', whatever the rest is: the film services
        // are asked only to name what a book export is mixed with.
        guard !books.isEmpty else { return RoutedSources(route: .films, films: prepared) }
        let filmReaders = filmReaders
        let films = files.filter { f in
            guard !(f.book?.isBookExport ?? false) else { return false }
            if let content = f.content {
                let file = ExportFile(inner: f.url.lastPathComponent, display: f.url.relativePath, bytes: f.bytes)
                return filmReaders.contains { $0.role(of: file, content) != nil }
            }
            if f.isZip { return true }
            guard let sniff = sniff(f.url) else { return false }
            return sniff.kind == .zip || services(.films).contains { ($0.detect?(sniff) ?? 0) > 0 }
        }
        if films.isEmpty {
            // Every file's detection, in order: those routing did not ask the trackers about
            // (not text) are detected now, once. A file too large or unreadable here is left to
            // the book import, which reads every file then and says what it cannot read.
            if files.contains(where: \.sniffOnly) { return RoutedSources(route: .books) }
            let detected = files.map { f in f.book ?? BookExportReader.detect(bytes: f.bytes, name: f.url.relativePath, services: bookReaders) }
            return RoutedSources(route: .books, books: BookDetections(detected))
        }
        return RoutedSources(route: .mixed("the sources mix book exports (\(books.map(\.url.path).joined(separator: ", "))) and film/TV exports (\(films.map(\.url.path).joined(separator: ", "))); import them in separate runs"))
    }

    /// The first 64 KiB of the file at `url`, for the descriptors' detection.
    private func sniff(_ url: URL) -> ContentSniff? {
        guard let h = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? h.close() }
        return ContentSniff(prefix: Array((try? h.read(upToCount: 1 << 16)) ?? Data()), path: url.path)
    }

    private func claimsBook(_ sniff: ContentSniff) -> Bool {
        services(.books).contains { ($0.detect?(sniff) ?? 0) > 0 }
    }
}

/// What ``FormatRegistry/routed(_:from:)`` found: the route, and the files as read and detected
/// on the way, for the import it chose.
@PublicMemberwiseInit
public struct RoutedSources: Sendable {
    public var route: ImportRoute
    /// For ``ImportJob``: each file read and parsed (not ZIPs and gzip streams, which the film
    /// import unpacks), by path.
    public var films: PreparedFiles?
    /// For ``BookImportJob``: every file's detection, in the order ``ImportFiles/expand(_:)`` lists them.
    public var books: BookDetections?
}

/// The book files the routing detected, handed over once: taken (``take()``), they are no
/// longer held here, so each file's parsed CSV is freed as the import reads it.
public final class BookDetections: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [BookDetection]

    public init(_ files: [BookDetection]) { self.files = files }

    /// How many files are held.
    public var count: Int { lock.withLock { files.count } }

    /// The files, and none kept here.
    public func take() -> [BookDetection] {
        lock.withLock {
            defer { files = [] }
            return files
        }
    }
}

/// One file as the routing read it.
struct RoutedFile {
    var url: URL
    var bytes: [UInt8] = []
    /// Too large to read whole, withheld by name, or a ZIP: only its first bytes were sniffed.
    var sniffOnly = false
    /// A ZIP (the shape film exports come in).
    var isZip = false
    var content: ExportContent?
    var book: BookDetection?
}

/// The sources of an import as files, for the routing and the book import (the film import walks ZIPs too, through the same ``FolderWalk``).
public enum ImportFiles {
    /// Files named directly, and the regular files under folders (``FolderWalk``: in path
    /// order, hidden ones skipped).
    public static func expand(_ sources: [URL]) -> [URL] {
        var out: [URL] = []
        for url in sources {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { continue }
            if !isDir.boolValue { out.append(url); continue }
            out += (FolderWalk.files(under: url) ?? []).filter { !FolderWalk.isHidden($0.inner) }.map(\.url)
        }
        return out
    }

    /// ``expand(_:)`` with the name the film import shows each file by (as given, or the
    /// folder as given and the path inside it).
    static func expandNamed(_ sources: [URL]) -> [(URL, String)] {
        var out: [(URL, String)] = []
        for url in sources {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { continue }
            if !isDir.boolValue { out.append((url, url.relativePath)); continue }
            out += (FolderWalk.files(under: url) ?? []).filter { !FolderWalk.isHidden($0.inner) }.map { ($0.url, PreparedFiles.display(root: url, inner: $0.inner)) }
        }
        return out
    }

    /// Whether `url` is a folder.
    static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }
}
