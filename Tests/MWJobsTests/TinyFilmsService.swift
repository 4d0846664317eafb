import Foundation
import MWCore
import MWFoundation
import MWImport

/// A throwaway film service, defined entirely in this one file to show that a new service needs
/// nothing but its reader, its writer, its descriptor (with the option its reader reads) and one
/// registry line (see ServiceRegistryTests). Its export is a CSV no other service writes:
///
///     tiny_tmdb,tiny_title,tiny_year,tiny_stars
///     603,The Matrix,1999,4.5
struct TinyFilms: FilmServiceReader {
    static let header = ["tiny_tmdb", "tiny_title", "tiny_year", "tiny_stars"]
    var name: String { "tinyfilms" }
    var displayName: String { "Tiny Films" }

    func role(of file: ExportFile, _ content: ExportContent) -> String? {
        content.firstRecord?.fields == Self.header ? "tinyfilmsList" : nil
    }

    func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options: ImportOptions) {
        for (file, kind, content) in files {
            guard let t = content.csv?.table else { continue }
            c.beginFile(file.display, kind: kind)
            for (n, row) in t.rows.enumerated() {
                defer { c.finishRow() }
                let src = SourceRef(service: service, file: file.inner, line: row.line, row: n + 1)
                guard row.fields.count == 4, let id = Int(row.fields[0]), !row.fields[1].isEmpty else {
                    c.malformed(src.position, "expected tmdb id, title, year, stars",
                                t.diagnostic(.error, .importMalformedRow, "expected tmdb id, title, year, stars", row: row))
                    continue
                }
                if options.serviceOptions.isSet(ServiceOption.tinyRatedOnly.name), Double(row.fields[3]) == nil {
                    c.ignore("unrated (--tiny-rated-only)")
                    continue
                }
                let i = c.item(keys: ["tiny:\(id)"], source: src) {
                    var item = ForeignItem(source: src, kind: .movie, title: row.fields[1])
                    item.ids.tmdb = id
                    item.year = Int(row.fields[2])
                    return item
                }
                if let stars = Double(row.fields[3]) {
                    c.update(i) { $0.ratings.append(ForeignRating(value: stars, scale: .halfStars5, raw: row.fields[3], date: nil, source: src)) }
                }
            }
        }
    }

    /// Every title with a TMDb ID, one row each; stars from the kept original rating.
    @Sendable static func write(_ library: Library, _ output: FormatOutput) throws -> [Diagnostic] {
        var rows: [[String]] = []
        for t in library.titles.sorted(by: { $0.tmdbId < $1.tmdbId }) {
            let stars = t.ratings.first { $0.source == "tinyfilms" }.map { String($0.value) } ?? ""
            rows.append([String(t.tmdbId), t.metadata?.title ?? "", t.metadata.map { String($0.year) } ?? "", stars])
        }
        try AtomicFile.write(try CSVText.bytes(header: Self.header, rows: rows, newline: .lf), to: output.url!)
        return []
    }
}

extension ServiceOption {
    /// The service's own option: declared by its descriptor, read by its reader, named by
    /// neither the import command nor the job.
    static let tinyRatedOnly = ServiceOption(flag: "tiny-rated-only", help: "Tiny Films: read only rated rows.")
}

extension FormatDescriptor {
    static let tinyFilms = FormatDescriptor.filmService(TinyFilms(), summary: "test-only: a tiny film service", write: TinyFilms.write,
                                                        readOptions: [.tinyRatedOnly])
}
