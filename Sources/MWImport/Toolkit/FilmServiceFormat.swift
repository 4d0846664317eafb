import Foundation
import MWArchive
import MWCore
import MWFoundation

extension FormatDescriptor {
    /// A film/TV service's export as a registry format: detected from content by `reader`,
    /// read by `mwkit import` (matched to TMDb there) and by `validate` (which service and
    /// file role, every malformed row with file:line:column), and written by `write` when
    /// mwkit writes what that service's importer reads. `readOptions` are the options its reader
    /// reads from ``ImportOptions/serviceOptions``.
    public static func filmService(_ reader: any FilmServiceReader, summary: String, aliases: [String] = [],
                                   capabilities: FormatCapabilities = [], fileExtension: String = "csv", modelVersion: Int = Migrator.latestVersion,
                                   write: (@Sendable (Library, FormatOutput) throws -> [Diagnostic])? = nil,
                                   writeSwitches: Set<WriteSwitch> = [], readOptions: [ServiceOption] = []) -> FormatDescriptor {
        var d = FormatDescriptor(name: BackupFormat(rawValue: reader.name), summary: summary, capabilities: capabilities,
                                 fileExtension: fileExtension, modelVersion: modelVersion,
                                 detect: { ServiceSniff.claims(reader, $0) ? 10 : 0 },
                                 read: { input, _ in try FilmServiceFormat.read(input, reader) },
                                 write: write, writeSwitches: writeSwitches)
        d.service = reader
        d.displayName = reader.displayName
        d.aliases = aliases
        d.readOptions = readOptions
        return d
    }
}

/// `validate` (and `load`) of one film service file: read alone, not matched to TMDb.
enum FilmServiceFormat {
    static func read(_ input: FormatInput, _ reader: any FilmServiceReader) throws -> LoadedBackup {
        let tmp: TemporaryFile?
        let url: URL
        if let u = input.url { url = u; tmp = nil } else {
            let t = TemporaryFile(url: TemporaryItems.path("stdin"))
            try AtomicFile.write(input.bytes ?? [], to: t.url)
            url = t.url
            tmp = t
        }
        let export = MWImport.read(sources: [url], options: ImportOptions(services: [reader.service], readers: [reader]))
        var r = ReadResult(format: BackupFormat(rawValue: reader.name), formatVersion: nil)
        r.diagnostics = export.diagnostics.map { d in
            var d = d
            if d.file == nil || d.file == url.path { d.file = input.path }
            return d
        }
        r.variant = export.files.map(\.kind.rawValue).first
        r.reportCounts = ReportCounts([.init("rows", export.files.reduce(0) { $0 + $1.rowsRead }), .init("items", export.items.count),
                                       .init("lists", export.lists.count), .init("malformed", export.files.reduce(0) { $0 + $1.malformed.count })],
                                      summary: ["rows", "items", "malformed"])
        return LoadedBackup(path: input.path, result: r, retained: tmp.map { [$0] } ?? [])
    }
}
