import Foundation
import MWCore

/// What happened to one input of a batch: one line of the `--report` JSON Lines file.
public struct BatchOutcome: Sendable, Codable, Equatable {
    /// `done`, `skipped` (output complete and newer than the input) or `failed`.
    public enum Status: String, Sendable, Codable { case done, skipped, failed }

    /// The input path as given.
    public var path: String
    public var status: Status
    /// The output written (or found, when skipped).
    public var output: String?
    /// The format read, and the format written.
    public var formatIn: String?
    public var formatOut: String?
    /// Records per kind, as read.
    public var counts: [String: Int]?
    public var errors: Int
    public var warnings: Int
    /// How often each diagnostic code occurred.
    public var codes: [String: Int]
    /// The reason, for a failure.
    public var message: String?
    public var bytesIn: Int64
    public var bytesOut: Int64
    public var milliseconds: Int

    public init(path: String, status: Status, output: String? = nil, formatIn: String? = nil, formatOut: String? = nil,
                counts: [String: Int]? = nil, diagnostics: [Diagnostic] = [], message: String? = nil,
                bytesIn: Int64 = 0, bytesOut: Int64 = 0, milliseconds: Int = 0) {
        self.path = path
        self.status = status
        self.output = output
        self.formatIn = formatIn
        self.formatOut = formatOut
        self.counts = counts
        self.errors = diagnostics.filter { $0.severity == .error }.count
        self.warnings = diagnostics.filter { $0.severity == .warning }.count
        self.codes = diagnostics.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
        self.message = message
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.milliseconds = milliseconds
    }
}

/// The `--report` file: one JSON object per input, appended and written as each input
/// finishes, so a killed job still leaves a true report of what it did.
public final class BatchReportWriter: Sendable {
    /// Locked while a line is written, so lines from several workers never interleave.
    private let handle: Locked<FileHandle>
    private let encoder: JSONEncoder

    /// Creates (or truncates) the report at `path`.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
            throw MWError.io("cannot create the report \(path)")
        }
        handle = Locked(h)
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// Appends one line. Each line is handed to the kernel at once (no buffering in this
    /// process), so killing the job loses none; no fsync per line, which would cost more
    /// than a small input's whole conversion.
    public func append(_ outcome: BatchOutcome) {
        guard let data = try? encoder.encode(outcome) else { return }
        handle.withLock { $0.write(data + Data("\n".utf8)) }
    }

    deinit { handle.withLock { try? $0.close() } }
}
