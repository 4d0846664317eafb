import Foundation
import MWImport

/// What `mwkit import --from` accepts, and the one place that sends sources to a family of
/// readers. Today one family reads film and TV exports (``MWImport/read(sources:options:)``,
/// which detects each file's service from its content); a second family (book trackers,
/// issue 12) adds its names here and a branch in ``read(_:from:options:)``, and the command,
/// summary and exit codes stay as they are.
public enum ImportSource: String, CaseIterable, Sendable {
    /// Detect every file's service from its content.
    case auto
    case letterboxd, imdb, trakt, tvtime
    /// Book trackers (issue 12): read by ``BookImportJob`` into a books library.
    case goodreads, storygraph, librarything

    /// Whether this choice names a book tracker.
    public var isBooks: Bool { self == .goodreads || self == .storygraph || self == .librarything }

    /// The film/TV services this choice reads; nil for all.
    var services: Set<ForeignService>? {
        switch self {
        case .auto: return nil
        case .letterboxd: return [.letterboxd]
        case .imdb: return [.imdb]
        case .trakt: return [.trakt]
        case .tvtime: return [.tvtime]
        case .goodreads, .storygraph, .librarything: return []
        }
    }

    /// Reads `sources` (export ZIPs, folders, single files, any mix) with the readers `from` names.
    public static func read(_ sources: [URL], from: ImportSource, options: ImportOptions) -> ForeignExport {
        var options = options
        options.services = from.services
        return MWImport.read(sources: sources, options: options)
    }
}
