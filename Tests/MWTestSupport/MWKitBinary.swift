import Foundation

/// The built `mwkit` binary, for the tests that run it end to end: one place that finds it and
/// runs it (every test target's CLI tests go through here). A test target whose tests run it
/// declares the `mwkit` executable among its dependencies (Package.swift), so it is built first.
public enum MWKitBinary {
    /// The repository root (this file is Tests/MWTestSupport/MWKitBinary.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary built beside the test bundle, else `.build/debug/mwkit`.
    public static var url: URL {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let u = dir.appendingPathComponent("mwkit")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        return root.appendingPathComponent(".build/debug/mwkit")
    }

    /// What a run printed and how it ended.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// A process running mwkit with `args`, its environment this process's with `env` laid over
    /// (a nil value removes a variable), not yet started.
    public static func process(_ args: [String], env: [String: String?] = [:], cwd: URL? = nil) -> Process {
        let p = Process()
        p.executableURL = url
        p.arguments = args
        if let cwd { p.currentDirectoryURL = cwd }
        var e = ProcessInfo.processInfo.environment
        for (k, v) in env { e[k] = v }
        p.environment = e
        return p
    }

    /// Runs mwkit with `args` (standard input from `input`) and captures everything. Blocks the
    /// calling thread: from async code that an in-process server must keep answering, use
    /// ``runDetached(_:input:env:cwd:)``.
    public static func run(_ args: [String], input: Data? = nil, env: [String: String?] = [:], cwd: URL? = nil) throws -> Run {
        let p = process(args, env: env, cwd: cwd)
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let input { inp.fileHandleForWriting.write(input) }
        try inp.fileHandleForWriting.close()
        // Both pipes drain at once: a child filling one while we wait on the other would hang.
        let group = DispatchGroup()
        nonisolated(unsafe) var e = Data()
        group.enter()
        DispatchQueue.global().async { e = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// ``run(_:input:env:cwd:)`` waiting off Swift's cooperative threads.
    public static func runDetached(_ args: [String], input: Data? = nil, env: [String: String?] = [:], cwd: URL? = nil) async throws -> Run {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Run, Error>) in
            Thread.detachNewThread {
                do { c.resume(returning: try run(args, input: input, env: env, cwd: cwd)) } catch { c.resume(throwing: error) }
            }
        }
    }
}
