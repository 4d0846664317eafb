import ArgumentParser

/// Placeholder until the owning issue lands.
struct Hydrate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hydrate", abstract: "(not yet implemented)")
    func run() throws { throw CLIExit.failure("hydrate is not implemented yet", code: 2) }
}
