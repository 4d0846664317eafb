import ArgumentParser
import Foundation
import MWCore
import MWJobs
import MWStore

/// The `mwkit` command: a thin shell over the MW* library targets, one subcommand per file.
@main
struct MWKit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mwkit",
        abstract: "Back up, validate, migrate, convert and restore MediaWatch data.",
        discussion: """
        Other services' exports read (import, validate; see `mwkit formats`): films and TV: \
        \(FormatRegistry.standard.serviceList(.films, "and")); books: \(FormatRegistry.standard.serviceList(.books, "and")).

        Exit codes: 0 success / valid, 1 invalid input or failed operation, 2 unreadable input or usage error.
        """,
        version: "\(versionNumber) (git \(GeneratedBuildInfo.commit))",
        subcommands: [
            Validate.self, Migrate.self, Convert.self, Stats.self,
            Pack.self, Unpack.self, Verify.self,
            Restore.self, Archive.self, Check.self,
            Strip.self, Hydrate.self, Import.self, Formats.self,
            Report.self, Review.self,
        ]
    )

    /// The release number; `make dist` names its tarball after it. `--version` adds the git
    /// commit the binary was built from (generated at build time by Plugins/BuildInfo).
    static let versionNumber = "0.1.0"

    /// Runs the command, mapping argument errors to the documented exit code 2 (usage error)
    /// instead of swift-argument-parser's 64.
    static func main() async {
        // The CLI owns its process, so it may set SQLite's process-wide options (the library
        // leaves that choice to whoever embeds it).
        LibraryStore.applyProcessWideSQLiteOptions()
        do {
            var command = try parseAsRoot()
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let message = fullMessage(for: error)
                FileHandle.standardError.write(Data((message + "\n").utf8))
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
