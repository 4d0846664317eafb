import ArgumentParser
import Foundation
import MWCore
import MWJobs

extension DateEncoding: ExpressibleByArgument {}
extension ReporterKind: ExpressibleByArgument {}

/// Options shared by commands that read backups.
struct InputOptions: ParsableArguments {
    @Option(help: "How numeric v1 dates are read: reference (seconds since 2001, the app's), unix, unix-ms, iso8601 (strings only).")
    var dateEncoding: DateEncoding = .reference

    func readOptions(maxErrors: Int? = nil, buildLibrary: Bool = true) -> ReadOptions {
        ReadOptions(dateEncoding: dateEncoding, maxErrors: maxErrors, buildLibrary: buildLibrary)
    }
}

/// Options shared by commands that write a backup.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output file ('-' for standard output, for formats that can stream).")
    var output: String

    @Flag(inversion: .prefixedNo, help: "Pretty-print JSON (default: v1 compact like the app, v2 pretty).")
    var pretty: Bool?

    var url: URL? { outputURL(output) }
    var writeOptions: WriteOptions { WriteOptions(pretty: pretty) }
}

/// A writable format named on the command line (`--to`), looked up in the format registry;
/// `--help` lists the registry's writable formats.
struct WritableFormat: ExpressibleByArgument {
    let descriptor: FormatDescriptor

    init(_ descriptor: FormatDescriptor) { self.descriptor = descriptor }

    init?(argument: String) {
        guard let d = FormatRegistry.standard.format(named: argument), d.isWritable else { return nil }
        descriptor = d
    }

    static var allValueStrings: [String] {
        FormatRegistry.standard.formats.filter(\.isWritable).flatMap(\.names)
    }
    var defaultValueDescription: String { descriptor.name.rawValue }
}

/// The formats section of `--help`: one line per registered format.
let formatsHelp = "Formats:\n" + FormatRegistry.standard.helpText.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
