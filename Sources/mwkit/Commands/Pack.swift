import ArgumentParser
import Foundation
import MWArchive
import MWCore
import MWJobs

/// `mwkit pack BACKUP.json --images DIR -o OUT.zip`: builds a mediawatch-zip from a backup
/// and an image cache directory (files named by TMDb path basename).
struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pack a backup and its cached images into a mediawatch-zip (docs/FORMAT.md, \"ZIP\").",
        discussion: """
        Only images referenced by the backup's records are packed; referenced images missing from DIR are \
        warnings (errors with --require-images). The output appears complete or not at all.
        Exit codes: 0 packed, 1 invalid backup or missing images with --require-images, 2 unreadable input or usage error.
        """)

    @Argument(help: "The backup JSON (v1 or v2; format detected from the content).")
    var input: String

    @Option(help: "Image cache directory: files named by TMDb path basename (abc.jpg), or an unpacked mediawatch-zip.")
    var images: String?

    @Option(name: .shortAndLong, help: "Output ZIP file.")
    var output: String

    @Option(help: "Format of the JSON inside the ZIP: mediawatch-v2 or mediawatch-v1.")
    var json = WritableFormat(.mediawatchV2)

    @Flag(help: "Fail (exit 1, nothing written) when a referenced image is missing.")
    var requireImages = false

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        guard BackupIO.jsonFormats.contains(json.descriptor.name) else { throw ValidationError("--json must be mediawatch-v1 or mediawatch-v2") }
        guard output != "-" else { throw ValidationError("pack writes a file; '-' (stdout) is not supported") }
    }

    func run() throws {
        try prepareOutput(input: input, output: output)
        var o = PackJob.Options(input: input, output: URL(fileURLWithPath: output))
        o.images = images.map { URL(fileURLWithPath: $0) }
        o.json = json.descriptor
        o.readOptions = inputOptions.readOptions()
        o.requireImages = requireImages
        do {
            let diags = try PackJob.run(o) { StandardError.report([$0], verbose: reporting.verbose) }
            reporting.report(diags, path: output)
            let missing = diags.filter { $0.code == DiagnosticCode.zipImageMissing.rawValue }.count
            StandardError.write("packed \(input) → \(output)" + (missing > 0 ? " (\(counted(missing, "referenced image")) missing)" : " (every referenced image included)"))
        } catch is PackJob.NotValid {
            throw CLIExit.failure("\(input) is not a valid backup; nothing was written", code: 1)
        } catch let MWError.invalid(diags) {
            reporting.report(diags, path: output)
            throw CLIExit.failure("nothing was written to \(output)", code: 1)
        } catch { throw CLIExit.from(error) }
    }
}
