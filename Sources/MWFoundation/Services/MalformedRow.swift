import Foundation

/// A row that could not be read.
public struct MalformedRow: Sendable, Codable, Hashable {
    /// `file:line` for CSV, `file#index` for JSON.
    public var position: String
    public var reason: String

    public init(position: String, reason: String) {
        self.position = position
        self.reason = reason
    }
}
