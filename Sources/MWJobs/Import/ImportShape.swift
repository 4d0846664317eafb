import Foundation
import MWCore
import MWFoundation

/// What both import jobs are asked (film/TV: ``ImportJobOptions``; books:
/// ``BookImportJob/Options``): the same sources, output, review file, `--from`, registry, dry
/// run and strictness, checked the same way.
public protocol ImportRequest: Sendable {
    /// Export ZIPs, folders, single files.
    var sources: [URL] { get }
    /// The library to write; nil with a dry run.
    var output: URL? { get }
    /// The format written (of the family the sources import into).
    var format: FormatDescriptor { get }
    /// `--review FILE`: what waits for a decision.
    var reviewFile: URL? { get }
    /// `--overrides FILE`: decisions read back from a review file.
    var overridesFile: URL? { get }
    /// `--from`: only this service's files (nil: every service, each file by its content).
    var from: String? { get }
    /// The formats known; the services read are its services of the job's family.
    var registry: FormatRegistry { get }
    /// Read and report; write nothing.
    var dryRun: Bool { get }
    /// Rows left in review fail the run.
    var strict: Bool { get }
}

extension ImportRequest {
    /// The problem every import shares with these options, as a usage message; nil when none.
    public var commonUsageProblem: String? {
        if sources.isEmpty { return "give at least one SOURCE: an export ZIP, the folder it unpacks to, or its files" }
        if let o = output, sources.contains(where: { $0.standardizedFileURL.path == o.standardizedFileURL.path }) {
            return "the output \(o.path) is one of the sources; mwkit never modifies its input"
        }
        if let from, registry.format(named: from)?.isService != true {
            return "--from \(from): not a service mwkit imports; one of \(registry.services.map(\.name.rawValue).joined(separator: ", ")) (or auto)"
        }
        return nil
    }
}

/// What both import jobs report: the summary in text and JSON, the problems, and the exit code
/// they make (0: every row imported or placed in review; 1: rows malformed or not imported, or
/// left in review under `--strict`). Usage errors and unreadable inputs are thrown (exit 2).
public protocol ImportOutcome: Sendable {
    /// 0 or 1.
    var exitCode: Int32 { get }
    /// Why the exit code is 1, one line each.
    var problems: [String] { get }
    /// Every diagnostic, for the reporters.
    var diagnostics: [Diagnostic] { get }
    /// The summary as text.
    func text() -> String
    /// The summary as JSON (sorted keys).
    func json() throws -> String
}

extension ImportReport: ImportOutcome {}

extension BookImportJob.Outcome: ImportOutcome {
    public var diagnostics: [Diagnostic] { result.diagnostics }
}

extension ImportJobOptions: ImportRequest {}
extension BookImportJob.Options: ImportRequest {}
