import ArgumentParser

/// Placeholder until the owning issue lands.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "strip", abstract: "(not yet implemented)")
    func run() throws { throw CLIExit.failure("strip is not implemented yet", code: 2) }
}
