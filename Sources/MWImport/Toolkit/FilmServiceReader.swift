import Foundation
import MWCore
import MWFoundation

/// A film/TV service's export reader: how its files are recognised (``ServiceReader``) and
/// read into items. A new service is one file holding a type of this protocol and its
/// ``FormatDescriptor`` (``FormatDescriptor/filmService(_:summary:aliases:capabilities:fileExtension:modelVersion:write:writeSwitches:readOptions:)``),
/// plus one registry line.
public protocol FilmServiceReader: ServiceReader {
    /// Reads the files of one export (all recognised as this service's, each with its role)
    /// into `collector`: one ``ItemCollector/beginFile(_:kind:)`` per file, one
    /// ``ItemCollector/finishRow()`` per record. Never throws: a bad row is reported and skipped.
    func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into collector: ItemCollector, options: ImportOptions)
    /// The columns of its CSV files, for the message about a CSV no reader claims
    /// (``CSVSignature``); none by default.
    var csvSignatures: [CSVSignature] { get }
}

extension FilmServiceReader {
    /// None: a CSV no service claims is then never said to be closest to one of this service's.
    public var csvSignatures: [CSVSignature] { [] }

    /// The service as items and source references name it.
    public var service: ForeignService { ForeignService(rawValue: name) }
}
