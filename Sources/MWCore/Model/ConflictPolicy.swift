/// How a merge settles a record present on both sides (`--on-conflict`), for every family:
/// `restore --strategy merge` of films and of books, and `import --merge-into` of books, which
/// goes through the same book merge. One vocabulary, documented once in docs/BOOKS.md
/// "Conflict policies" (the film rules in docs/DATABASE.md point there).
///
/// Whatever the policy, a merge never drops user data it can keep: values the winner lacks are
/// filled from the other side, tags and id lists are united, notes are never dropped.
public enum ConflictPolicy: String, Sendable, CaseIterable, Codable {
    /// The existing (database's, merged-into library's) values stay; the other side only fills
    /// what they lack. The films' default.
    case keep
    /// The record with the later modification date wins — `dateModified` (films),
    /// `lastModified` (books); a missing date counts as the distant past and a tie keeps the
    /// existing record. The books' default, for restore and import alike.
    case newer
    /// The incoming (backup's, import's) values win.
    case theirs
    /// `newer`, except what a union means for the record: films — watched if either is, the
    /// earliest watchedDate and dateAdded; books — read if either side is, the earliest finished
    /// read (its start and finish together).
    case union
}
