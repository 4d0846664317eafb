import Foundation
import MWArchive
import MWCore

/// A backup read from a path (or stdin), whatever its format.
struct LoadedBackup {
    var path: String
    var result: ReadResult
    /// Set when the input was a ZIP: its images can feed a ZIP output.
    var zip: ZipReadResult? = nil
    /// A temporary copy of a ZIP read from stdin, kept while its images may be needed.
    var stdinCopy: TemporaryFile? = nil
}

extension LoadedBackup {
    /// The library read, migrated so JSON format `version` can hold it (v1→v2 keeps every
    /// value; v2→v1 reports what it drops). Only for backups loaded with ``BackupLoader/loadValid``.
    func library(migratedTo version: Int) throws -> (library: Library, diagnostics: [Diagnostic], steps: [String]) {
        try Migrator().migrate(result.library!, from: result.formatVersion ?? 1, to: version)
    }
}


/// Reads any backup mwkit understands, deciding the format from the content.
enum BackupLoader {
    /// Reads `path` ("-" = stdin). Throws ``MWError/io(_:)`` when it cannot be read at all.
    static func load(_ path: String, options: ReadOptions) throws -> LoadedBackup {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            if BackupIO.detect(prefix: data.prefix(8)) == .zip {
                let tmp = TemporaryFile(url: TemporaryItems.path("stdin", suffix: ".zip"))
                try data.write(to: tmp.url)
                var loaded = try loadZip(path, url: tmp.url, options: options)
                loaded.stdinCopy = tmp
                return loaded
            }
            return LoadedBackup(path: path, result: BackupIO.read(data: [UInt8](data), options: options))
        }
        let url = URL(fileURLWithPath: path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw MWError.io("\(path): no such file") }
        if isDir.boolValue { throw MWError.io("\(path) is a directory") }
        switch try BackupIO.detect(url: url) {
        case .zip: return try loadZip(path, url: url, options: options)
        default: return LoadedBackup(path: path, result: try BackupIO.read(url: url, options: options))
        }
    }

    static func loadZip(_ path: String, url: URL, options: ReadOptions) throws -> LoadedBackup {
        let z = try ZipBackup.read(url: url, options: options)
        return LoadedBackup(path: path, result: z.result, zip: z)
    }

    /// Loads a backup and insists it is valid: prints its diagnostics to stderr and throws
    /// exit code 1 when it has errors. Warnings are printed and reading goes on.
    static func loadValid(_ path: String, options: ReadOptions) throws -> LoadedBackup {
        let loaded = try load(path, options: options)
        let r = loaded.result
        if !r.diagnostics.isEmpty {
            let report = FileReport(path: path, read: r)
            printErr(TextReporter().render([report]))
        }
        guard r.isValid, r.library != nil else {
            throw CLIExit.failure("\(path) is not a valid backup; nothing was written", code: 1)
        }
        return loaded
    }
}
