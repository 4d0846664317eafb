import ArgumentParser
import Foundation
import MWCore

/// `mwkit convert IN -o OUT --to FORMAT`: the general converter. The input format is
/// detected from the content, never the extension.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a backup to another format: mediawatch-v1, mediawatch-v2, mediawatch-zip.",
        discussion: "Exit codes: 0 done, 1 invalid input or conversion impossible, 2 unreadable input or usage error.")

    @Argument(help: "The backup to convert ('-' for stdin).")
    var input: String

    @Option(help: "Output format.")
    var to: BackupFormat

    @OptionGroup var out: OutputOptions

    @OptionGroup var inputOptions: InputOptions

    func run() throws {
        do {
            let loaded = try BackupLoader.loadValid(input, options: inputOptions.readOptions())
            let from = loaded.result.formatVersion ?? 1
            let (lib, warnings, _) = try Migrator().migrate(loaded.result.library!, from: from, to: to.jsonVersion)
            var more: [Diagnostic] = []
            switch to {
            case .mediawatchV1, .mediawatchV2:
                more = try BackupIO.write(lib, as: to, to: out.url, options: out.writeOptions)
            case .mediawatchZip:
                more = try ConvertSupport.writeZip(lib, loaded: loaded, output: out.output)
            }
            for d in warnings + more { printErr("\(d.severity.rawValue): [\(d.code)] \(d.message)") }
            printErr("converted \(input) (\(loaded.result.format?.rawValue ?? "?")) → \(out.output) (\(to.rawValue))")
        } catch { throw CLIExit.from(error) }
    }
}

/// ZIP output of `convert`; wired to MWArchive.
enum ConvertSupport {
    static func writeZip(_ lib: Library, loaded: LoadedBackup, output: String) throws -> [Diagnostic] {
        throw MWError.usage("ZIP output is not supported by this build")
    }
}
