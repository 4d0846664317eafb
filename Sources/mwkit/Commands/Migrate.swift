import ArgumentParser
struct Migrate: ParsableCommand { func run() throws {} }
