import Foundation
import MWCore
import MWFoundation

/// A film/TV service's reader as static functions (each service's `…Reader` in its folder):
/// how one file is recognised and how the files of one export are read. A descriptor names the
/// type and its service once (``FilmService/init(_:displayName:shapes:jsonObjectNeedles:reader:)``),
/// as book trackers are declared (`BookTrackerReader`), instead of a closure around each function.
protocol FilmExportReading: SendableMetatype {
    /// The file's role in this service's export; nil when it is not one of its files.
    static func detect(_ file: ExportFile, _ content: ExportContent) -> FileStats.Kind?
    /// Reads the files of one export into `collector`, as ``FilmServiceReader/read(_:into:options:)``
    /// says; a reader with no options of its own leaves `options` unread.
    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into collector: ItemCollector, options: ImportOptions)
}

extension FilmService {
    /// The service `service` (its registry name), read by `reader`; `displayName`, `shapes` and
    /// `jsonObjectNeedles` as for ``init(name:displayName:shapes:jsonObjectNeedles:detect:read:)``.
    init<Reader: FilmExportReading>(_ service: ForeignService, displayName: String, shapes: Set<ContentShape>,
                                    jsonObjectNeedles: [String] = [], reader: Reader.Type) {
        self.init(name: service.rawValue, displayName: displayName, shapes: shapes, jsonObjectNeedles: jsonObjectNeedles,
                  detect: { Reader.detect($0, $1) }, read: { Reader.read($0, into: $1, options: $2) })
    }
}
