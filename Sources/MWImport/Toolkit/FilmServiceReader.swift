import Foundation
import MWCore
import MWFoundation

/// A film/TV service's export reader: how its files are recognised (``ServiceReader``) and
/// read into items. A new service is one file holding a type of this protocol and its
/// ``FormatDescriptor`` (``FormatDescriptor/filmService(_:summary:aliases:capabilities:fileExtension:modelVersion:write:writeSwitches:)``),
/// plus one registry line.
public protocol FilmServiceReader: ServiceReader {
    /// Reads the files of one export (all recognised as this service's, each with its role)
    /// into `collector`: one ``ItemCollector/beginFile(_:kind:)`` per file, one
    /// ``ItemCollector/finishRow()`` per record. Never throws: a bad row is reported and skipped.
    func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into collector: ItemCollector, options: ImportOptions)
}

extension FilmServiceReader {
    /// The service as items and source references name it.
    public var service: ForeignService { ForeignService(rawValue: name) }
}
