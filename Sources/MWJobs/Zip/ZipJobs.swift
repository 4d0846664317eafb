import Foundation
import MWArchive
import MWCore

/// `mwkit verify` as a job: each ZIP backup's entries re-hashed against its manifest and the
/// backup inside validated (``ZipVerifier``).
public enum VerifyJob {
    /// One report per path, in order, and whether any could not be read at all (exit 2).
    public static func run(_ paths: [String], quick: Bool, options: ReadOptions, limits: ZipLimits,
                           strict: Bool) -> (reports: [FileReport], unreadable: Bool) {
        var reports: [FileReport] = []
        var unreadable = false
        for path in paths {
            do {
                reports.append(try ZipVerifier.verify(url: URL(fileURLWithPath: path), quick: quick, path: path,
                                                      options: options, limits: limits, strict: strict))
            } catch {
                unreadable = true
                reports.append(.unreadable(path, (error as? MWError)?.description ?? "\(error)"))
            }
        }
        return (reports, unreadable)
    }
}

/// `mwkit unpack` as a job: a ZIP backup checked whole, then extracted atomically into a new
/// directory (``ZipUnpacker``).
public enum UnpackJob {
    /// The warnings and how many files were written. Throws ``MWError/invalid(_:)`` for an
    /// unsafe or corrupt archive (nothing written), another ``MWError`` for unreadable input.
    public static func run(_ zip: URL, to directory: URL, limits: ZipLimits) throws -> (diagnostics: [Diagnostic], files: Int) {
        try ZipUnpacker.unpack(url: zip, to: directory, limits: limits)
    }
}
