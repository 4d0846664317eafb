import Foundation
import MWMacros

/// A row that could not be read.
@PublicMemberwiseInit
public struct MalformedRow: Sendable, Codable, Hashable {
    /// `file:line` for CSV, `file#index` for JSON.
    public var position: String
    public var reason: String
}
