import Foundation
import MWImport
import MWCore
import MWJobs

// The film imports read with the registry's film services, the one list of them (issue 29):
// the tests' short forms of what the jobs pass.

extension ImportOptions {
    /// Every registered film service; Letterboxd's `--include-deleted` as asked.
    init(includeDeleted: Bool = false) {
        self.init(readers: FormatRegistry.standard.filmReaders)
        self.includeDeleted = includeDeleted
    }
}

extension MWImport {
    static func read(sources: [URL]) -> ForeignExport {
        read(sources: sources, options: ImportOptions())
    }
}
