import ArgumentParser

/// Placeholder until the owning issue lands.
struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pack", abstract: "(not yet implemented)")
    func run() throws { throw CLIExit.failure("pack is not implemented yet", code: 2) }
}
