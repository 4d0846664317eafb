import ArgumentParser

/// The `mwkit` command: a thin shell over the MW* library targets, one subcommand per file.
@main
struct MWKit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mwkit",
        abstract: "Back up, validate, migrate, convert and restore MediaWatch data.",
        discussion: """
        Exit codes: 0 success / valid, 1 invalid input or failed operation, 2 unreadable input or usage error.
        """,
        version: "0.1.0",
        subcommands: [
            Validate.self, Migrate.self, Convert.self, Stats.self,
            Pack.self, Unpack.self, Verify.self,
            Restore.self, Archive.self,
            Strip.self, Hydrate.self,
        ]
    )
}
