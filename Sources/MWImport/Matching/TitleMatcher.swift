import MWFoundation

/// What an import asks of matching: each item's TMDb ID, or why it waits in review. The
/// import's readers and builders know matching only through this protocol; the matcher that
/// asks TMDb (`TMDbMatcher`, in the MWMatching target) is the one that links the TMDb client.
public protocol TitleMatcher: Sendable {
    /// Matches `items`; `overrides` (decisions read back from a review file) win over
    /// everything. Throws only for what stops a whole run (credentials refused); every other
    /// failure sends the items concerned to review. `progress` gets (lookups done, lookups to do).
    func match(_ items: [ForeignItem], overrides: MatchOverrides,
               progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) async throws -> MatchResult
}
