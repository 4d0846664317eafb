import ArgumentParser
struct Validate: ParsableCommand { func run() throws {} }
