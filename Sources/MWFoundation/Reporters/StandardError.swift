import Foundation

/// Standard error: where commands put diagnostics and notes (standard output carries only the
/// result a command was asked for). Diagnostics go through ``TextReporter`` so every command
/// prints them the same way: `path:line:col: severity: [code] where: message`.
public enum StandardError {
    /// Writes `text`, adding a newline when it has none.
    public static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints the diagnostics about `path` (an input, or the output they concern), grouped by
    /// code unless `verbose` (see ``TextReporter``).
    public static func report(_ diagnostics: [Diagnostic], path: String, verbose: Bool = false) {
        guard !diagnostics.isEmpty else { return }
        write(TextReporter(verbose: verbose).lines(diagnostics, path: path))
    }

    /// Prints the findings of whole files, with their verdict lines.
    public static func report(_ reports: [FileReport], verbose: Bool = false) {
        write(TextReporter(verbose: verbose).render(reports))
    }
}
