import Foundation
import MWCore
import MWFoundation

/// A film/TV service as the registry knows it, made of its reader's two functions: how a file
/// is recognised (its role) and how the files of one export are read. Every built-in service
/// is one of these, so a service's folder holds its reader and its descriptor, not a type that
/// only hands the calls on.
public struct FilmService: FilmServiceReader {
    public let name: String
    public let displayName: String
    public let shapes: Set<ContentShape>
    public let jsonObjectNeedles: [String]
    public let csvSignatures: [CSVSignature]
    private let detect: @Sendable (ExportFile, ExportContent) -> FileStats.Kind?
    private let readFiles: @Sendable ([(ExportFile, FileStats.Kind, ExportContent)], ItemCollector, ImportOptions) -> Void

    /// `detect` gives a file's role in the service's export (nil: not its file); `read` reads
    /// the files of one export into the collector (see ``FilmServiceReader``).
    public init(name: String, displayName: String, shapes: Set<ContentShape>, jsonObjectNeedles: [String] = [], csvSignatures: [CSVSignature] = [],
                detect: @escaping @Sendable (ExportFile, ExportContent) -> FileStats.Kind?,
                read: @escaping @Sendable ([(ExportFile, FileStats.Kind, ExportContent)], ItemCollector, ImportOptions) -> Void) {
        self.name = name
        self.displayName = displayName
        self.shapes = shapes
        self.jsonObjectNeedles = jsonObjectNeedles
        self.csvSignatures = csvSignatures
        self.detect = detect
        self.readFiles = read
    }

    public func role(of file: ExportFile, _ content: ExportContent) -> String? { detect(file, content)?.rawValue }

    public func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into collector: ItemCollector, options: ImportOptions) {
        readFiles(files, collector, options)
    }
}
