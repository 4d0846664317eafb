import Foundation
import MWCore
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
    public static func read(sources: [URL], options: ImportOptions) -> ForeignExport {
        let input = ExportInput(sources: sources, options: options)
        var out = ForeignExport(files: input.withheld, diagnostics: input.diagnostics)

        struct Group { var reader: any FilmServiceReader; var container: String; var files: [(ExportFile, FileStats.Kind, ExportContent)] = [] }
        var groups: [Group] = []
        var broken: [(ExportFile, Diagnostic)] = []
        for (i, file) in input.files.enumerated() {
            let parsed = input.parsed[i] ?? ExportContent(file)
            if case .broken(let d) = parsed {
                broken.append((file, d))
                continue
            }
            // UTF-8 with a few bad byte runs: read, and the lines named.
            if let d = parsed.csv?.encodingDiagnostic { out.diagnostics.append(d) }
            // A CSV whose name did not give it away but whose header names a credential: its
            // bytes were read, but nothing of it is used or echoed.
            if let header = parsed.firstRecord?.fields, let reason = WithheldFiles.reason(forHeader: header) {
                out.files.append(FileStats(file: file.display, service: nil, kind: .withheld, read: false, note: "not used: it \(reason)"))
                out.diagnostics.append(.warning(.importWithheldFile, "\(file.display) was not used: it \(reason)"))
                continue
            }
            let claims = detect(file, parsed, options.readers)
            let chosen = options.services.map { only in claims.filter { only.contains($0.reader.service) } } ?? claims
            guard let first = claims.first else {
                // A CSV no reader claims: which file it is closest to, and what it lacks.
                let closest = parsed.csv != nil ? parsed.firstRecord.flatMap { CSVSignatures.closest($0.fields, options.readers) } : nil
                let note = closest.map { "no service recognises this CSV; \($0)" } ?? "not a file of a supported export"
                out.files.append(FileStats(file: file.display, service: nil, kind: .unknown, read: false, note: note))
                out.diagnostics.append(.warning(.importUnrecognizedFile, "\(file.display) is not a file of \(tried(options.readers)) export"
                    + (closest.map { " (no service recognises this CSV; \($0))" } ?? "") + "; skipped"))
                continue
            }
            if chosen.count > 1 || (options.services == nil && claims.count > 1) {
                let names = (chosen.count > 1 ? chosen : claims).map(\.reader.displayName)
                // An error the exit code shows: the file's rows are not read until --from names one.
                var stats = FileStats(file: file.display, service: nil, kind: .unknown, read: false, note: "claimed by \(listing(names, "and"))")
                stats.malformed.append(MalformedRow(position: file.display, reason: "claimed by \(listing(names, "and")); name one with --from"))
                out.files.append(stats)
                out.diagnostics.append(.error(.importAmbiguousService, "\(file.display) has the signature of both \(listing(names, "and")); name one with --from"))
                continue
            }
            guard let claim = chosen.first else {
                let wanted = options.services!.map(\.rawValue).sorted().joined(separator: ", ")
                let service = first.reader.service
                out.files.append(FileStats(file: file.display, service: service, kind: first.kind, read: false, note: "not read: a \(service.rawValue) file, and --from asks for \(wanted)"))
                out.diagnostics.append(.warning(.importUnrecognizedFile, "\(file.display) is a \(service.rawValue) file; skipped (--from \(wanted))"))
                continue
            }
            let (service, kind) = (claim.reader.service, claim.kind)
            if let g = groups.firstIndex(where: { $0.reader.service == service && $0.container == file.container }) {
                groups[g].files.append((file, kind, parsed))
            } else {
                groups.append(Group(reader: claim.reader, container: file.container, files: [(file, kind, parsed)]))
            }
        }
        for g in groups {
            let c = ItemCollector(service: g.reader.service, exportKey: g.container)
            c.countBlankRows(g.files)
            g.reader.read(g.files, into: c, options: options)
            out.append(c.result())
        }
        // A file that is not text (a ZIP member of NUL bytes): malformed, attributed to the
        // service of the export it sits in when there is one.
        for (file, d) in broken {
            var s = FileStats(file: file.display, service: groups.first { $0.container == file.container && !file.container.isEmpty }?.reader.service,
                              kind: .unknown, read: false, note: d.message)
            s.malformed.append(MalformedRow(position: file.display, reason: d.message))
            out.files.append(s)
            out.diagnostics.append(d)
        }
        // A file two services claim is an export found, not read until --from names one: a
        // problem of the run (exit 1), never "no export found".
        let claimedTwice = out.diagnostics.contains { $0.code == DiagnosticCode.importAmbiguousService.rawValue }
        if out.items.isEmpty && out.lists.isEmpty && !out.files.contains(where: { $0.read }) && !claimedTwice {
            let hints = out.files.compactMap { $0.note?.hasPrefix("no service recognises") == true ? "\($0.file): \($0.note!)" : nil }
            out.diagnostics.append(.error(.importNoExport, "no \(listing(options.readers.map(\.displayName))) export found in \(sources.map(\.path).joined(separator: ", "))\(options.alsoTried.map { " (nor \($0))" } ?? "")"
                + (hints.isEmpty ? "" : " — " + hints.joined(separator: "; "))))
        }
        return out
    }

    /// Every reader that claims the file, with the role it gives it, in the readers' order.
    static func detect(_ file: ExportFile, _ parsed: ExportContent, _ readers: [any FilmServiceReader]) -> [(reader: any FilmServiceReader, kind: FileStats.Kind)] {
        readers.compactMap { r in r.role(of: file, parsed).map { (r, FileStats.Kind(rawValue: $0)) } }
    }

    /// "a Letterboxd, IMDb, … or Ryot": the services tried, for a message.
    static func tried(_ readers: [any FilmServiceReader]) -> String {
        withArticle(listing(readers.map(\.displayName)))
    }
}
