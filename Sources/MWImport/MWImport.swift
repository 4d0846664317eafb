import Foundation
import MWFoundation

/// The entry point of the third-party export readers.
public enum MWImport {
    /// Reads every export found in `sources` — export ZIPs as downloaded, the folders they
    /// unpack to, single files, in any mix — into one ``ForeignExport``. Each file's service and
    /// role are detected from its content (header, JSON shape, name inside the export), never
    /// from its extension. Files of one service within one ZIP or folder (or all files given one
    /// by one) form one export, whose rows are folded into items; exports are not folded with
    /// each other. Problems become diagnostics and statistics: nothing here throws, and one bad
    /// row or file never stops the rest.
    public static func read(sources: [URL], options: ImportOptions = ImportOptions()) -> ForeignExport {
        let input = ExportInput(sources: sources, options: options)
        var out = ForeignExport(files: input.withheld, diagnostics: input.diagnostics)

        struct Group { var service: ForeignService; var container: String; var files: [(InputFile, FileStats.Kind, ParsedFile)] = [] }
        var groups: [Group] = []
        var broken: [(InputFile, Diagnostic)] = []
        for file in input.files {
            let parsed = ParsedFile(file)
            if case .broken(let d) = parsed {
                broken.append((file, d))
                continue
            }
            // A CSV whose name did not give it away but whose header names a credential: its
            // bytes were read, but nothing of it is used or echoed.
            if let header = parsed.firstRecord?.fields, let reason = WithheldFiles.reason(forHeader: header) {
                out.files.append(FileStats(file: file.display, service: nil, kind: .withheld, read: false, note: "not used: it \(reason)"))
                out.diagnostics.append(.warning(.importWithheldFile, "\(file.display) was not used: it \(reason)"))
                continue
            }
            guard let (service, kind) = detect(file, parsed) else {
                out.files.append(FileStats(file: file.display, service: nil, kind: .unknown, read: false, note: "not a file of a supported export"))
                out.diagnostics.append(.warning(.importUnrecognizedFile, "\(file.display) is not a file of a Letterboxd, IMDb, Trakt or TV Time export; skipped"))
                continue
            }
            if let only = options.services, !only.contains(service) {
                let wanted = only.map(\.rawValue).sorted().joined(separator: ", ")
                out.files.append(FileStats(file: file.display, service: service, kind: kind, read: false, note: "not read: a \(service.rawValue) file, and --from asks for \(wanted)"))
                out.diagnostics.append(.warning(.importUnrecognizedFile, "\(file.display) is a \(service.rawValue) file; skipped (--from \(wanted))"))
                continue
            }
            if let g = groups.firstIndex(where: { $0.service == service && $0.container == file.container }) {
                groups[g].files.append((file, kind, parsed))
            } else {
                groups.append(Group(service: service, container: file.container, files: [(file, kind, parsed)]))
            }
        }
        for g in groups {
            let c = ItemCollector(service: g.service, exportKey: g.container)
            switch g.service {
            case .letterboxd: LetterboxdReader.read(g.files, into: c, options: options)
            case .imdb: IMDbReader.read(g.files, into: c)
            case .trakt: TraktReader.read(g.files, into: c)
            case .tvtime: TVTimeReader.read(g.files, into: c)
            }
            out.append(c.result())
        }
        // A file that is not text (a ZIP member of NUL bytes): malformed, attributed to the
        // service of the export it sits in when there is one.
        for (file, d) in broken {
            var s = FileStats(file: file.display, service: groups.first { $0.container == file.container && !file.container.isEmpty }?.service,
                              kind: .unknown, read: false, note: d.message)
            s.malformed.append(MalformedRow(position: file.display, reason: d.message))
            out.files.append(s)
            out.diagnostics.append(d)
        }
        if out.items.isEmpty && out.lists.isEmpty && !out.files.contains(where: { $0.read }) {
            out.diagnostics.append(.error(.importNoExport, "no Letterboxd, IMDb, Trakt or TV Time export found in \(sources.map(\.path).joined(separator: ", ")) (nor a Goodreads, StoryGraph or LibraryThing one, which `mwkit import` also reads)"))
        }
        return out
    }

    /// The service and role of a file, asking each reader in turn (their detections do not overlap).
    static func detect(_ file: InputFile, _ parsed: ParsedFile) -> (ForeignService, FileStats.Kind)? {
        if let k = LetterboxdReader.detect(file, parsed) { return (.letterboxd, k) }
        if let k = IMDbReader.detect(file, parsed) { return (.imdb, k) }
        if let k = TraktReader.detect(file, parsed) { return (.trakt, k) }
        if let k = TVTimeReader.detect(file, parsed) { return (.tvtime, k) }
        return nil
    }
}
