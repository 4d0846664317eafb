import Foundation

/// Paths and a process runner shared by the tests.
enum TestSupport {
    /// The repository root (this file is Tests/MWCoreTests/TestSupport.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = root.appendingPathComponent("Samples")

    /// The `mwkit` binary built beside the test bundle.
    static var mwkit: URL {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let u = dir.appendingPathComponent("mwkit")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        return root.appendingPathComponent(".build/debug/mwkit")
    }

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    /// Runs mwkit with `args` (stdin from `input` when given) and captures everything.
    static func run(_ args: [String], input: Data? = nil, env: [String: String] = [:], cwd: URL? = nil) throws -> Run {
        let p = Process()
        p.executableURL = mwkit
        if let cwd { p.currentDirectoryURL = cwd }
        p.arguments = args
        var e = ProcessInfo.processInfo.environment
        for (k, v) in env { e[k] = v }
        p.environment = e
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let input { inp.fileHandleForWriting.write(input) }
        try inp.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let r = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: r, as: UTF8.self))
    }

    /// A fresh temporary directory.
    static func tempDir() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("mwkit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}
