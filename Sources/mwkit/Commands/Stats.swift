import ArgumentParser
struct Stats: ParsableCommand { func run() throws {} }
