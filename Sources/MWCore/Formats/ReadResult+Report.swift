extension EntityCounts {
    /// The counts as a report shows them: every entity in JSON, lists/titles/episodes/notes in text.
    public var report: ReportCounts {
        ReportCounts([.init("lists", lists), .init("listItems", listItems), .init("titles", titles),
                      .init("episodes", episodes), .init("notes", notes), .init("preferences", preferences)],
                     summary: ["lists", "titles", "episodes", "notes"])
    }
}

extension FileReport {
    /// The report of a backup read from `path`: its format, counts and every diagnostic.
    /// `strict` makes warnings count against validity (`--strict`).
    public init(path: String, read r: ReadResult, strict: Bool = false) {
        self.init(path: path, format: r.format?.rawValue, formatVersion: r.formatVersion, variant: r.variant,
                  valid: r.isValid && !(strict && r.warningCount > 0), counts: r.reportCounts ?? r.counts.report,
                  diagnostics: r.diagnostics)
    }

    /// The report of an input that could not be read at all.
    public static func unreadable(_ path: String, _ message: String) -> FileReport {
        FileReport(path: path, format: nil, formatVersion: nil, valid: false, counts: EntityCounts().report, diagnostics: [.error(.ioUnreadable, message)])
    }
}
