import ArgumentParser
import Foundation
import MWCore
import MWJobs

/// `mwkit validate PATH…`: structural and semantic validation of backups (JSON or ZIP).
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate backup files (v1, v2, ZIP); directories are searched recursively for *.json and *.zip.",
        discussion: "Exit codes: 0 all valid (warnings allowed), 1 some invalid (or warnings with --strict), 2 unreadable input or usage error.")

    @Argument(help: "Files or directories to validate; '-' reads standard input.")
    var paths: [String]

    @OptionGroup var verdict: VerdictOptions

    @Option(help: "Stop reporting after this many errors per file.")
    var maxErrors: Int?

    @OptionGroup var input: InputOptions

    func validate() throws {
        if let m = maxErrors, m < 1 { throw ValidationError("--max-errors must be at least 1") }
    }

    func run() throws {
        // Files as given (a missing one is reported as unreadable), directories searched.
        let files: [String]
        do {
            files = try paths.flatMap { p -> [String] in
                var isDir: ObjCBool = false
                guard p != "-", FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue else { return [p] }
                return try BatchInputs.expand([p]).map(\.path)
            }
        } catch { throw CLIExit.from(error) }
        // Filled by the workers, one slot each; read once they have all finished.
        let results = Locked((reports: [FileReport?](repeating: nil, count: files.count), unreadable: false))
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let path = files[i]
            let report: FileReport
            var bad = false
            do {
                let r = try BackupLoader().load(path, options: input.readOptions(maxErrors: maxErrors, buildLibrary: false)).result
                report = FileReport(path: path, read: r, strict: verdict.strict)
            } catch {
                bad = true
                let msg = (error as? MWError)?.description ?? "\(error)"
                report = .unreadable(path, msg)
            }
            results.withLock {
                $0.reports[i] = report
                if bad { $0.unreadable = true }
            }
        }
        let (reports, unreadable) = results.withLock { ($0.reports, $0.unreadable) }
        let all = reports.compactMap { $0 }
        verdict.print(all)
        if unreadable { throw ExitCode(2) }
        if !all.allSatisfy(\.valid) { throw ExitCode(1) }
    }
}
