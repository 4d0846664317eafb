import Foundation

/// Standard error: where commands put diagnostics and notes (standard output carries only the
/// result a command was asked for). Diagnostics go through ``TextReporter`` so every command
/// prints them the same way: `path:line:col: severity: [code] where: message`.
public enum StandardError {
    /// Writes `text`, adding a newline when it has none.
    public static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints each diagnostic about `path` (an input, or the output it concerns).
    public static func report(_ diagnostics: [Diagnostic], path: String) {
        guard !diagnostics.isEmpty else { return }
        let r = TextReporter()
        write(diagnostics.map { r.line($0, path: path) }.joined())
    }

    /// Prints the findings of whole files, with their verdict lines.
    public static func report(_ reports: [FileReport]) {
        write(TextReporter().render(reports))
    }
}
