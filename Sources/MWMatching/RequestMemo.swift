import Foundation
import MWFoundation
import MWImport

/// One answer per distinct request within a run. The client's cache stores a response only
/// once it has arrived, so two lookups asking the same thing at the same time (two films
/// titled `Heat` of different years share the unfiltered search) would both reach the
/// network; here the second waits for the first. Failures are remembered too, so a request
/// that failed after the client's retries is not sent again for every item that needs it.
actor RequestMemo {
    private var tasks: [String: Task<any Sendable, Error>] = [:]

    /// The answer for `key`, running `fetch` only the first time.
    func value<T: Sendable>(_ key: String, _ fetch: @escaping @Sendable () async throws -> T) async throws -> T {
        if let t = tasks[key] { return try await t.value as! T }
        let t = Task<any Sendable, Error> { try await fetch() }
        tasks[key] = t
        return try await t.value as! T
    }
}
