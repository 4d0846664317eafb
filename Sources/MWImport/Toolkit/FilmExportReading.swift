import Foundation
import MWCore
import MWFoundation

/// A film/TV service's reader as static functions (each service's `…Reader` in its folder):
/// how one file is recognised and how the files of one export are read, and the service's one
/// declaration, ``service``, from which its ``FilmService`` and registry format are made
/// (``FormatDescriptor/filmService(_:)``), as book trackers are declared (`BookTrackerReader`).
protocol FilmExportReading: SendableMetatype {
    /// Everything the registry knows of the service, said once.
    static var service: FilmServiceInfo { get }
    /// The file's role in this service's export (one of ``FilmServiceInfo/fileKinds``); nil
    /// when it is not one of its files.
    static func detect(_ file: ExportFile, _ content: ExportContent) -> FileStats.Kind?
    /// Reads the files of one export into `collector`, as ``FilmServiceReader/read(_:into:options:)``
    /// says; a reader with no options of its own leaves `options` unread.
    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into collector: ItemCollector, options: ImportOptions)
}

/// A built-in film service's one declaration: its name (the registry name, and the
/// ``ForeignService`` its items and source references carry), the name people write, the roles
/// its files can have, the shapes of its files, and its registry format's summary, writer,
/// options and holdings (as ``FormatDescriptor/filmService(_:summary:aliases:capabilities:fileExtension:modelVersion:write:writeSwitches:readOptions:)`` takes them).
struct FilmServiceInfo: Sendable {
    let name: ForeignService
    let displayName: String
    /// Every role ``FilmExportReading/detect(_:_:)`` gives a file (besides ``FileStats/Kind/notImported``).
    let fileKinds: [FileStats.Kind]
    let shapes: Set<ContentShape>
    /// See ``ServiceReader/jsonObjectNeedles``.
    var jsonObjectNeedles: [String] = []
    /// See ``FilmServiceReader/csvSignatures``.
    var csvSignatures: [CSVSignature] = []
    let summary: String
    var aliases: [String] = []
    var capabilities: FormatCapabilities = []
    var fileExtension = "csv"
    var write: (@Sendable (Library, FormatOutput) throws -> [Diagnostic])? = nil
    var writeSwitches: Set<WriteSwitch> = []
    var readOptions: [ServiceOption] = []
    let holds: FormatHolds
}

extension FilmService {
    /// The service `Reader` declares (``FilmExportReading/service``), read by `Reader`.
    init<Reader: FilmExportReading>(_ reader: Reader.Type) {
        let s = Reader.service
        self.init(name: s.name.rawValue, displayName: s.displayName, shapes: s.shapes, jsonObjectNeedles: s.jsonObjectNeedles,
                  csvSignatures: s.csvSignatures,
                  detect: { file, content in
                      let kind = Reader.detect(file, content)
                      // A role the declaration does not name is a programming error of the reader.
                      assert(kind.map { $0 == .notImported || s.fileKinds.contains($0) } ?? true, "\(s.name): a role its declaration lacks")
                      return kind
                  },
                  read: { Reader.read($0, into: $1, options: $2) })
    }
}

extension FormatDescriptor {
    /// The registry format of the film service `Reader` declares (``FilmExportReading/service``).
    static func filmService<Reader: FilmExportReading>(_ reader: Reader.Type) -> FormatDescriptor {
        let s = Reader.service
        return filmService(FilmService(reader), summary: s.summary, aliases: s.aliases, capabilities: s.capabilities, fileExtension: s.fileExtension,
                           write: s.write, writeSwitches: s.writeSwitches, readOptions: s.readOptions).holding(s.holds)
    }
}

extension FilmExportReading {
    /// Every row of the CSV files among `files`, read by `body` as ``CSVTable/eachRow(_:_:_:_:)``
    /// reads them (row, its source reference, its table, file and role). The files go in the
    /// order of their paths inside the export, so the items do not depend on how it was walked;
    /// each is begun in `c` as its role, its header the first record that is not one empty field.
    static func eachCSVRow(_ files: [(ExportFile, FileStats.Kind, ExportContent)], _ c: ItemCollector,
                           _ body: (CSVFile.Record, SourceRef, CSVTable, ExportFile, FileStats.Kind) -> Void) {
        for (file, kind, parsed) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            guard let t = parsed.csv?.table else { continue }
            c.beginFile(file.display, kind: kind)
            t.eachRow(service.name, file, c) { row, src in body(row, src, t, file, kind) }
        }
    }
}
