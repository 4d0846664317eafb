import Foundation
import MWCore

/// `mwkit verify`, modelled on `restic check`.
public enum ZipVerifier {
    /// Verifies a mediawatch-zip.
    ///
    /// Full mode reads every entry, re-hashes it against the manifest and reports mismatches,
    /// entries listed but absent, entries not listed, images missing for records and images no
    /// record uses, plus the backup JSON's own validation. `quick` checks the structure and the
    /// manifest (presence and sizes from the central directory) without reading image bytes.
    ///
    /// - Parameter path: the name to put in the report (default: `url.path`).
    /// - Throws: ``MWError/io(_:)`` when the file cannot be opened or is not a ZIP (exit 2).
    public static func verify(url: URL, quick: Bool, path: String? = nil, options: ReadOptions = .init(buildLibrary: false),
                              limits: ZipLimits = .init(), strict: Bool = false) throws -> FileReport {
        let i = try ZipInspection.run(url: url, options: options, limits: limits, hashAll: !quick, keepLibrary: false)
        var r = i.result
        r.format = .mediawatchZip
        return FileReport(path: path ?? url.path, read: r, strict: strict)
    }
}
