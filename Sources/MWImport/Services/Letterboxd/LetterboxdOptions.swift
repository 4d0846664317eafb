import MWCore

/// Letterboxd's reader option, declared by its descriptor (``FormatDescriptor/letterboxd``) and
/// read from ``ImportOptions/serviceOptions``: the import command and job pass it on unnamed.
extension ServiceOption {
    /// `--include-deleted`: the export's `deleted/` and `orphaned/` folders read too.
    public static let letterboxdIncludeDeleted = ServiceOption(flag: "include-deleted", help: "Also read Letterboxd's deleted/ and orphaned/ folders.")
}

extension ImportOptions {
    /// Read Letterboxd's `deleted/` and `orphaned/` folders too (off: their rows are counted as ignored).
    public var includeDeleted: Bool {
        get { serviceOptions.isSet(ServiceOption.letterboxdIncludeDeleted.name) }
        set { serviceOptions[ServiceOption.letterboxdIncludeDeleted.name] = newValue ? "" : nil }
    }
}
