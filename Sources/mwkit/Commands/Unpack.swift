import ArgumentParser

/// Placeholder until the owning issue lands.
struct Unpack: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unpack", abstract: "(not yet implemented)")
    func run() throws { throw CLIExit.failure("unpack is not implemented yet", code: 2) }
}
