import ArgumentParser
import Foundation
import MWCore

extension DateEncoding: ExpressibleByArgument {}
extension ReporterKind: ExpressibleByArgument {}
extension BackupFormat: ExpressibleByArgument {}

/// Options shared by commands that read backups.
struct InputOptions: ParsableArguments {
    @Option(help: "How numeric v1 dates are read: reference (seconds since 2001, the app's), unix, unix-ms, iso8601 (strings only).")
    var dateEncoding: DateEncoding = .reference

    func readOptions(maxErrors: Int? = nil, buildLibrary: Bool = true) -> ReadOptions {
        ReadOptions(dateEncoding: dateEncoding, maxErrors: maxErrors, buildLibrary: buildLibrary)
    }
}

/// Options shared by commands that write a backup JSON.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output file ('-' for stdout).")
    var output: String

    @Flag(inversion: .prefixedNo, help: "Pretty-print JSON (default: v1 compact like the app, v2 pretty).")
    var pretty: Bool?

    var url: URL? { outputURL(output) }
    var writeOptions: WriteOptions { WriteOptions(pretty: pretty) }
}
