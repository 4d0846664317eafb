import Foundation
import MWFoundation
import MWMacros

/// Files an earlier step already read and parsed (`mwkit import`'s routing, which must look
/// inside every source to tell book exports from film ones): handed to ``MWImport/read(sources:options:)``
/// through ``ImportOptions/prepared``, so each file is opened and parsed once.
public final class PreparedFiles: @unchecked Sendable {
    /// One file: its bytes and its content, parsed under the name the import shows it by.
    @PublicMemberwiseInit
    public struct File {
        public let display: String
        public let bytes: [UInt8]
        public let content: ExportContent
    }

    // Filled by the routing, then emptied by the one import it is handed to, in turn: no lock needed.
    private var byPath: [String: File] = [:]

    public init() {}

    /// Keeps `file`'s bytes and content for the file at `url`.
    public func add(_ url: URL, _ file: File) { byPath[url.standardizedFileURL.path] = file }

    /// What was kept for the file at `url`, handed over: no longer held here, so a file's
    /// content is freed with the import's own copy.
    func take(_ url: URL) -> File? { byPath.removeValue(forKey: url.standardizedFileURL.path) }

    /// Whether the film import never opens a file of this name (``WithheldFiles``: credentials,
    /// profile data): not to be read whole, nor kept, on its way there.
    public static func isWithheld(_ name: String) -> Bool { WithheldFiles.reason(forName: name) != nil }

    /// How the import shows a file `inner` found under the folder `root` as the user gave it
    /// (``ExportInput``, and the routing that parses files under that name).
    public static func display(root: URL, inner: String) -> String {
        let given = root.relativePath
        return given.hasSuffix("/") ? given + inner : given + "/" + inner
    }
}
