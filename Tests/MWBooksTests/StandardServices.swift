import Foundation
import MWBooks
import MWCore
import MWJobs

// The book imports read with the registry's book services, the one list of them (issue 29):
// the tests' short forms of the calls the jobs make.

extension BookImport {
    static func run(urls: [URL], into existing: consuming BookLibrary = BookLibrary(), options: BookImportOptions = BookImportOptions()) -> BookImportResult {
        run(urls: urls, into: consume existing, options: options, services: FormatRegistry.standard.bookReaders)
    }

    static func run(urls: [URL], mergingInto existing: () throws -> BookMergeTarget, options: BookImportOptions = BookImportOptions()) rethrows -> BookImportResult {
        try run(urls: urls, mergingInto: existing, options: options, services: FormatRegistry.standard.bookReaders)
    }
}

extension BookExportReader {
    static func read(_ url: URL) -> BookFileRead {
        read(url, services: FormatRegistry.standard.bookReaders)
    }

    static func read(bytes: [UInt8], name: String) -> BookFileRead {
        read(bytes: bytes, name: name, services: FormatRegistry.standard.bookReaders)
    }
}
