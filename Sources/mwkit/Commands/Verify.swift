import ArgumentParser
import Foundation
import MWArchive
import MWCore
import MWJobs

/// `mwkit verify IN.zip [--quick]`: integrity check of a mediawatch-zip, like `restic check`.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Verify a ZIP backup: re-hash every entry against manifest.json and validate the backup inside.",
        discussion: """
        Full mode reads every entry and reports checksum or size mismatches, entries missing from or not in the \
        manifest, images missing for records or used by none, and the JSON's own validation. --quick checks the \
        structure and the manifest without reading image bytes.
        Exit codes: 0 valid (warnings allowed), 1 invalid (or warnings with --strict), 2 unreadable input or usage error.
        """)

    @Argument(help: "The ZIP backup(s) to verify.")
    var paths: [String]

    @Flag(help: "Check structure and manifest only; do not read image bytes.")
    var quick = false

    @OptionGroup var verdict: VerdictOptions

    @OptionGroup var limits: ZipLimitOptions

    @OptionGroup var input: InputOptions

    func run() throws {
        let (reports, unreadable) = VerifyJob.run(paths, quick: quick, options: input.readOptions(buildLibrary: false),
                                                  limits: limits.limits, strict: verdict.strict)
        verdict.print(reports)
        if unreadable { throw ExitCode(2) }
        if !reports.allSatisfy(\.valid) { throw ExitCode(1) }
    }
}
