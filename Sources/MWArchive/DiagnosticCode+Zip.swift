import MWCore

/// Codes of ZIP backups (docs/FORMAT.md "ZIP").
extension DiagnosticCode {
    // ZIP archives (MWArchive, docs/FORMAT.md "ZIP")
    public static let zipCorrupt: DiagnosticCode = "zip-corrupt"
    public static let zipUnsafePath: DiagnosticCode = "zip-unsafe-path"
    public static let zipUnsupportedEntry: DiagnosticCode = "zip-unsupported-entry"
    public static let zipDuplicateEntry: DiagnosticCode = "zip-duplicate-entry"
    public static let zipEncryptedEntry: DiagnosticCode = "zip-encrypted-entry"
    public static let zipLimitExceeded: DiagnosticCode = "zip-limit-exceeded"
    public static let zipNoBackup: DiagnosticCode = "zip-no-backup"
    public static let zipMultipleBackups: DiagnosticCode = "zip-multiple-backups"
    public static let zipNoManifest: DiagnosticCode = "zip-no-manifest"
    public static let zipManifestInvalid: DiagnosticCode = "zip-manifest-invalid"
    public static let zipChecksumMismatch: DiagnosticCode = "zip-checksum-mismatch"
    public static let zipSizeMismatch: DiagnosticCode = "zip-size-mismatch"
    public static let zipEntryMissing: DiagnosticCode = "zip-entry-missing"
    public static let zipEntryUnlisted: DiagnosticCode = "zip-entry-unlisted"
    public static let zipManifestRecord: DiagnosticCode = "zip-manifest-record"
    public static let zipImageMissing: DiagnosticCode = "zip-image-missing"
    public static let zipImageOrphan: DiagnosticCode = "zip-image-orphan"
    public static let zipImageName: DiagnosticCode = "zip-image-name"

    /// Every code declared by MWArchive.
    public static let zip: [DiagnosticCode] = [
        .zipCorrupt,
        .zipUnsafePath,
        .zipUnsupportedEntry,
        .zipDuplicateEntry,
        .zipEncryptedEntry,
        .zipLimitExceeded,
        .zipNoBackup,
        .zipMultipleBackups,
        .zipNoManifest,
        .zipManifestInvalid,
        .zipChecksumMismatch,
        .zipSizeMismatch,
        .zipEntryMissing,
        .zipEntryUnlisted,
        .zipManifestRecord,
        .zipImageMissing,
        .zipImageOrphan,
        .zipImageName,
    ]
}
