import ArgumentParser

/// Placeholder until the owning issue lands.
struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "(not yet implemented)")
    func run() throws { throw CLIExit.failure("restore is not implemented yet", code: 2) }
}
