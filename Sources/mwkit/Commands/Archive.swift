import ArgumentParser

/// Placeholder until the owning issue lands.
struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "archive", abstract: "(not yet implemented)")
    func run() throws { throw CLIExit.failure("archive is not implemented yet", code: 2) }
}
