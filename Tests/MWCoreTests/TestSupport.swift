import Foundation
import MWTestSupport

/// Paths and a process runner shared by the tests.
enum TestSupport {
    /// The repository root (this file is Tests/MWCoreTests/TestSupport.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = root.appendingPathComponent("Samples")

    /// The `mwkit` binary (``MWKitBinary``).
    static var mwkit: URL { MWKitBinary.url }

    typealias Run = MWKitBinary.Run

    /// Runs mwkit with `args` (stdin from `input` when given) and captures everything.
    static func run(_ args: [String], input: Data? = nil, env: [String: String] = [:], cwd: URL? = nil) throws -> Run {
        try MWKitBinary.run(args, input: input, env: env, cwd: cwd)
    }

    /// A fresh temporary directory.
    static func tempDir() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("mwkit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}
