import ArgumentParser
import MWCore

/// The options of the commands that say valid or not (`validate`, `verify`, `check`), declared
/// once: the reporter's style, `--strict` and `--verbose`.
struct VerdictOptions: ParsableArguments {
    @Option(help: "Output style: text, json, github, junit, sarif (SARIF 2.1.0).")
    var format: ReporterKind = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @OptionGroup var reporting: ReportingOptions

    /// Prints `reports` on standard output in the chosen style.
    func print(_ reports: [FileReport]) {
        Swift.print(format.reporter(verbose: reporting.verbose, toolVersion: MWKit.versionNumber).render(reports), terminator: "")
    }
}
