import Foundation
import MWBooks
import MWCore
import MWFoundation
import MWImport

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
    /// content does (folders listed recursively; the first 64 KiB hold a header): a file a
    /// book tracker claims is a book export, one a film service claims (or a ZIP, the shape
    /// film exports come in) a film export.
    public func route(_ sources: [URL], from: String?) throws -> ImportRoute {
        if let from { return try service(named: from).family == .films ? .films : .books }
        var books: [URL] = [], others: [URL] = []
        let bookServices = services(.books), filmServices = services(.films)
        func sniff(_ url: URL) -> ContentSniff? {
            guard let h = FileHandle(forReadingAtPath: url.path) else { return nil }
            defer { try? h.close() }
            return ContentSniff(prefix: Array((try? h.read(upToCount: 1 << 16)) ?? Data()), path: url.path)
        }
        for url in ImportFiles.expand(sources) {
            guard let sniff = sniff(url) else { continue }
            if bookServices.contains(where: { ($0.detect?(sniff) ?? 0) > 0 }) { books.append(url) } else { others.append(url) }
        }
        // Without a book export the import is the films' whatever the rest is: the film services
        // are asked only to name what a book export is mixed with (asking them parses a JSON
        // array export whole, which the film import then reads again).
        guard !books.isEmpty else { return .films }
        let films = others.filter { url in
            guard let sniff = sniff(url) else { return false }
            return sniff.kind == .zip || filmServices.contains { ($0.detect?(sniff) ?? 0) > 0 }
        }
        if films.isEmpty { return .books }
        return .mixed("the sources mix book exports (\(books.map(\.path).joined(separator: ", "))) and film/TV exports (\(films.map(\.path).joined(separator: ", "))); import them in separate runs")
    }
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

    /// Whether `url` is a folder.
    static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }
}
