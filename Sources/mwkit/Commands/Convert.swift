import ArgumentParser
struct Convert: ParsableCommand { func run() throws {} }
