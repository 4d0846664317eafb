import ArgumentParser
import Foundation
import MWArchive
import MWCore
import MWJobs

/// `mwkit unpack IN.zip -o DIR`: safe, atomic extraction of a ZIP backup.
struct Unpack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Extract a ZIP backup into a new directory, safely and atomically.",
        discussion: """
        Entries are checked first (no '..' or absolute paths, no links or devices, no duplicates, no encryption, \
        size limits) and hashed against manifest.json; any problem aborts with nothing written. DIR must not exist \
        (or be empty). Exit codes: 0 unpacked, 1 unsafe or corrupt archive, 2 unreadable input or usage error.
        """)

    @Argument(help: "The ZIP to extract.")
    var input: String

    @Option(name: .shortAndLong, help: "Directory to create.")
    var output: String

    @OptionGroup var limits: ZipLimitOptions

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        do {
            let (diags, files) = try UnpackJob.run(URL(fileURLWithPath: input), to: URL(fileURLWithPath: output), limits: limits.limits)
            reporting.report(diags, path: input)
            StandardError.write("unpacked \(counted(files, "file")) from \(input) into \(output)")
        } catch let MWError.invalid(diags) {
            reporting.report(diags, path: input)
            throw CLIExit.failure("\(input) was not unpacked; nothing was written", code: 1)
        } catch { throw CLIExit.from(error) }
    }
}

/// Limits against decompression bombs, shared by the ZIP commands (defaults: docs/FORMAT.md).
struct ZipLimitOptions: ParsableArguments {
    @Option(help: "Most entries accepted in a ZIP.")
    var maxEntries: Int = ZipLimits().maxEntries

    @Option(help: "Most uncompressed bytes accepted over all entries (suffixes K, M, G allowed).")
    var maxTotalSize: ByteCount = ByteCount(ZipLimits().maxTotalBytes)

    @Option(help: "Highest uncompressed/compressed ratio accepted for an entry larger than 1 MiB.")
    var maxRatio: Int = ZipLimits().maxRatio

    func validate() throws {
        guard maxEntries > 0, maxTotalSize.bytes > 0, maxRatio > 0 else {
            throw ValidationError("--max-entries, --max-total-size and --max-ratio must be positive")
        }
    }

    var limits: ZipLimits {
        var l = ZipLimits()
        l.maxEntries = maxEntries
        l.maxTotalBytes = maxTotalSize.bytes
        l.maxRatio = maxRatio
        return l
    }
}

/// A byte count given as a number with an optional K/M/G suffix (powers of 1024).
struct ByteCount: ExpressibleByArgument, CustomStringConvertible {
    var bytes: Int64
    init(_ bytes: Int64) { self.bytes = bytes }
    init?(argument: String) {
        let s = argument.uppercased()
        let mult: Int64 = s.hasSuffix("G") ? 1 << 30 : s.hasSuffix("M") ? 1 << 20 : s.hasSuffix("K") ? 1 << 10 : 1
        guard let n = Int64(mult == 1 ? s : String(s.dropLast())), n >= 0, n <= Int64.max / mult else { return nil }
        bytes = n * mult
    }
    var description: String { bytes % (1 << 30) == 0 ? "\(bytes >> 30)G" : "\(bytes)" }
    var defaultValueDescription: String { description }
}
