import Foundation

/// A compact, case-insensitive key for a record id: 16 bytes when the id is a UUID (the
/// normal case), the raw string otherwise. Keeps the validator's indexes small for large files.
enum IDKey: Hashable {
    case uuid(UUID)
    case raw(String)

    init(_ s: String) {
        if s.utf8.count == 36, let u = UUID(uuidString: s) { self = .uuid(u) } else { self = .raw(s) }
    }

    var isUUID: Bool { if case .uuid = self { return true } else { return false } }
}
