import ArgumentParser

/// Placeholder until the owning issue lands.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verify", abstract: "(not yet implemented)")
    func run() throws { throw CLIExit.failure("verify is not implemented yet", code: 2) }
}
