import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why an output cannot be created, in the user's words: the path as they gave it and what is
/// wrong with its folder ("directory /nonexistent/dir does not exist"), never the name of the
/// temporary file an atomic write would have used (README "Exit codes").
public enum OutputPlace {
    /// The error for `url` (the output the user named) whose temporary file or folder could not
    /// be created with `code` (an errno).
    public static func cannotCreate(_ url: URL, errno code: Int32) -> MWError {
        let path = url.relativePath
        if let problem = folderProblem(url) { return .io("cannot write \(path): \(problem)") }
        return .io("cannot write \(path): \(String(cString: strerror(code)))")
    }

    /// Throws ``cannotCreate(_:errno:)``'s error when `url`'s folder cannot take a new file —
    /// for work that makes intermediate files before its output (a ZIP's JSON), so the user
    /// learns it before, and by their path.
    public static func check(_ url: URL) throws {
        if let problem = folderProblem(url) { throw MWError.io("cannot write \(url.relativePath): \(problem)") }
        let dir = url.deletingLastPathComponent().path
        if access(dir, W_OK | X_OK) != 0 { throw cannotCreate(url, errno: errno) }
    }

    /// What is wrong with the folder `url` goes in, nil when it is an existing directory.
    static func folderProblem(_ url: URL) -> String? {
        var isDir: ObjCBool = false
        let parent = url.deletingLastPathComponent()
        let shown = (url.relativePath as NSString).deletingLastPathComponent
        let name = shown.isEmpty ? "." : shown
        if !FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDir) { return "directory \(name) does not exist" }
        if !isDir.boolValue { return "\(name) is not a directory" }
        return nil
    }
}
